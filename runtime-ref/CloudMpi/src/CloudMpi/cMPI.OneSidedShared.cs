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
// the other rank's memory, as through a pointer into a shared segment in C. Given a pointer variable (the Ptr<T>
// overloads, which the translator always uses: mpi.toml's shares_memory), the segments are one contiguous block, rank
// r's after rank r-1's, as under MPI's default alloc_shared_noncontig=false, so a program may walk from its segment
// into the next rank's (real14); the T[] forms keep a separate array per segment.
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

    /// <summary>
    /// MPI_Win_allocate_shared into a pointer variable (a Ptr, as every baseptr the translator gives it): the members'
    /// segments are one array, rank r's right after rank r-1's (MPI-3.1 11.2.3, alloc_shared_noncontig=false), and
    /// the pointer is this rank's place in it, so a program may walk from its segment into the next rank's as in C.
    /// Segments that are not whole elements of <typeparamref name="T"/> stay arrays of their own (as the T[] form).
    /// </summary>
    public static int Win_allocate_shared<T>(long size, int disp_unit, Info info, Comm comm, out Ptr<T> baseptr, out Win win) where T : unmanaged
    {
        const string call = "MPI_Win_allocate_shared";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (size < 0) throw new MpiException(call, ERR_SIZE, $"negative window size {size}");
        if (disp_unit <= 0) throw new MpiException(call, ERR_DISP, $"displacement unit {disp_unit} must be positive");
        int members = comm.SizeIn(ctx), rank = comm.RankIn(ctx), elementSize = Unsafe.SizeOf<T>();
        long[] sizes = new long[members];
        AllgatherCore(ctx, call, MemoryMarshal.AsBytes(new[] { size }.AsSpan()), MemoryMarshal.AsBytes(sizes.AsSpan()),
            1, Datatype.MPI_LONG, null, null, comm);
        if (members == 1 || sizes.Any(s => s % elementSize != 0) || !SharedWindows.SharesMemory(ctx))
        {
            Win_allocate_shared(size, disp_unit, info, comm, out T[] own, out win);
            baseptr = new Ptr<T>(own, 0);
            return SUCCESS;
        }
        // the block: made by the communicator's rank 0, found by the others under the window's number to come
        int number = ctx.WindowsCreated.TryGetValue(comm.P2PContext, out int n) ? n : 0;
        var blockKey = new WinKey(comm.P2PContext, number);
        int owner = comm.WorldRanksIn(ctx)[0];
        if (rank == 0) SharedWindows.RegisterBlock(ctx, blockKey, owner, new T[checked((int)(sizes.Sum() / elementSize))]);
        Barrier(comm);
        var block = SharedWindows.FindBlock(ctx, blockKey, owner) as T[]
            ?? throw new MpiException(call, ERR_TYPE, "the members allocate the shared window as different element types");
        int offset = checked((int)(sizes.Take(rank).Sum() / elementSize)), count = (int)(size / elementSize);
        var memory = new WindowMemory<T>(block, offset, count);
        win = CreateWindow(ctx, call, comm, memory, size, disp_unit);
        SharedWindows.Register(ctx, win.Key, ctx.WorldRank, memory);
        Barrier(comm); // every member's segment is registered before any member can query it
        if (rank == 0) SharedWindows.ForgetBlock(ctx, blockKey, owner);
        baseptr = new Ptr<T>(block, offset);
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
    private static void Win_shared_query<T>(Win win, int rank, out long size, out int disp_unit, out T[] baseptr, out int offset) where T : unmanaged
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
                offset = m.Offset;
                break;
            case var other:
                throw new MpiException(call, ERR_TYPE,
                    $"rank {rank}'s segment holds {ElementName(other)} elements, the query asks for {typeof(T).Name}: " +
                    "give the query a pointer of the type the segment was allocated as");
        }
        size = w.Sizes[rank];
        disp_unit = w.DispUnits[rank];
    }

    /// <summary>MPI_Win_shared_query into a pointer variable the program moves: a view of that rank's segment.</summary>
    public static int Win_shared_query<T>(Win win, int rank, out long size, out int disp_unit, out Ptr<T> baseptr) where T : unmanaged
    {
        Win_shared_query(win, rank, out size, out disp_unit, out T[] memory, out int offset);
        baseptr = new Ptr<T>(memory, offset); // its place in the window's block: the segments after it follow
        return SUCCESS;
    }

    public static int Win_shared_query<T>(Win win, int rank, out long size, out int disp_unit, out T[] baseptr) where T : unmanaged
    {
        Win_shared_query(win, rank, out size, out disp_unit, out baseptr, out int offset);
        if (offset != 0)
            throw new MpiException("MPI_Win_shared_query", ERR_OTHER,
                $"rank {rank}'s segment starts at element {offset} of the window's contiguous block, which an array cannot " +
                "start at: give the query a pointer variable (the port's Ptr<T>)");
        return SUCCESS;
    }

    private static string ElementName(WindowMemory m) =>
        m.GetType().IsGenericType ? m.GetType().GetGenericArguments()[0].Name : "other";
}

/// <summary>The segments of shared-memory windows, by the memory domain their ranks share (one in-process job).</summary>
internal static class SharedWindows
{
    private static readonly ConditionalWeakTable<object, ConcurrentDictionary<(WinKey Key, int WorldRank), WindowMemory>> byDomain = new();
    private static readonly ConditionalWeakTable<object, ConcurrentDictionary<(WinKey Key, int WorldRank), Array>> blocks = new();

    /// <summary>The ranks of an in-process job are threads of one process; a rank process (Host is a ProcessRankHost) is alone.</summary>
    public static bool SharesMemory(RankContext ctx) => ctx.Host is not null and not ProcessRankHost;

    // A window's key is the same on all its members and unique among the windows of one communicator; two disjoint
    // communicators may share a context number, so segments are told apart by their owner's world rank, not comm rank.
    private static object Domain(RankContext ctx) => (object?)ctx.Host ?? ctx;

    public static void Register(RankContext ctx, WinKey key, int worldRank, WindowMemory memory) =>
        byDomain.GetOrCreateValue(Domain(ctx))[(key, worldRank)] = memory;

    public static WindowMemory? Find(RankContext ctx, WinKey key, int worldRank) =>
        byDomain.TryGetValue(Domain(ctx), out var d) && d.TryGetValue((key, worldRank), out var m) ? m : null;

    /// <summary>A shared window's one block, made by the communicator's first member before the window exists.</summary>
    public static void RegisterBlock(RankContext ctx, WinKey key, int ownerWorldRank, Array block) =>
        blocks.GetOrCreateValue(Domain(ctx))[(key, ownerWorldRank)] = block;

    public static Array? FindBlock(RankContext ctx, WinKey key, int ownerWorldRank) =>
        blocks.TryGetValue(Domain(ctx), out var d) && d.TryGetValue((key, ownerWorldRank), out var b) ? b : null;

    public static void ForgetBlock(RankContext ctx, WinKey key, int ownerWorldRank)
    {
        if (blocks.TryGetValue(Domain(ctx), out var d))
            d.TryRemove((key, ownerWorldRank), out _);
    }

    public static void Forget(RankContext ctx, WinKey key)
    {
        if (byDomain.TryGetValue(Domain(ctx), out var d))
            d.TryRemove((key, ctx.WorldRank), out _);
    }
}
