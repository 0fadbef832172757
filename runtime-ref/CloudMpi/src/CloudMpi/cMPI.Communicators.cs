using System.Runtime.InteropServices;
using CloudMpi.Hosting;

namespace CloudMpi;

public static partial class cMPI
{
    /// <summary>
    /// MPI_Comm_split: ranks with the same <paramref name="color"/> form a new communicator, ordered by
    /// (<paramref name="key"/>, old rank); color UNDEFINED gives <see cref="COMM_NULL"/>.
    /// The new context id is the largest "next free id" among the old communicator's ranks, so it is unused by
    /// every member (disjoint groups of one split may share it: they never exchange messages).
    /// </summary>
    public static int Comm_split(Comm comm, int color, int key, out Comm newcomm)
    {
        const string call = "MPI_Comm_split";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (color < 0 && color != UNDEFINED) throw new MpiException(call, ERR_ARG, $"invalid color {color}");
        int size = comm.SizeIn(ctx), rank = comm.RankIn(ctx);
        int[] mine = [color, key, ctx.NextContextId];
        int[] all = new int[3 * size];
        AllgatherCore(ctx, call, MemoryMarshal.AsBytes(mine.AsSpan()), MemoryMarshal.AsBytes(all.AsSpan()), 3, Datatype.MPI_INT, null, null, comm);
        int contextId = 0;
        for (int r = 0; r < size; r++) contextId = Math.Max(contextId, all[3 * r + 2]);
        ctx.NextContextId = contextId + 1;
        if (color == UNDEFINED)
        {
            newcomm = COMM_NULL;
            return SUCCESS;
        }
        var members = Enumerable.Range(0, size)
            .Where(r => all[3 * r] == color)
            .OrderBy(r => all[3 * r + 1]).ThenBy(r => r)
            .ToArray();
        int[] worldRanks = members.Select(r => comm.ToWorld(ctx, r)).ToArray();
        newcomm = Comm.Derived(contextId, worldRanks, Array.IndexOf(members, rank));
        return SUCCESS;
    }

    /// <summary>MPI_Comm_dup: same group, new context.</summary>
    public static int Comm_dup(Comm comm, out Comm newcomm)
    {
        Ctx("MPI_Comm_dup");
        CheckComm("MPI_Comm_dup", comm);
        return Comm_split(comm, 0, 0, out newcomm);
    }

    /// <summary>MPI_Comm_free: sets the handle to <see cref="COMM_NULL"/>.</summary>
    public static int Comm_free(ref Comm comm)
    {
        const string call = "MPI_Comm_free";
        Ctx(call);
        CheckComm(call, comm);
        if (comm == COMM_WORLD || comm == COMM_SELF) throw new MpiException(call, ERR_COMM, $"cannot free {comm.Name}");
        comm = COMM_NULL;
        return SUCCESS;
    }
}
