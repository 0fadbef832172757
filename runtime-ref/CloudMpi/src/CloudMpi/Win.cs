using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// A one-sided communication window (MPI_Win), this rank's handle. RMA operations travel as messages to the
/// target rank's mailbox, where they are applied on arrival without the target taking part (the cloudMPI
/// thesis's request/reply relay): a put or accumulate is acknowledged, a get answered with the data.
/// </summary>
public sealed class Win
{
    internal WinKey Key { get; }
    internal Comm Comm { get; }
    /// <summary>Each member's window size in bytes and displacement unit, by rank in <see cref="Comm"/>.</summary>
    internal long[] Sizes { get; }
    internal int[] DispUnits { get; }
    /// <summary>Operations this rank started and has not completed yet (acknowledgements awaited).</summary>
    internal readonly List<(int Target, SyncSendEntry Ack)> Pending = [];
    /// <summary>Targets this rank holds a passive-target lock on.</summary>
    internal readonly HashSet<int> Locked = [];
    internal bool IsNull { get; }
    /// <summary>A window of MPI_Win_create_dynamic: target displacements are addresses (MPI-3.1 11.2.4).</summary>
    internal bool IsDynamic { get; init; }

    // Generalized active target (MPI-3.1 11.5.2): the ranks in Comm of this rank's access epoch (MPI_Win_start ..
    // MPI_Win_complete) and of its exposure epoch (MPI_Win_post .. MPI_Win_wait / MPI_Win_test); null outside one.
    internal int[]? AccessGroup;
    internal int[]? ExposureGroup;
    /// <summary>This rank's error handler of the window: MPI_ERRORS_ARE_FATAL until MPI_Win_set_errhandler (MPI-3.1 8.3.3).</summary>
    internal Errhandler Errhandler = Errhandler.Fatal;
    /// <summary>The name MPI_Win_set_name gave this rank's handle (null: none, MPI_Win_get_name gives "").</summary>
    internal string? Name;
    /// <summary>The hints MPI_Win_create or MPI_Win_set_info gave this rank's handle (null: none).</summary>
    internal Info? Hints;
    /// <summary>Origins of the exposure epoch whose MPI_Win_complete has not arrived yet (MPI_Win_test polls it).</summary>
    internal readonly HashSet<int> CompletesAwaited = [];

    internal Win(WinKey key, Comm comm, long[] sizes, int[] dispUnits, bool isNull = false)
    {
        Key = key;
        Comm = comm;
        Sizes = sizes;
        DispUnits = dispUnits;
        IsNull = isNull;
    }

    internal static readonly Win Null = new(default, Comm.Null, [], [], isNull: true);

    public override string ToString() => IsNull ? "MPI_WIN_NULL" : $"MPI_Win({Key})";
}

/// <summary>Identifies a window on every member: the communicator's context and the window's number on it.</summary>
internal readonly record struct WinKey(int Context, int Number);

/// <summary>A window's memory at its owner, reached by RMA messages from any thread.</summary>
internal abstract class WindowMemory
{
    /// <summary>Serialises accumulates (element-wise atomic, MPI-3.1 11.7.1) and all other accesses to the bytes.</summary>
    public readonly object Gate = new();
    public abstract Span<byte> Bytes { get; }

    /// <summary>MPI_WIN_BASE's value: a pointer to the memory as the program gave or got it (a Ptr of its own element
    /// type), or null where the window has none (a dynamic window: MPI_BOTTOM).</summary>
    public virtual object? BasePointer => null;

    /// <summary>The <paramref name="bytes"/> bytes an RMA request names at byte <paramref name="at"/> (called under <see cref="Gate"/>).</summary>
    public virtual Span<byte> At(long at, int bytes) => Bytes.Slice(checked((int)at), bytes);

    // Passive-target lock state: exclusive holder, number of shared holders, and requests waiting, in order.
    public int ExclusiveHolder = -1;
    public int SharedHolders;
    public readonly Queue<(int OriginWorld, long MsgId, bool Exclusive)> Waiting = new();
}

internal sealed class WindowMemory<T>(T[] array, int offset, int count) : WindowMemory where T : unmanaged
{
    public T[] Array { get; } = array;
    /// <summary>Where the window's elements start in <see cref="Array"/> (a segment of a shared window's one block).</summary>
    public int Offset { get; } = offset;
    public override Span<byte> Bytes => MemoryMarshal.AsBytes(Array.AsSpan(Offset, count));
    public override object? BasePointer => new CloudMpi.Libc.Ptr<T>(Array, Offset);
}

/// <summary>
/// Window memory that a view designates (a <c>uint64_t *</c> aligned into a <c>char</c> pool): the bytes of the
/// primitive array the view reads, in place, so the program sees through its pointer what RMA writes.
/// </summary>
internal sealed class ArrayBytesWindowMemory : WindowMemory
{
    private readonly Array array;
    private readonly long byteOffset;
    private readonly int bytes;

    public ArrayBytesWindowMemory(Array array, long byteOffset, int bytes)
    {
        // Buffer.ByteLength accepts arrays of primitive types only: memory of no other kind reaches here
        if (byteOffset < 0 || bytes < 0 || byteOffset + bytes > Buffer.ByteLength(array))
            throw new ArgumentOutOfRangeException(nameof(bytes), $"{bytes} bytes at byte {byteOffset} overrun the array ({Buffer.ByteLength(array)} bytes)");
        this.array = array;
        this.byteOffset = byteOffset;
        this.bytes = bytes;
    }

    public override Span<byte> Bytes =>
        MemoryMarshal.CreateSpan(ref Unsafe.AddByteOffset(ref MemoryMarshal.GetArrayDataReference(array), (nint)byteOffset), bytes);
    public override object? BasePointer => CloudMpi.Libc.Handle.Bytes(array, "MPI_WIN_BASE") + byteOffset;
}

/// <summary>
/// The memory of a dynamic window (MPI_Win_create_dynamic, MPI-3.1 11.2.4): none at creation, then the regions the
/// owner attaches. A target displacement is an address (what MPI_Get_address gives at the target), so a request
/// finds the attached region that holds all its bytes.
/// </summary>
internal sealed class DynamicWindowMemory : WindowMemory
{
    private readonly List<(long Address, long Size, WindowMemory Memory)> attached = [];

    public override Span<byte> Bytes => [];

    /// <summary>MPI_Win_attach: called under <see cref="WindowMemory.Gate"/>.</summary>
    public bool Attach(long address, long size, WindowMemory memory)
    {
        foreach (var a in attached)
        {
            if (address < a.Address + a.Size && a.Address < address + size) return false; // MPI-3.1 11.2.4: no overlap
        }
        attached.Add((address, size, memory));
        return true;
    }

    /// <summary>MPI_Win_detach: the region attached at <paramref name="address"/>; false if none starts there.</summary>
    public bool Detach(long address) => attached.RemoveAll(a => a.Address == address) > 0;

    public override Span<byte> At(long at, int bytes)
    {
        foreach (var (address, size, memory) in attached)
        {
            if (at >= address && at + bytes <= address + size) return memory.Bytes.Slice(checked((int)(at - address)), bytes);
        }
        throw new MpiException("MPI RMA", cMPI.ERR_RMA_RANGE,
            $"address 0x{at:x} + {bytes} bytes is not inside memory attached to the dynamic window (MPI_Win_attach)");
    }
}
