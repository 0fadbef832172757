using System.Net.Sockets;
using CloudMpi.Core;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// The receiving end of one authenticated connection: reads its frames (the <see cref="MessageCodec"/> header, then
/// the payload) and hands each to the rank's mailbox. Two threads may read it, one at a time under <see cref="Gate"/>:
/// the connection's reader thread, and the rank's own thread while it waits for a message
/// (<see cref="TcpTransport.Poll"/>), which so takes a frame that has arrived without waiting for the reader thread
/// to be woken and scheduled, a hop that cost several microseconds per message on a loaded 2-core machine.
/// Reads go through a buffer of <see cref="BufferSize"/> bytes (a small frame is one receive call, header and
/// payload together); the rest of a large payload is received straight into its array.
/// </summary>
internal sealed class TcpInbound(Socket socket, int from, int worldSize, int maxPayload, IMessageSink sink)
{
    public const int BufferSize = 1 << 16;

    private readonly byte[] buffer = new byte[BufferSize];
    private int start, end; // buffered bytes not yet consumed: buffer[start..end)

    /// <summary>Held by whichever thread reads a frame; frames are read whole, so the other never sees half of one.</summary>
    public readonly object Gate = new();

    public Socket Socket => socket;
    public int From => from;

    /// <summary>The sender closed the connection cleanly (between frames); nothing more will be read.</summary>
    public bool Ended { get; private set; }

    /// <summary>
    /// Bytes are waiting to be read: in the buffer, or in the socket (one FIONREAD call). A hint when read without
    /// <see cref="Gate"/>; exact under it.
    /// </summary>
    public bool HasBytes => end > start || socket.Available > 0;

    /// <summary>Read and deliver the frames that have arrived, at least one when <paramref name="atLeastOne"/> (blocking
    /// for it); the caller holds <see cref="Gate"/>. False when the sender closed the connection.</summary>
    public bool Drain(bool atLeastOne)
    {
        if (atLeastOne && !ReadFrame()) return false;
        while (!Ended && HasBytes)
            if (!ReadFrame()) return false;
        return !Ended;
    }

    /// <summary>One frame, delivered; false (and <see cref="Ended"/>) on a clean end of stream before its first byte.</summary>
    private bool ReadFrame()
    {
        if (!Fill(MessageCodec.HeaderSize))
        {
            Ended = true;
            return false;
        }
        var m = MessageCodec.ReadHeader(buffer.AsSpan(start, MessageCodec.HeaderSize), worldSize, out int length, out bool external);
        start += MessageCodec.HeaderSize;
        if (external) throw new MalformedMessageException("an external payload on a TCP connection");
        if (m.SenderWorldRank != from)
            throw new MalformedMessageException($"a frame from rank {m.SenderWorldRank} on rank {from}'s connection");
        if (length > maxPayload)
            throw new MalformedMessageException($"a frame announcing {length} bytes, more than the {maxPayload} allowed");
        m.Data = ReadPayload(length, out m.PooledPayload);
        sink.Deliver(m);
        return true;
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
    private void ReadInto(byte[] target, int offset, int count)
    {
        int fromBuffer = Math.Min(count, end - start);
        Buffer.BlockCopy(buffer, start, target, offset, fromBuffer);
        start += fromBuffer;
        int got = fromBuffer;
        while (got < count)
        {
            int n = socket.Receive(target, offset + got, count - got, SocketFlags.None);
            if (n == 0) throw new MalformedMessageException($"connection closed inside a frame ({offset + got} of {offset + count} bytes read)");
            got += n;
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
            int n = socket.Receive(buffer, end, buffer.Length - end, SocketFlags.None);
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
