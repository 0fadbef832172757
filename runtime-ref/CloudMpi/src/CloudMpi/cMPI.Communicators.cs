using System.Runtime.InteropServices;
using CloudMpi.Hosting;

namespace CloudMpi;

public static partial class cMPI
{
    /// <summary>
    /// MPI_Comm_split: ranks with the same <paramref name="color"/> form a new communicator, ordered by
    /// (<paramref name="key"/>, old rank); color UNDEFINED gives <see cref="COMM_NULL"/>. On an intercommunicator, each
    /// group is split so and a colour's ranks in both groups form an intercommunicator (cMPI.InterComms.cs).
    /// The new context id is the largest "next free id" among the old communicator's ranks, so it is unused by
    /// every member (disjoint groups of one split may share it: they never exchange messages).
    /// </summary>
    public static int Comm_split(Comm comm, int color, int key, out Comm newcomm)
    {
        const string call = "MPI_Comm_split";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        newcomm = comm.IsInter ? InterSplit(ctx, call, comm, color, key) : SplitCore(ctx, call, comm, color, key);
        return SUCCESS;
    }

    /// <summary>The collective part of Comm_split, shared by the calls that derive communicators (Cart_create, Comm_create...).</summary>
    internal static Comm SplitCore(RankContext ctx, string call, Comm comm, int color, int key)
    {
        if (color < 0 && color != UNDEFINED) throw new MpiException(call, ERR_ARG, $"invalid color {color}");
        int size = comm.SizeIn(ctx), rank = comm.RankIn(ctx);
        int[] mine = [color, key, ctx.NextContextId];
        int[] all = new int[3 * size];
        AllgatherCore(ctx, call, MemoryMarshal.AsBytes(mine.AsSpan()), MemoryMarshal.AsBytes(all.AsSpan()), 3, Datatype.MPI_INT, null, null, comm);
        int contextId = 0;
        for (int r = 0; r < size; r++) contextId = Math.Max(contextId, all[3 * r + 2]);
        ctx.NextContextId = contextId + 1;
        if (color == UNDEFINED) return COMM_NULL;
        var members = Enumerable.Range(0, size)
            .Where(r => all[3 * r] == color)
            .OrderBy(r => all[3 * r + 1]).ThenBy(r => r)
            .ToArray();
        int[] worldRanks = members.Select(r => comm.ToWorld(ctx, r)).ToArray();
        var created = Comm.Derived(contextId, worldRanks, Array.IndexOf(members, rank));
        InheritLocal(ctx, comm, created);
        return created;
    }

    /// <summary>MPI_Comm_dup: same group (an intercommunicator's two groups), new context.</summary>
    public static int Comm_dup(Comm comm, out Comm newcomm)
    {
        const string call = "MPI_Comm_dup";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        newcomm = comm.IsInter ? InterSplit(ctx, call, comm, 0, 0) : SplitCore(ctx, call, comm, 0, 0); // an intercommunicator's: one too
        CopyAttributes(ctx, call, comm, newcomm);  // MPI_COMM_DUP_FN's keys, and the program's copy functions
        newcomm.Topology = comm.Topology; // MPI-3.1 6.4.2: the duplicate keeps the topology (immutable, so shared)
        LocalOf(ctx, newcomm).Hints = LocalOf(ctx, comm).Hints?.Dup();  // and the hints (MPI-3.1 6.4.2)
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Comm_dup_with_info: MPI_Comm_dup whose hints are <paramref name="info"/>'s instead of the old communicator's
    /// (MPI_Comm_get_info gives them back); cMPI acts on no communicator hint (attributes and topology copied as there).
    /// </summary>
    public static int Comm_dup_with_info(Comm comm, Info info, out Comm newcomm)
    {
        const string call = "MPI_Comm_dup_with_info";
        if (info is null) throw new MpiException(call, ERR_INFO, "invalid info (NULL)");
        int rc = Comm_dup(comm, out newcomm);
        LocalOf(RankContext.Current, newcomm).Hints = info.IsNull ? null : info.Dup();
        return rc;
    }

    /// <summary>MPI_Comm_free: sets the handle to <see cref="COMM_NULL"/>.</summary>
    public static int Comm_free(ref Comm comm)
    {
        const string call = "MPI_Comm_free";
        Ctx(call);
        CheckComm(call, comm);
        if (comm == COMM_WORLD || comm == COMM_SELF) throw new MpiException(call, ERR_COMM, $"cannot free {comm.Name}");
        DeleteAttributes(RankContext.Current, call, comm);  // the program's delete functions, before the handle goes
        comm = COMM_NULL;
        return SUCCESS;
    }
}
