using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using CloudMpi.Core;
using CloudMpi.Libc;
using CloudMpi.Hosting;

namespace CloudMpi;

// MPI-3 shared-memory windows (MPI_Win_allocate_shared, MPI_Win_shared_query; MPI-3.1 11.2.3 and 11.2.7). Ranks that are
// threads of one process (the inproc transport, or azure with --hosting threads) share their memory: each rank's
// segment is its own array, and a query hands out another rank's array itself, so loads and stores through it are
// the other rank's memory, as through a pointer into a shared segment in C. The segments are not one contiguous
// block: a program that walks from one rank's segment into the next with pointer arithmetic (legal in C under the
// default alloc_shared_noncontig=false) reads past the end of an array and stops with an index error; the common
// forms (each rank queries the segment it needs, or rank 0 allocates the whole array and the others query it) work.
// Ranks that are processes (tcp, azure processes) share nothing: a communicator of more than one such rank is refused.
public static partial class cMPI
{
    /// <summary>MPI_Win_allocate_shared: a window whose members can load and store each other's segments directly.</summary>
    public static int Win_allocate_shared<T>(long size, int disp_unit, Info info, Comm comm, out T[] baseptr, out Win win) where T : unmanaged
    {
        const string call = "MPI_Win_allocate_shared";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (comm.SizeIn(ctx) > 1 && !SharedWindows.SharesMemory(ctx))
            throw new MpiException(call, ERR_COMM,
                "the ranks of this communicator are separate processes (the tcp or azure transport with one process per " +
                "rank), which share no memory: a shared-memory window needs ranks that are threads of one process " +
                "(--transport inproc, or --hosting threads)");
        AllocateWindow(call, size, disp_unit, comm, out baseptr, out win);
        SharedWindows.Register(ctx, win.Key, ctx.WorldRank, (WindowMemory<T>)ctx.Windows[win.Key]);
        // every member's segment is registered before any member can query it
        Barrier(comm);
        return SUCCESS;
    }

    /// <summary>MPI_Win_allocate_shared into a pointer variable the program moves: a view of its segment.</summary>
    public static int Win_allocate_shared<T>(long size, int disp_unit, Info info, Comm comm, out Ptr<T> baseptr, out Win win) where T : unmanaged
    {
        Win_allocate_shared(size, disp_unit, info, comm, out T[] memory, out win);
        baseptr = new Ptr<T>(memory, 0);
        return SUCCESS;
    }

    /// <summary>MPI_Win_allocate_shared given a <c>char *</c> for its baseptr: the address goes into those bytes (as Win_allocate).</summary>
    public static int Win_allocate_shared<T>(long size, int disp_unit, Info info, Comm comm, Ptr<T> baseptr, out Win win) where T : unmanaged
    {
        Win made = WIN_NULL;
        StoreWindowAddress("MPI_Win_allocate_shared", baseptr, () =>
        {
            Win_allocate_shared(size, disp_unit, info, comm, out byte[] memory, out made);
            return memory;
        });
        win = made;
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Win_shared_query: rank <paramref name="rank"/>'s segment of a shared window, its size in bytes and its
    /// displacement unit; MPI_PROC_NULL names the lowest rank whose segment is not empty.
    /// </summary>
    public static int Win_shared_query<T>(Win win, int rank, out long size, out int disp_unit, out T[] baseptr) where T : unmanaged
    {
        const string call = "MPI_Win_shared_query";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        int members = w.Sizes.Length;
        if (rank == PROC_NULL)
        {
            rank = 0;
            while (rank < members - 1 && w.Sizes[rank] == 0) rank++;
        }
        if (rank < 0 || rank >= members)
            throw new MpiException(call, ERR_RANK, $"rank {rank} is not a member of the window's communicator (0..{members - 1})");
        int world = w.Comm.WorldRanksIn(ctx)[rank];
        switch (SharedWindows.Find(ctx, w.Key, world))
        {
            case null:
                throw new MpiException(call, ERR_WIN, "the window was not made by MPI_Win_allocate_shared");
            case WindowMemory<T> m:
                baseptr = m.Array;
                break;
            case var other:
                throw new MpiException(call, ERR_TYPE,
                    $"rank {rank}'s segment holds {ElementName(other)} elements, the query asks for {typeof(T).Name}: " +
                    "give the query a pointer of the type the segment was allocated as");
        }
        size = w.Sizes[rank];
        disp_unit = w.DispUnits[rank];
        return SUCCESS;
    }

    /// <summary>MPI_Win_shared_query into a pointer variable the program moves: a view of that rank's segment.</summary>
    public static int Win_shared_query<T>(Win win, int rank, out long size, out int disp_unit, out Ptr<T> baseptr) where T : unmanaged
    {
        Win_shared_query(win, rank, out size, out disp_unit, out T[] memory);
        baseptr = new Ptr<T>(memory, 0);
        return SUCCESS;
    }

    private static string ElementName(WindowMemory m) =>
        m.GetType().IsGenericType ? m.GetType().GetGenericArguments()[0].Name : "other";
}

/// <summary>The segments of shared-memory windows, by the memory domain their ranks share (one in-process job).</summary>
internal static class SharedWindows
{
    private static readonly ConditionalWeakTable<object, ConcurrentDictionary<(WinKey Key, int WorldRank), WindowMemory>> byDomain = new();

    /// <summary>The ranks of an in-process job are threads of one process; a rank process (Host is a ProcessRankHost) is alone.</summary>
    public static bool SharesMemory(RankContext ctx) => ctx.Host is not null and not ProcessRankHost;

    // A window's key is the same on all its members and unique among the windows of one communicator; two disjoint
    // communicators may share a context number, so segments are told apart by their owner's world rank, not comm rank.
    private static object Domain(RankContext ctx) => (object?)ctx.Host ?? ctx;

    public static void Register(RankContext ctx, WinKey key, int worldRank, WindowMemory memory) =>
        byDomain.GetOrCreateValue(Domain(ctx))[(key, worldRank)] = memory;

    public static WindowMemory? Find(RankContext ctx, WinKey key, int worldRank) =>
        byDomain.TryGetValue(Domain(ctx), out var d) && d.TryGetValue((key, worldRank), out var m) ? m : null;

    public static void Forget(RankContext ctx, WinKey key)
    {
        if (byDomain.TryGetValue(Domain(ctx), out var d))
            d.TryRemove((key, ctx.WorldRank), out _);
    }
}
