using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// A communicator (MPI_Comm). The predefined ones (<see cref="cMPI.COMM_WORLD"/>, <see cref="cMPI.COMM_SELF"/>)
/// are shared by every rank of an in-process job; their rank and size resolve through the calling rank's context.
/// Communicators made by <see cref="cMPI.Comm_split"/> / <see cref="cMPI.Comm_dup"/> belong to one rank and list
/// their members' world ranks. Each communicator has its own context id, so messages sent on one never match
/// receives on another; collectives use a second, internal context of the same communicator.
/// </summary>
public sealed class Comm
{
    private enum Shape { World, Self, Group, Inter, Null }

    private readonly Shape shape;
    private readonly int[]? worldRanks;  // Group, Inter: world rank of each member (of the local group), by rank
    private readonly int myRank;         // Group, Inter: the owner's rank in it
    private readonly int[]? remoteRanks; // Inter: world rank of each member of the remote group

    /// <summary>The C name, e.g. "MPI_COMM_WORLD", or a generated one for derived communicators.</summary>
    public string Name { get; }

    /// <summary>Context id; point-to-point traffic uses <c>2*id</c>, collectives <c>2*id+1</c>.</summary>
    internal int ContextId { get; }
    internal int P2PContext => 2 * ContextId;
    internal int CollectiveContext => 2 * ContextId + 1;
    internal bool IsNull => shape == Shape.Null;

    /// <summary>An intercommunicator: point-to-point ranks name the remote group; some collectives (cMPI.InterCollectives.cs).</summary>
    internal bool IsInter => shape == Shape.Inter;

    /// <summary>An intercommunicator's own group as an intracommunicator, for the agreements of Intercomm_merge.</summary>
    internal Comm? LocalGroup { get; private init; }
    /// <summary>The virtual topology attached by Cart_create / Graph_create / Dist_graph_create_adjacent, if any.</summary>
    internal Topology? Topology { get; set; }

    /// <summary>World rank of each member, by rank in this communicator (groups are built from it).</summary>
    internal int[] WorldRanksIn(RankContext ctx) => shape switch
    {
        Shape.World => Enumerable.Range(0, ctx.WorldSize).ToArray(),
        Shape.Group or Shape.Inter => (int[])worldRanks!.Clone(),
        Shape.Self => [ctx.WorldRank],
        _ => [],
    };

    private Comm(string name, int contextId, Shape shape, int[]? worldRanks = null, int myRank = 0, int[]? remoteRanks = null)
    {
        Name = name;
        ContextId = contextId;
        this.shape = shape;
        this.worldRanks = worldRanks;
        this.myRank = myRank;
        this.remoteRanks = remoteRanks;
    }

    internal static readonly Comm World = new("MPI_COMM_WORLD", 0, Shape.World);
    internal static readonly Comm Self = new("MPI_COMM_SELF", 1, Shape.Self);
    internal static readonly Comm Null = new("MPI_COMM_NULL", -1, Shape.Null);

    /// <summary>First context id free for derived communicators.</summary>
    internal const int FirstDerivedContext = 2;

    internal static Comm Derived(int contextId, int[] worldRanks, int myRank) =>
        new($"MPI_Comm(context {contextId}, size {worldRanks.Length})", contextId, Shape.Group, worldRanks, myRank);

    /// <summary>
    /// An intercommunicator on context <paramref name="contextId"/> between the local group (<paramref name="localRanks"/>,
    /// the owner at <paramref name="myRank"/>) and the remote one; <paramref name="localGroup"/> is the local group's own
    /// intracommunicator (another context).
    /// </summary>
    internal static Comm Intercomm(int contextId, int[] localRanks, int myRank, int[] remoteRanks, Comm localGroup) =>
        new($"MPI_Comm(intercommunicator, context {contextId}, {localRanks.Length} + {remoteRanks.Length})", contextId, Shape.Inter,
            localRanks, myRank, remoteRanks) { LocalGroup = localGroup };

    /// <summary>World rank of each member of an intercommunicator's remote group (empty for an intracommunicator).</summary>
    internal int[] RemoteWorldRanks => remoteRanks is null ? [] : (int[])remoteRanks.Clone();

    public override string ToString() => Name;

    /// <summary>How many ranks point-to-point calls may name: the communicator's size, an intercommunicator's remote size.</summary>
    internal int PeerSizeIn(RankContext ctx) => shape == Shape.Inter ? remoteRanks!.Length : SizeIn(ctx);

    internal int SizeIn(RankContext ctx) => shape switch
    {
        Shape.World => ctx.WorldSize,
        Shape.Group or Shape.Inter => worldRanks!.Length,
        _ => 1,
    };

    internal int RankIn(RankContext ctx) => shape switch
    {
        Shape.World => ctx.WorldRank,
        Shape.Group or Shape.Inter => myRank,
        _ => 0,
    };

    internal int ToWorld(RankContext ctx, int rank) => shape switch
    {
        Shape.World => rank,
        Shape.Group => worldRanks![rank],
        Shape.Inter => remoteRanks![rank], // point-to-point on an intercommunicator reaches the remote group
        _ => ctx.WorldRank,
    };
}
