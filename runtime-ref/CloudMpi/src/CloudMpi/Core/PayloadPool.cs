using System.Runtime.CompilerServices;

namespace CloudMpi.Core;

/// <summary>
/// Reuses the payload arrays of point-to-point and collective messages of <see cref="MinPooledBytes"/> or more. A fresh
/// array per message is memory the rank has not touched: on the large-object heap (85 000 bytes and up) it costs page
/// faults and, through that heap's allocation budget, full collections (in-process ranks fell to a few hundred MB/s
/// from 128 KiB on); below that, in generation 0, whose budget the GC sizes from the L3 cache (hundreds of MB on a
/// server CPU), every new array lands on pages not touched since the last collection, so each 4 KiB of message costs
/// a page fault and a cache miss on both sides. A 56 KB exchange (NPB CG's vector at 2 ranks) took 95 us (median)
/// with fresh arrays and 6.5 us with kept ones (native Open MPI 9-10 us); a 2 KiB ping-pong 2.9 us and 1.3 us.
/// <para>
/// Ownership: an array comes from here only for a message that alone holds it (<see cref="cMPIMessage.PooledPayload"/>,
/// set by <c>cMPI.SendCore</c> and the collectives' <c>CollSend</c>, which copy into it), and only the receive that
/// copies it into the user's buffer (or into a copy of its own) gives it back, once (<see cref="Return"/> clears the flag and the message's data). Arrays that are
/// shared are never marked: the broadcast used by other collectives forwards one array to several ranks (the MPI_Bcast
/// path forwards a span of its received message instead, so each hop's message owns its array). A message that leaves the
/// process arrives as another message with its own array: the tcp transport gives the sender's back once its socket
/// has the bytes and reads the payload into a pooled one (Transports/Tcp); azure leaves the sender's to the garbage
/// collector.
/// </para>
/// Arrays are kept by exact length (the message's length is its array's), at most <see cref="MaxPooledBytes"/> in all.
/// </summary>
internal static class PayloadPool
{
    /// <summary>
    /// Payloads from this size on come from the pool. Below it a message touches a fraction of a page, and the pool's
    /// lock and lookup cost as much as they save (1-128 B ping-pong unchanged within noise).
    /// </summary>
    public const int MinPooledBytes = 256;

    /// <summary>
    /// The most bytes kept for reuse (process-wide; in-process jobs share it): a sixteenth of the memory the GC may
    /// use, between 64 MiB and 512 MiB. An all-to-all keeps one payload per pair of ranks in flight: NPB FT class A
    /// on 2 ranks moves 4 x 32 MiB per transpose, and with 64 MiB kept half of them were fresh arrays every time
    /// (page faults: 1.5-2.3 s of system time, the timed part 4.0-4.6 s; with 512 MiB 0.9 s and 3.3-3.4 s, and
    /// 15 % less peak memory, the garbage collector no longer growing its heap for them).
    /// </summary>
    public static readonly long MaxPooledBytes =
        Math.Clamp(GC.GetGCMemoryInfo().TotalAvailableMemoryBytes / 16, 64L << 20, 512L << 20);

    private static readonly object gate = new();
    private static readonly Dictionary<int, Stack<byte[]>> free = new();
    private static long pooledBytes;

    /// <summary>A copy of <paramref name="data"/> in an array the caller's message will own alone (a kept one when one of that length is free).</summary>
    public static byte[] Copy(ReadOnlySpan<byte> data)
    {
        byte[] array = Rent(data.Length);
        data.CopyTo(array);
        return array;
    }

    /// <summary>An array of exactly <paramref name="length"/> bytes, not cleared (the caller writes every byte), for a message to own alone.</summary>
    public static byte[] Rent(int length)
    {
        lock (gate)
        {
            if (free.TryGetValue(length, out var stack) && stack.TryPop(out var kept))
            {
                pooledBytes -= kept.Length;
                return kept;
            }
        }
        return GC.AllocateUninitializedArray<byte>(length);
    }

    /// <summary>Give back the payload of <paramref name="m"/> if it came from the pool; the message keeps no data afterwards.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void Return(cMPIMessage m)
    {
        if (!m.PooledPayload) return;
        m.PooledPayload = false;
        byte[] array = m.Data;
        m.Data = [];
        lock (gate)
        {
            if (pooledBytes + array.Length > MaxPooledBytes) return;
            if (!free.TryGetValue(array.Length, out var stack)) free[array.Length] = stack = new Stack<byte[]>();
            stack.Push(array);
            pooledBytes += array.Length;
        }
    }

    /// <summary>How many arrays of exactly <paramref name="length"/> bytes are kept now (tests).</summary>
    internal static int Kept(int length)
    {
        lock (gate) return free.TryGetValue(length, out var stack) ? stack.Count : 0;
    }

    /// <summary>Bytes kept for reuse now (tests).</summary>
    internal static long PooledBytes
    {
        get { lock (gate) return pooledBytes; }
    }
}
