using CloudMpi.Core;
using V = CloudMpi.Core.CollectiveVariants;

namespace CloudMpi.Tests;

/// <summary>
/// The azure transport's variant chooser picks by communicator size from the storage model (StorageCollectiveModel,
/// docs/scale.md "Choosing a variant by rank count"), and a variant set by CMPI_* (the static properties it parses
/// into) always wins. The switch points asserted here are worked out by hand from the model's formulas (hop 25 ms,
/// request 10 ms, 16 parallel puts, 20,000 requests a second per account less 50 polls a second per waiting rank),
/// in the comments, so a change to the model that moves them shows up here and in docs/scale.md together.
/// Runs in CollectiveVariantTests' collection: the variants are process-wide.
/// </summary>
[Collection(nameof(CollectiveVariantTests))]
public class VariantChooserTests
{
    private static void WithNoOverride(Action body)
    {
        var old = (V.Bcast, V.Scatter, V.Barrier, V.Allgather);
        (V.Bcast, V.Scatter, V.Barrier, V.Allgather) = (null, null, null, null);
        try { body(); }
        finally { (V.Bcast, V.Scatter, V.Barrier, V.Allgather) = old; }
    }

    // Broadcast: hypercube ceil(log2 p) hops against naive's 1 hop + (ceil((p-1)/16) - 1) puts in a row.
    // p = 2: 25 ms each, a tie: the hypercube (first candidate). p = 3: 50 against 25 ms: naive.
    // From p = 322 both are bound by the account (same 3(p-1) requests, 6,900 requests a second left after 322 ranks'
    // polls: 963 / 6,900 = 140 ms < latency): tied on time and requests, so latency decides: at 322 ceil(log2) = 9,
    // 225 ms, naive 25 + 10 x 20 = 225 ms, a tie again: the hypercube; at 321, 25 + 10 x 19 = 215 ms: naive.
    [Theory]
    [InlineData(1, "Hypercube")]
    [InlineData(2, "Hypercube")]
    [InlineData(3, "Naive")]
    [InlineData(64, "Naive")]
    [InlineData(321, "Naive")]
    [InlineData(322, "Hypercube")]
    [InlineData(323, "Hypercube")]
    [InlineData(4096, "Hypercube")]
    public void BcastSwitchesToTheHypercubeWhereTheRootsPutsOutlastLog2PHops(int p, string expected) =>
        WithNoOverride(() => Assert.Equal(expected, V.BcastFor("azure", p).ToString()));

    // Barrier: dissemination ceil(log2 p) hops and p ceil(log2 p) messages, messages 2 ceil(log2 p) hops and 2(p - 1).
    // At p = 181: 181 x 8 x 3 = 4,344 requests over 20,000 - 9,050 = 10,950 a second: 397 ms, just under messages'
    // 16 hops = 400 ms. At p = 182: 4,368 / 10,900 = 400.7 ms > 400 ms: messages.
    [Theory]
    [InlineData(1, "Messages")]
    [InlineData(2, "Dissemination")]
    [InlineData(100, "Dissemination")]
    [InlineData(181, "Dissemination")]
    [InlineData(182, "Messages")]
    [InlineData(183, "Messages")]
    [InlineData(4096, "Messages")]
    public void BarrierSwitchesToMessagesWhereDisseminationsRequestsFillTheAccount(int p, string expected) =>
        WithNoOverride(() => Assert.Equal(expected, V.BarrierFor("azure", p).ToString()));

    // Allgather: exchange 1 hop + (p - 2) puts in a row, gather-and-broadcast 1 + ceil(log2 p) hops.
    // p = 11: 25 + 90 = 115 ms against 5 hops = 125 ms: exchange. p = 12: 125 against 125 ms, a tie, and the
    // exchange's 396 requests against 66: gatherbcast.
    [Theory]
    [InlineData(2, "Exchange")]
    [InlineData(11, "Exchange")]
    [InlineData(12, "GatherBcast")]
    [InlineData(13, "GatherBcast")]
    [InlineData(4096, "GatherBcast")]
    public void AllgatherSwitchesToGatherBcastWhereTheExchangesPutsOutlastItsHops(int p, string expected) =>
        WithNoOverride(() => Assert.Equal(expected, V.AllgatherFor("azure", p).ToString()));

