using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Transports;

namespace CloudMpi.Tests;

/// <summary>The core restores per-sender order from sequence numbers and drops duplicates (for reordering transports).</summary>
public class MailboxTests
{
    private sealed class NullTransport : ITransport
    {
        public string Name => "null";
        public int WorldSize => 2;
        public void Send(int destWorldRank, cMPIMessage message) { }
        public void Dispose() { }
    }

    private static cMPIMessage Msg(long seq, int tag) => new()
    {
        Data = BitConverter.GetBytes((int)seq), Source = 1, SenderWorldRank = 1, Tag = tag, Sequence = seq, Context = 0,
    };

    [Fact]
    public void ReordersAndDropsDuplicates()
    {
        var ctx = new RankContext(0, 2, new NullTransport(), host: null);
        var box = ctx.Mailbox;
        foreach (long s in new long[] { 3, 1, 1, 0, 2, 0, 4, 3 }) box.Deliver(Msg(s, 7));
        Assert.Equal(5, box.UnexpectedCount);
        for (int expected = 0; expected < 5; expected++)
        {
            var e = new RecvEntry();
            e.Reset(0, cMPI.ANY_SOURCE, cMPI.ANY_TAG);
            Assert.True(box.MatchOrPost(e));
            Assert.Equal(expected, BitConverter.ToInt32(e.Message!.Data));
        }
        Assert.Equal(0, box.UnexpectedCount);
    }

    [Fact]
    public void PostedReceivesMatchInPostingOrder()
    {
        var ctx = new RankContext(0, 2, new NullTransport(), host: null);
        var box = ctx.Mailbox;
        var any = new RecvEntry();
        any.Reset(0, cMPI.ANY_SOURCE, cMPI.ANY_TAG);
        var specific = new RecvEntry();
        specific.Reset(0, 1, 7);
        var otherContext = new RecvEntry();
        otherContext.Reset(1, 1, 7);
        Assert.False(box.MatchOrPost(otherContext));
        Assert.False(box.MatchOrPost(any));
        Assert.False(box.MatchOrPost(specific));
        box.Deliver(Msg(0, 7));
        Assert.True(any.IsComplete);
        Assert.False(specific.IsComplete);
        Assert.False(otherContext.IsComplete);
        box.Deliver(Msg(1, 7));
        Assert.True(specific.IsComplete);
        Assert.False(otherContext.IsComplete);
    }
}
