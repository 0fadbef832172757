using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// A communicator (MPI_Comm). The predefined ones (<see cref="cMPI.COMM_WORLD"/>, <see cref="cMPI.COMM_SELF"/>)
/// are shared by every rank of an in-process job; their rank and size resolve through the calling rank's context.
/// Each communicator has its own context id, so messages sent on one never match receives on another;
/// collectives use a second, internal context of the same communicator.
/// </summary>
public sealed class Comm
{
    private enum Shape { World, Self }

    private readonly Shape shape;

    /// <summary>The C name, e.g. "MPI_COMM_WORLD".</summary>
    public string Name { get; }

    /// <summary>Context id; point-to-point traffic uses <c>2*id</c>, collectives <c>2*id+1</c>.</summary>
    internal int ContextId { get; }
    internal int P2PContext => 2 * ContextId;
    internal int CollectiveContext => 2 * ContextId + 1;

    private Comm(string name, int contextId, Shape shape)
    {
        Name = name;
        ContextId = contextId;
        this.shape = shape;
    }

    internal static readonly Comm World = new("MPI_COMM_WORLD", 0, Shape.World);
    internal static readonly Comm Self = new("MPI_COMM_SELF", 1, Shape.Self);

    public override string ToString() => Name;

    internal int SizeIn(RankContext ctx) => shape == Shape.World ? ctx.WorldSize : 1;
    internal int RankIn(RankContext ctx) => shape == Shape.World ? ctx.WorldRank : 0;
    internal int ToWorld(RankContext ctx, int rank) => shape == Shape.World ? rank : ctx.WorldRank;
}