    // Scatter: threaded puts in a row (ceil((p-1)/16) - 1) never exceed sequential ones (p - 2): threads throughout.
    [Theory]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(17)]
    [InlineData(18)]
    [InlineData(4096)]
    public void ScatterStaysThreaded(int p) =>
        WithNoOverride(() => Assert.Equal(V.ScatterKind.Threads, V.ScatterFor("azure", p)));

    /// <summary>Each collective switches once in 1-4096 ranks at most (the choice is monotone in p), where the theories above say.</summary>
    [Fact]
    public void EachCollectiveSwitchesAtMostOnceUpTo4096Ranks() => WithNoOverride(() =>
    {
        static List<int> Switches<T>(Func<int, T> choose) where T : struct, Enum =>
            Enumerable.Range(3, 4094).Where(p => !choose(p).Equals(choose(p - 1))).ToList();
        Assert.Equal([3, 322], Switches(p => V.BcastFor("azure", p)));
        Assert.Equal([182], Switches(p => V.BarrierFor("azure", p)));
        Assert.Equal([12], Switches(p => V.AllgatherFor("azure", p)));
        Assert.Empty(Switches(p => V.ScatterFor("azure", p)));
    });

    /// <summary>A variant set by CMPI_* wins on azure on either side of every switch point, the table barrier included.</summary>
    [Theory]
    [InlineData(3)]
    [InlineData(12)]
    [InlineData(181)]
    [InlineData(182)]
    [InlineData(322)]
    [InlineData(4096)]
    public void AnExplicitVariantWinsOverTheModel(int p)
    {
        var old = (V.Bcast, V.Scatter, V.Barrier, V.Allgather);
        try
        {
            foreach (var b in Enum.GetValues<V.BcastKind>()) { V.Bcast = b; Assert.Equal(b, V.BcastFor("azure", p)); }
            foreach (var s in Enum.GetValues<V.ScatterKind>()) { V.Scatter = s; Assert.Equal(s, V.ScatterFor("azure", p)); }
            foreach (var r in Enum.GetValues<V.BarrierKind>()) { V.Barrier = r; Assert.Equal(r, V.BarrierFor("azure", p)); }
            foreach (var a in Enum.GetValues<V.AllgatherKind>()) { V.Allgather = a; Assert.Equal(a, V.AllgatherFor("azure", p)); }
            // The last of each enum is still set; with all four set the report names no model choice.
            Assert.Equal("bcast naive (set), scatter threads (set), barrier linear (set), allgather gatherbcast (set)", V.Describe("azure", p));
        }
        finally { (V.Bcast, V.Scatter, V.Barrier, V.Allgather) = old; }
    }

    [Fact]
    public void StatsNameTheChosenVariantsAndWhereTheyCameFrom()
    {
        var old = (V.Bcast, V.Scatter, V.Barrier, V.Allgather);
        try
        {
            (V.Bcast, V.Scatter, V.Barrier, V.Allgather) = (null, null, null, null);
            string four = V.Describe("azure", 4);
            Assert.StartsWith("bcast naive, scatter threads, barrier dissemination, allgather exchange (by rank count at 4 ranks", four);
            Assert.StartsWith("bcast hypercube, scatter threads, barrier messages, allgather gatherbcast (by rank count at 400 ranks", V.Describe("azure", 400));
            V.Barrier = V.BarrierKind.Table;
            Assert.Contains("barrier table (set)", V.Describe("azure", 4));
            // Off azure the defaults measured by make bench-comm stand, whatever the size.
            (V.Bcast, V.Barrier) = (null, null);
            Assert.Equal("bcast hypercube, scatter sequential, barrier dissemination, allgather exchange", V.Describe("inproc", 400));
        }
        finally { (V.Bcast, V.Scatter, V.Barrier, V.Allgather) = old; }
    }
}
