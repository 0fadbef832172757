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

    // Passive-target lock state: exclusive holder, number of shared holders, and requests waiting, in order.
    public int ExclusiveHolder = -1;
    public int SharedHolders;
    public readonly Queue<(int OriginWorld, long MsgId, bool Exclusive)> Waiting = new();
}

internal sealed class WindowMemory<T>(T[] array, int offset, int count) : WindowMemory where T : unmanaged
{
    public T[] Array { get; } = array;
    public override Span<byte> Bytes => MemoryMarshal.AsBytes(Array.AsSpan(offset, count));
}
