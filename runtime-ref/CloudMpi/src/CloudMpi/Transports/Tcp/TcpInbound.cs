using System.Diagnostics;
using System.Net.Sockets;
using CloudMpi.Core;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// The receiving end of one authenticated connection: its frames (the <see cref="MessageCodec"/> header, then the
/// payload), each handed to the rank's mailbox. Two threads may read it, one at a time (<see cref="TryTake"/>): the
/// connection's reader thread (<see cref="ReadBlocking"/>), and the rank's own thread while it waits for a message
/// (<see cref="ReadArrived"/>; <see cref="ReaderHandover"/> says which). Reads go through a buffer of
/// <see cref="BufferSize"/> bytes, so a small frame, header and payload together, is one receive call; the rest of a
/// large payload is received straight into its array (no second copy). Whoever reads delivers every frame it has begun
/// before it lets go, so the buffer is empty whenever the connection changes hands.
/// A payload of <c>directMin</c> bytes or more whose receive is already posted is received straight into that receive's
/// buffer instead (<see cref="IDirectReceiveSink"/>): no pooled array, no copy by the receive.
/// The rest of a frame the rank's own thread has begun is polled for (<see cref="ReceiveWhileRankReads"/>), not slept on.
/// </summary>
internal sealed class TcpInbound(Socket socket, int from, int worldSize, int maxPayload, int directMin, IMessageSink sink,
    TimeSpan restPatience)
{
    public const int BufferSize = 1 << 16;

    private readonly byte[] buffer = new byte[BufferSize];
    private int start, end; // buffered bytes not yet consumed: buffer[start..end)
    private int taken; // 1 while a thread reads (an Interlocked flag: the rank only ever tries, never waits)

    public Socket Socket => socket;
    public int From => from;

    /// <summary>The socket's file descriptor, for the rank's sleep in the kernel (<see cref="SocketSleep"/>).</summary>
    public int Descriptor { get; } = (int)socket.SafeHandle.DangerousGetHandle();

    /// <summary>Frames read by the reader thread and by the rank's own thread (written by the connection's holder only).</summary>
    public long FramesByReader, FramesByRank;

    /// <summary>Frames whose payload went straight into the buffer of the receive it matched (written by the holder only).</summary>
    public long FramesInPlace;

    /// <summary>Receive calls of the waiting rank's reads, found something or not (written by the holder only; tests).</summary>
    public long RankReceiveCalls;

    /// <summary>The rank's receive calls for the rest of a frame it had begun: those that never wait, and the blocking
    /// ones made when no byte came for <see cref="DefaultRestPatience"/> (written by the holder only; tests, measurements).</summary>
    public long RankRestPolls, RankRestSleeps;

    /// <summary>
    /// How long the rank's thread polls for the rest of a frame with no byte arriving before it waits in the kernel
    /// instead (<see cref="TcpTransport.RestPatience"/>). Within a large frame the next bytes come within microseconds
    /// (its sender writes it whole); a longer gap means the sender is off its core, and a rank that waits that long may
    /// as well sleep. <c>CMPI_TCP_REST_US</c> overrides it (0: one look, then the kernel's wait, as before round 16; for
    /// measurements).
    /// </summary>
    public static readonly TimeSpan DefaultRestPatience = TimeSpan.FromMicroseconds(
        int.TryParse(Environment.GetEnvironmentVariable("CMPI_TCP_REST_US"), out int us) && us >= 0 ? us : 200);

    private readonly long restPatienceTicks = (long)(restPatience.TotalSeconds * Stopwatch.Frequency);

    private bool rankReads; // the rank's own thread reads now (ReadArrived), not the reader thread (the holder's only)

    /// <summary>This rank opened the connection, and the peer answers on it (<see cref="TcpTransport.BothWays"/>).</summary>
    public bool OpenedHere { get; init; }

    /// <summary>Called once, when the connection's first frame has been read whole (before it is delivered): the peer
    /// has shown it speaks the protocol (<see cref="TcpTransport.BothWays"/>: then the rank answers on it).</summary>
    public Action? FirstFrame { get; init; }

    private bool framed; // a first frame was read whole (the holder's only)

    /// <summary>The sender closed the connection, or it was dropped: nothing more will be read.</summary>
    public volatile bool Ended;

    /// <summary>Become the connection's only reader; false when another thread reads it now.</summary>
    public bool TryTake() => Interlocked.CompareExchange(ref taken, 1, 0) == 0;

    /// <summary>Whether a thread reads it now.</summary>
    public bool Held => Volatile.Read(ref taken) != 0;

    /// <summary>Let another thread read.</summary>
    public void Release() => Volatile.Write(ref taken, 0);

    /// <summary>
    /// The reader thread's read (the caller holds the connection, <see cref="TryTake"/>): wait in the receive call for a
    /// frame and deliver it, with every other frame already buffered. False when the sender closed the connection
    /// (normal at the end).
    /// </summary>
    public bool ReadBlocking()
    {
        if (!ReadFrame())
        {
            Ended = true;
            return false;
        }
        FramesByReader += 1 + DeliverBuffered();
        return true;
    }

    /// <summary>
    /// The waiting rank's read (the caller holds the connection): the frames that have arrived, without waiting for one
    /// that has not begun (one non-blocking receive call when nothing is there). A frame that has begun is read to its
    /// end: its sender writes it whole, so the rest is on its way. True when something was delivered.
    /// </summary>
    public bool ReadArrived()
    {
        if (end == start)
        {
            start = end = 0;
            RankReceiveCalls++;
            int n = NonBlockingReceive.Receive(socket, buffer, 0, buffer.Length);
            if (n < 0) return false; // nothing has arrived
            if (n == 0)
            {
                Ended = true; // the sender closed the connection
                return false;
            }
            end = n;
        }
        rankReads = true;
        try
        {
            FramesByRank += DeliverBuffered();
        }
        finally
        {
            rankReads = false;
        }
        return true;
    }

    /// <summary>Deliver every frame begun in the buffer (reading the rest of the last one); how many.</summary>
    private int DeliverBuffered()
    {
        int frames = 0;
        for (; end > start; frames++) ReadFrame();
        return frames;
    }

    /// <summary>One frame, delivered; false on a clean end of stream before its first byte.</summary>
    private bool ReadFrame()
    {
        if (!Fill(MessageCodec.HeaderSize)) return false;
        var m = MessageCodec.ReadHeader(buffer.AsSpan(start, MessageCodec.HeaderSize), worldSize, out int length, out bool external);
        start += MessageCodec.HeaderSize;
        if (external) throw new MalformedMessageException("an external payload on a TCP connection");
        if (m.SenderWorldRank != from)
            throw new MalformedMessageException($"a frame from rank {m.SenderWorldRank} on rank {from}'s connection");
        if (length > maxPayload)
            throw new MalformedMessageException($"a frame announcing {length} bytes, more than the {maxPayload} allowed");
        if (length >= directMin && sink is IDirectReceiveSink direct && direct.ClaimDirect(m, length) is { } receive)
        {
            bool whole = false;
            try
            {
                ReadInto(receive.Target(length));
                whole = true;
                FramesInPlace++;
                Framed();
            }
            finally
            {
                direct.CompleteDirect(receive, m, length, whole); // a broken connection still ends the receive (with an error)
            }
            return true;
        }
        m.Data = ReadPayload(length, out m.PooledPayload);
        Framed();
        sink.Deliver(m);
        return true;
    }

    private void Framed()
    {
        if (framed) return;
        framed = true;
        FirstFrame?.Invoke();
    }

    /// <summary>
    /// The payload of a frame announcing <paramref name="length"/> bytes: one array of that size when it is at most
    /// <see cref="TcpTransport.TrustedAllocation"/>, otherwise an array that doubles as the bytes arrive, so a length
    /// field alone never makes the rank allocate more. From <see cref="PayloadPool.MinPooledBytes"/> up to the
    /// trusted size the array comes from the payload pool (<paramref name="pooled"/>): the message is this
    /// connection's alone, and the receive that copies it out gives the array back, as for an inproc message, so a
    /// steady stream of large messages allocates nothing.
    /// </summary>
    private byte[] ReadPayload(int length, out bool pooled)
    {
        pooled = false;
        if (length == 0) return [];
        if (length >= PayloadPool.MinPooledBytes && length <= TcpTransport.TrustedAllocation)
        {
            var rented = PayloadPool.Rent(length); // not cleared: every byte is read into it below, or the frame fails
            ReadInto(rented, 0, length);
            pooled = true;
            return rented;
        }
        var data = new byte[Math.Min(length, TcpTransport.TrustedAllocation)];
        int got = 0;
        while (true)
        {
            ReadInto(data, got, data.Length - got);
            got = data.Length;
            if (got == length) return data;
            Array.Resize(ref data, (int)Math.Min(length, 2L * data.Length));
        }
    }

    /// <summary>Exactly <paramref name="count"/> bytes into <paramref name="target"/>: the buffered ones first, then the
    /// rest received straight into it (no second copy of a large payload).</summary>
    private void ReadInto(byte[] target, int offset, int count) => ReadInto(target.AsSpan(offset, count), offset);

    /// <summary>Exactly <paramref name="target"/>'s length in bytes into it, the buffered ones first (<paramref name="before"/>:
    /// bytes of the payload read before, for the error message).</summary>
    private void ReadInto(Span<byte> target, int before = 0)
    {
        int fromBuffer = Math.Min(target.Length, end - start);
        buffer.AsSpan(start, fromBuffer).CopyTo(target);
        start += fromBuffer;
        int got = fromBuffer;
        while (got < target.Length)
        {
            int n = ReceiveRest(target[got..]);
            if (n == 0) throw new MalformedMessageException($"connection closed inside a frame ({before + got} of {before + target.Length} bytes read)");
            got += n;
        }
    }

    /// <summary>Some bytes of a frame begun (at least one; 0 at the end of the stream): the reader thread waits for them in
    /// the kernel, the rank's own thread polls (<see cref="ReceiveWhileRankReads"/>).</summary>
    private int ReceiveRest(Span<byte> target) =>
        rankReads ? ReceiveWhileRankReads(target) : socket.Receive(target, SocketFlags.None);

    /// <summary>
    /// The rank's receive of the rest of a frame it has begun: calls that never wait, the core yielded between those
    /// that find nothing, until bytes come; after the patience (<see cref="DefaultRestPatience"/>) without any, one receive that waits in the
    /// kernel. A blocking receive put the rank to sleep whenever it had emptied the socket, and the sender's next segment
    /// woke it: 4 MiB on loopback cost 13.6 context switches and 16 blocking receives per message, where Open MPI's ranks,
    /// polling, had none (perf stat, bench/README.md round 16). The rank waits for this message anyway, and the yield
    /// hands the core to whoever needs it (the sender, on a machine with more ranks than cores).
    /// </summary>
    private int ReceiveWhileRankReads(Span<byte> target)
    {
        long since = Stopwatch.GetTimestamp();
        while (true)
        {
            RankRestPolls++;
            int n = NonBlockingReceive.Receive(socket, target);
            if (n >= 0) return n;
            if (Stopwatch.GetTimestamp() - since > restPatienceTicks)
            {
                RankRestSleeps++;
                return socket.Receive(target, SocketFlags.None);
            }
            Thread.Yield();
        }
    }

    /// <summary>At least <paramref name="count"/> bytes buffered; false on a clean end of stream with none.</summary>
    private bool Fill(int count)
    {
        if (end - start >= count) return true;
        if (start > 0)
        {
            Buffer.BlockCopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
        }
        while (end < count)
        {
            int n = ReceiveRest(buffer.AsSpan(end));
            if (n == 0)
            {
                if (end == 0) return false;
                throw new MalformedMessageException($"connection closed inside a frame ({end} of {count} bytes read)");
            }
            end += n;
        }
        return true;
    }
}
