using System.Runtime.CompilerServices;
using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// Dynamic windows (MPI-3.1 11.2.4, MPI_Win_create_dynamic / MPI_Win_attach / MPI_Win_detach): a window created
/// with no memory, to which each member attaches and detaches regions of its own. An origin names target memory
/// by its address at the target (MPI_Get_address there, sent over as an MPI_AINT), with a displacement unit of 1;
/// the target finds the attached region that holds the bytes (<see cref="DynamicWindowMemory"/>). Addresses are
/// cmpi's own (<see cref="Addresses"/>), the ones MPI_Get_address and <c>(uintptr_t)p</c> give.
/// </summary>
public static partial class cMPI
{
    public const int WIN_FLAVOR_CREATE = 1;
    public const int WIN_FLAVOR_ALLOCATE = 2;
    public const int WIN_FLAVOR_DYNAMIC = 3;

    /// <summary>MPI_Win_create_dynamic: a window with no memory attached yet (collective).</summary>
    public static int Win_create_dynamic(Info info, Comm comm, out Win win)
    {
        const string call = "MPI_Win_create_dynamic";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        // No size bounds a dynamic window: the origin checks nothing, the target checks the attached regions.
        var created = CreateWindow(ctx, call, comm, new DynamicWindowMemory(), long.MaxValue, 1);
        win = new Win(created.Key, created.Comm, created.Sizes, created.DispUnits) { IsDynamic = true };
        return SUCCESS;
    }

    /// <summary>MPI_Win_attach(win, &amp;a[offset], size): expose <paramref name="size"/> bytes of this rank's array (local).</summary>
    public static int Win_attach<T>(Win win, T[] win_base, int offset, long size) where T : unmanaged
    {
        const string call = "MPI_Win_attach";
        var ctx = Ctx(call);
        var w = CheckDynamic(call, win);
        // NULL is Open MPI's MPI_ERR_ARG on the window (fatal, exit 13, or the code under MPI_ERRORS_RETURN), at
        // any size, 0 too (measured with Open MPI 4.1): not a .NET exception that ends the job with status 1.
        if (win_base is null) throw new MpiException(call, ERR_ARG, "the base is NULL");
        int elementSize = Unsafe.SizeOf<T>();
        if (size < 0) throw new MpiException(call, ERR_ARG, $"negative size {size}");
        if (offset < 0 || (long)offset * elementSize + size > (long)win_base.Length * elementSize)
            throw new MpiException(call, ERR_BUFFER, $"{size} bytes from offset {offset} overrun the array ({win_base.Length} elements)");
        long address = Addresses.Of(win_base, (long)offset * elementSize);
        // Whole elements back the region; a size that ends inside an element still lets requests reach only its bytes.
        int count = (int)((size + elementSize - 1) / elementSize);
        AttachRegion(ctx, call, w, address, size, new WindowMemory<T>(win_base, offset, count));
        return SUCCESS;
    }

    private static void AttachRegion(RankContext ctx, string call, Win w, long address, long size, WindowMemory region)
    {
        var memory = (DynamicWindowMemory)ctx.Windows[w.Key];
        lock (memory.Gate)
        {
            if (!memory.Attach(address, size, region))
                throw new MpiException(call, ERR_RMA_ATTACH, $"the region at 0x{address:x} ({size} bytes) overlaps memory already attached");
        }
    }

    /// <summary>MPI_Win_detach(win, &amp;a[offset]): the region attached at that address is no longer exposed (local).</summary>
    public static int Win_detach<T>(Win win, T[] win_base, int offset) where T : unmanaged
    {
        const string call = "MPI_Win_detach";
        var ctx = Ctx(call);
        var w = CheckDynamic(call, win);
        if (win_base is null) throw new MpiException(call, ERR_ARG, "the base is NULL");
        DetachRegion(ctx, call, w, Addresses.Of(win_base, (long)offset * Unsafe.SizeOf<T>()));
        return SUCCESS;
    }

    private static void DetachRegion(RankContext ctx, string call, Win w, long address)
    {
        var memory = (DynamicWindowMemory)ctx.Windows[w.Key];
        lock (memory.Gate)
        {
            if (!memory.Detach(address))
                throw new MpiException(call, ERR_RMA_ATTACH, $"no region is attached at 0x{address:x}");
        }
    }

    private static Win CheckDynamic(string call, Win win)
    {
        var w = CheckWin(call, win);
        if (!w.IsDynamic) throw new MpiException(call, ERR_RMA_FLAVOR, "the window was not created by MPI_Win_create_dynamic");
        return w;
    }
}
