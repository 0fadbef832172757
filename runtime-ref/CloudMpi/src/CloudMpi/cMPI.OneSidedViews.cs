using System.Runtime.CompilerServices;
using CloudMpi.Core;
using CloudMpi.Libc;

namespace CloudMpi;

/// <summary>
/// The calls that keep memory or name its address (a window's base, MPI_Win_attach/detach, MPI_Get_address) given a
/// pointer that may be a view: memory of one primitive type read as another, as a <c>uint64_t *</c> is when a
/// function aligned it into a <c>char</c> pool and handed it back through a <c>char **</c> out-parameter (OSU's
/// atomic benchmarks). A staged copy cannot serve them, so they take the bytes of the array the view reads, in
/// place (<see cref="PtrBuffer.Memory{T}"/>), and that array's address. A plain pointer goes to the array overload.
/// </summary>
public static partial class cMPI
{
    /// <summary>MPI_Win_create(base, size, ...) for a pointer that may be a view.</summary>
    public static int Win_create<T>(Ptr<T> win_base, long size, int disp_unit, Info info, Comm comm, out Win win) where T : unmanaged
    {
        if (win_base.View is null)
            return Win_create(win_base.Array!, win_base.Offset, size, disp_unit, info, comm, out win);
        const string call = "MPI_Win_create";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (size < 0) throw new MpiException(call, ERR_SIZE, $"negative window size {size}");
        if (disp_unit <= 0) throw new MpiException(call, ERR_DISP, $"displacement unit {disp_unit} must be positive");
        var memory = ViewBytes(call, win_base, size, out long at);
        win = CreateWindow(ctx, call, comm, new ArrayBytesWindowMemory(memory, at, (int)size), size, disp_unit);
        return SUCCESS;
    }

    /// <summary>MPI_Win_attach(win, base, size) for a pointer that may be a view.</summary>
    public static int Win_attach<T>(Win win, Ptr<T> win_base, long size) where T : unmanaged
    {
        if (win_base.View is null)
            return Win_attach(win, win_base.Array!, win_base.Offset, size);
        const string call = "MPI_Win_attach";
        var ctx = Ctx(call);
        var w = CheckDynamic(call, win);
        if (size < 0) throw new MpiException(call, ERR_ARG, $"negative size {size}");
        var memory = ViewBytes(call, win_base, size, out long at);
        AttachRegion(ctx, call, w, AddressOfBytes(memory, at), size, new ArrayBytesWindowMemory(memory, at, (int)size));
        return SUCCESS;
    }

    /// <summary>MPI_Win_detach(win, base) for a pointer that may be a view.</summary>
    public static int Win_detach<T>(Win win, Ptr<T> win_base) where T : unmanaged
    {
        if (win_base.View is null)
            return Win_detach(win, win_base.Array!, win_base.Offset);
        const string call = "MPI_Win_detach";
        var ctx = Ctx(call);
        var w = CheckDynamic(call, win);
        var memory = ViewBytes(call, win_base, 0, out long at);
        DetachRegion(ctx, call, w, AddressOfBytes(memory, at));
        return SUCCESS;
    }

    /// <summary>MPI_Get_address(location, &amp;address) for a pointer that may be a view.</summary>
    public static int Get_address<T>(Ptr<T> location, out long address) where T : unmanaged
    {
        if (location.View is null)
            return Get_address(location.Array, location.Offset, out address);
        var memory = ViewBytes("MPI_Get_address", location, 0, out long at);
        address = AddressOfBytes(memory, at);
        return SUCCESS;
    }

    /// <summary>The array whose bytes a view reads, and the view's byte offset in it, checked to hold <paramref name="bytes"/>.</summary>
    private static Array ViewBytes<T>(string call, Ptr<T> p, long bytes, out long byteOffset)
    {
        Array memory;
        try
        {
            memory = PtrBuffer.Memory(p, out byteOffset) ?? throw new MpiException(call, ERR_BUFFER, "the memory is NULL");
        }
        catch (PointerException e)
        {
            throw new MpiException(call, ERR_BUFFER, e.Message);
        }
        if (byteOffset < 0 || byteOffset + bytes > Buffer.ByteLength(memory))
            throw new MpiException(call, ERR_BUFFER, $"{bytes} bytes from byte {byteOffset} overrun the memory ({Buffer.ByteLength(memory)} bytes)");
        return memory;
    }

    /// <summary>The address of byte <paramref name="byteOffset"/> of a primitive array: the one its typed pointers give (Addresses).</summary>
    private static long AddressOfBytes(Array memory, long byteOffset) =>
        Addresses.OfAny(memory, memory.Length == 0 ? 1 : Buffer.ByteLength(memory) / memory.Length, byteOffset);
}
