using System.Buffers.Binary;

namespace CloudMpi.Transports;

/// <summary>A byte sequence that is not a cmpi message (foreign, truncated or from another version).</summary>
public sealed class MalformedMessageException(string message) : Exception(message);

/// <summary>
/// The wire form of a <see cref="cMPIMessage"/> shared by the out-of-process transports (TCP frames, storage-queue
/// bodies): a fixed little-endian header followed by the payload. The header starts with a magic number and a
/// version so that a foreign or corrupted message is rejected with an error instead of being misread.
/// </summary>
internal static class MessageCodec
{
    /// <summary>"cMPI" in ASCII, read little-endian.</summary>
    public const uint Magic = 0x4950_4D63;
    public const byte Version = 1;

    [Flags]
    private enum Flags : byte
    {
        None = 0,
        Small = 1,
        Synchronous = 2,
        Ack = 4,
        /// <summary>The payload is not in the message: it is stored elsewhere (a blob) under a name derived from the id.</summary>
        External = 8,
    }

    // magic(4) version(1) flags(1) source(4) tag(4) context(4) senderWorld(4) sequence(8) msgId(8) dataLength(4)
    public const int HeaderSize = 4 + 1 + 1 + 4 + 4 + 4 + 4 + 8 + 8 + 4;

    /// <summary>Write the header for <paramref name="m"/>; <paramref name="external"/> says the payload travels separately.</summary>
    public static void WriteHeader(Span<byte> h, cMPIMessage m, bool external = false) => WriteHeader(h, m, m.Data.Length, external);

    /// <summary>The header for <paramref name="m"/> whose payload, of <paramref name="dataLength"/> bytes, is not in its
    /// <c>Data</c> but written after the header from elsewhere (the tcp transport's direct send).</summary>
    public static void WriteHeader(Span<byte> h, cMPIMessage m, int dataLength, bool external = false)
    {
        var flags = Flags.None;
        if (m.IsSmallMessage) flags |= Flags.Small;
        if (m.Synchronous) flags |= Flags.Synchronous;
        if (m.IsAck) flags |= Flags.Ack;
        if (external) flags |= Flags.External;
        BinaryPrimitives.WriteUInt32LittleEndian(h, Magic);
        h[4] = Version;
        h[5] = (byte)flags;
        BinaryPrimitives.WriteInt32LittleEndian(h[6..], m.Source);
        BinaryPrimitives.WriteInt32LittleEndian(h[10..], m.Tag);
        BinaryPrimitives.WriteInt32LittleEndian(h[14..], m.Context);
        BinaryPrimitives.WriteInt32LittleEndian(h[18..], m.SenderWorldRank);
        BinaryPrimitives.WriteInt64LittleEndian(h[22..], m.Sequence);
        BinaryPrimitives.WriteInt64LittleEndian(h[30..], m.MsgId);
        BinaryPrimitives.WriteInt32LittleEndian(h[38..], dataLength);
    }

    /// <summary>Header plus payload in one array (queue bodies).</summary>
    public static byte[] Encode(cMPIMessage m, bool external = false)
    {
        int dataBytes = external ? 0 : m.Data.Length;
        var bytes = new byte[HeaderSize + dataBytes];
        WriteHeader(bytes, m, external);
        if (!external) m.Data.CopyTo(bytes.AsSpan(HeaderSize));
        return bytes;
    }

    /// <summary>
    /// Read a header. Returns the message without its payload, the payload length, and whether the payload is
    /// external (stored elsewhere); throws <see cref="MalformedMessageException"/> for anything else.
    /// </summary>
    public static cMPIMessage ReadHeader(ReadOnlySpan<byte> h, int worldSize, out int dataLength, out bool external)
    {
        if (h.Length < HeaderSize)
            throw new MalformedMessageException($"a message of {h.Length} bytes is shorter than a cmpi header ({HeaderSize} bytes)");
        if (BinaryPrimitives.ReadUInt32LittleEndian(h) != Magic)
            throw new MalformedMessageException("not a cmpi message (bad magic number)");
        if (h[4] != Version)
            throw new MalformedMessageException($"cmpi message version {h[4]}, this runtime reads version {Version}");
        var flags = (Flags)h[5];
        if ((flags & ~(Flags.Small | Flags.Synchronous | Flags.Ack | Flags.External)) != 0)
            throw new MalformedMessageException($"unknown cmpi message flags 0x{(byte)flags:x2}");
        var m = new cMPIMessage
        {
            IsSmallMessage = (flags & Flags.Small) != 0,
            Synchronous = (flags & Flags.Synchronous) != 0,
            IsAck = (flags & Flags.Ack) != 0,
            Source = BinaryPrimitives.ReadInt32LittleEndian(h[6..]),
            Tag = BinaryPrimitives.ReadInt32LittleEndian(h[10..]),
            Context = BinaryPrimitives.ReadInt32LittleEndian(h[14..]),
            SenderWorldRank = BinaryPrimitives.ReadInt32LittleEndian(h[18..]),
            Sequence = BinaryPrimitives.ReadInt64LittleEndian(h[22..]),
            MsgId = BinaryPrimitives.ReadInt64LittleEndian(h[30..]),
        };
        dataLength = BinaryPrimitives.ReadInt32LittleEndian(h[38..]);
        external = (flags & Flags.External) != 0;
        if (m.SenderWorldRank < 0 || m.SenderWorldRank >= worldSize)
            throw new MalformedMessageException($"cmpi message from rank {m.SenderWorldRank}, outside a world of {worldSize}");
        if (dataLength < 0)
            throw new MalformedMessageException($"cmpi message with a negative length ({dataLength})");
        if (m.Sequence < 0 && !m.IsAck)
            throw new MalformedMessageException($"cmpi message with a negative sequence number ({m.Sequence})");
        return m;
    }

    /// <summary>Decode a whole inline message (header and payload in <paramref name="bytes"/>).</summary>
    public static cMPIMessage Decode(ReadOnlySpan<byte> bytes, int worldSize, out bool external, out int dataLength)
    {
        var m = ReadHeader(bytes, worldSize, out dataLength, out external);
        if (!external)
        {
            if (bytes.Length != HeaderSize + dataLength)
                throw new MalformedMessageException($"cmpi message says {dataLength} payload bytes but carries {bytes.Length - HeaderSize}");
            m.Data = bytes[HeaderSize..].ToArray();
        }
        else if (bytes.Length != HeaderSize)
        {
            throw new MalformedMessageException("an external cmpi message carries payload bytes");
        }
        return m;
    }
}
