using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;
using CloudMpi.Transports;
using CloudMpi.Transports.Tcp;

namespace CloudMpi.Tests;

/// <summary>
/// The wire codec shared by tcp and azure: a message survives encoding, and anything that is not a cmpi message
/// of this version is refused with a <see cref="MalformedMessageException"/> saying why, never misread.
/// </summary>
public class MessageCodecTests
{
    private static cMPIMessage Sample() => new()
    {
        Data = [1, 2, 3, 250],
        Source = 3,
        Tag = 77,
        Context = 5,
        SenderWorldRank = 2,
        Sequence = 41,
        MsgId = 1234567890123,
        IsSmallMessage = true,
        Synchronous = true,
    };

    [Fact]
    public void EveryFieldSurvivesTheRoundTrip()
    {
        var m = Sample();
        var back = MessageCodec.Decode(MessageCodec.Encode(m), worldSize: 4, out bool external, out int length);
        Assert.False(external);
        Assert.Equal(4, length);
        Assert.Equal(m.Data, back.Data);
        Assert.Equal((m.Source, m.Tag, m.Context, m.SenderWorldRank, m.Sequence, m.MsgId, m.IsSmallMessage, m.Synchronous, m.IsAck),
                     (back.Source, back.Tag, back.Context, back.SenderWorldRank, back.Sequence, back.MsgId, back.IsSmallMessage, back.Synchronous, back.IsAck));
    }

    [Fact]
    public void AnExternalMessageCarriesOnlyItsHeader()
    {
        byte[] bytes = MessageCodec.Encode(Sample(), external: true);
        Assert.Equal(MessageCodec.HeaderSize, bytes.Length);
        var back = MessageCodec.Decode(bytes, 4, out bool external, out int length);
        Assert.True(external);
        Assert.Equal(4, length); // the blob's size, checked when it is fetched
        Assert.Empty(back.Data);
    }

    public static IEnumerable<object[]> Corruptions =>
    [
        ["short", "shorter than a cmpi header"],
        ["magic", "bad magic number"],
        ["version", "version 2"],
        ["flags", "unknown cmpi message flags 0x43"],
        ["sender", "outside a world of 4"],
        ["negative length", "negative length"],
        ["negative sequence", "negative sequence number"],
        ["length mismatch", "says 4 payload bytes but carries 3"],
        ["external with payload", "external cmpi message carries payload bytes"],
    ];

    [Theory]
    [MemberData(nameof(Corruptions))]
    public void ACorruptedOrForeignMessageIsRefusedSayingWhy(string corruption, string expected)
    {
        byte[] b = MessageCodec.Encode(Sample());
        switch (corruption)
        {
            case "short": b = b[..20]; break;
            case "magic": b[0] = (byte)'<'; break;
            case "version": b[4] = 2; break;
            case "flags": b[5] |= 0x40; break;
            case "sender": BinaryPrimitives.WriteInt32LittleEndian(b.AsSpan(18), 4); break;
            case "negative length": BinaryPrimitives.WriteInt32LittleEndian(b.AsSpan(38), -1); break;
            case "negative sequence": BinaryPrimitives.WriteInt64LittleEndian(b.AsSpan(22), -5); break;
            case "length mismatch": b = b[..^1]; break;
            case "external with payload": b[5] |= 8; break;
            default: throw new ArgumentException(corruption);
        }
        var e = Assert.Throws<MalformedMessageException>(() => MessageCodec.Decode(b, 4, out _, out _));
        Assert.Contains(expected, e.Message);
    }
}
