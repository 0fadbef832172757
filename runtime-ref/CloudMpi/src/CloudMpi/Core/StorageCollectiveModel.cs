namespace CloudMpi.Core;

/// <summary>
/// The time and request model of the collectives on storage queues (docs/scale.md, "The model"; the same formulas as
/// bench/scale_model.py, whose message counts tests/test_scale_model.py checks against these algorithms). The azure
/// transport's variant chooser (<see cref="CollectiveVariants"/>) asks it which variant is fastest on p ranks; this is
/// the one place the switch points come from (docs/scale.md, "Choosing a variant by rank count", lists them).
/// </summary>
internal static class StorageCollectiveModel
{
    // A real account in the same region (docs/scale.md): about 10 ms a request and a 5 ms wait for the receiver's next
    // poll, so a hop (put, poll wait, get) is 25 ms. Assumed, not measured on a cloud account; the latency part of the
    // choice depends only on the ratio request/hop (0.4), the same as the Azurite calibration's (Latency.from_pingpong).
    private const double RequestSeconds = 0.010;
    private const double PollWaitSeconds = 0.005;
    private const double HopSeconds = 2 * RequestSeconds + PollWaitSeconds;
    // The published target of one storage account: 20,000 requests a second
    // (https://learn.microsoft.com/azure/storage/queues/scalability-targets, read 2026-11-26; docs/scale.md).
    private const double AccountTargetPerSecond = 20_000;
    // A rank waiting inside a collective polls its empty queue about every request + half the 20 ms busy cap
    // (PollSchedule, docs/scale.md "Polling"): 50 requests a second at 10 ms a request.
    private const double BusyPollsPerSecond = 1 / (RequestSeconds + 0.020 / 2);

    /// <summary>Sends the root of a threaded scatter or naive broadcast has under way at once (cMPI.CollSendParallel).</summary>
    public const int ParallelSends = 16;

    /// <summary>One operation on p ranks: messages (3 requests each: put, get, delete), hops on the critical path, puts one rank makes in a row.</summary>
    private readonly record struct Shape(long Messages, int Rounds, long SerialPuts);

    private static int Log2Ceil(int p) => p <= 1 ? 0 : 32 - System.Numerics.BitOperations.LeadingZeroCount((uint)(p - 1));

    private static long ThreadedPutsInARow(int p) => Math.Max(0, (p - 1 + ParallelSends - 1) / ParallelSends - 1);

    private static Shape ShapeOf(Enum variant, int p)
    {
        int lg = Log2Ceil(p), oneHop = p > 1 ? 1 : 0;
        return variant switch
        {
            CollectiveVariants.BcastKind.Hypercube => new(p - 1, lg, 0),
            CollectiveVariants.BcastKind.Naive => new(p - 1, oneHop, ThreadedPutsInARow(p)),
            CollectiveVariants.ScatterKind.Threads => new(p - 1, oneHop, ThreadedPutsInARow(p)),
            CollectiveVariants.ScatterKind.Sequential => new(p - 1, oneHop, Math.Max(0, p - 2)),
            CollectiveVariants.BarrierKind.Messages => new(2L * (p - 1), 2 * lg, 0),
            CollectiveVariants.BarrierKind.Dissemination => new((long)p * lg, lg, 0),
            CollectiveVariants.BarrierKind.Linear => new(2L * (p - 1), 2 * oneHop, Math.Max(0, p - 2)),
            CollectiveVariants.AllgatherKind.GatherBcast => new(2L * (p - 1), p > 1 ? 1 + lg : 0, 0),
            CollectiveVariants.AllgatherKind.Exchange => new((long)p * (p - 1), oneHop, Math.Max(0, p - 2)),
            // The table barrier is left out: its model counts one query per rank, but ranks that arrive early query
            // until the last row is in, so its requests and time are lower bounds (measured 1-22x its modelled time
            // at 2-32 ranks, docs/scale.md), and a chooser should not pick on a bound.
            _ => throw new ArgumentException($"no storage model for variant {variant}"),
        };
    }

    /// <summary>Modelled seconds of one operation by latency alone: hops one after another, plus the puts in a row.</summary>
    public static double LatencySeconds(Enum variant, int p)
    {
        var s = ShapeOf(variant, p);
        return s.Rounds * HopSeconds + s.SerialPuts * RequestSeconds;
    }

    /// <summary>Requests of one operation (put, get and delete of each message).</summary>
    public static long Requests(Enum variant, int p) => 3 * ShapeOf(variant, p).Messages;

    /// <summary>
    /// Modelled seconds of one operation run back to back on one account: its latency, or, when that is longer, the
    /// time the account takes to serve its requests at the target rate left over by the polls of p waiting ranks.
    /// Infinite once those polls alone reach the target (about 400 ranks): then only the request count tells variants apart.
    /// </summary>
    public static double Seconds(Enum variant, int p)
    {
        double spare = AccountTargetPerSecond - p * BusyPollsPerSecond;
        if (spare <= 0) return double.PositiveInfinity;
        return Math.Max(LatencySeconds(variant, p), Requests(variant, p) / spare);
    }

    /// <summary>Messages rank <paramref name="rank"/> receives in one operation (each costs its account 3 requests).</summary>
    public static long Received(Enum variant, int p, int rank)
    {
        if (p <= 1) return 0;
        return variant switch
        {
            CollectiveVariants.BcastKind.Hypercube or CollectiveVariants.BcastKind.Naive
                or CollectiveVariants.ScatterKind.Threads or CollectiveVariants.ScatterKind.Sequential => rank == 0 ? 0 : 1,
            // fan-in along the binomial tree to rank 0 (its children's messages), then the broadcast from 0
            CollectiveVariants.BarrierKind.Messages => BinomialChildren(p, rank) + (rank == 0 ? 0 : 1),
            CollectiveVariants.BarrierKind.Dissemination => Log2Ceil(p),
            CollectiveVariants.BarrierKind.Linear => rank == 0 ? p - 1 : 1,
            CollectiveVariants.AllgatherKind.GatherBcast => rank == 0 ? p - 1 : 1,
            CollectiveVariants.AllgatherKind.Exchange => p - 1,
            _ => throw new ArgumentException($"no storage model for variant {variant}"),
        };
    }

    /// <summary>Children of <paramref name="rank"/> in the binomial tree from 0: rank + m for each power m below its lowest set bit.</summary>
    private static int BinomialChildren(int p, int rank)
    {
        int low = rank == 0 ? int.MaxValue : rank & -rank, n = 0;
        for (long m = 1; m < low && rank + m < p; m <<= 1) n++;
        return n;
    }

    /// <summary>
    /// Requests a second on each of <paramref name="accounts"/> storage accounts when the operation runs back to back
    /// on p ranks sharded by rank mod k (<c>--azure-accounts</c>, Transports/Azure/StorageAccounts): a message's three
    /// requests on its receiver's account, each rank's polls on its own. The same numbers as bench/scale_model.py's
    /// account_rates (tests/test_scale_model.py and StorageModelAgreementTests check both against one golden grid).
    /// </summary>
    public static double[] AccountRates(Enum variant, int p, int accounts)
    {
        var rates = new double[accounts];
        double t = LatencySeconds(variant, p);
        if (t <= 0) return rates;
        for (int r = 0; r < p; r++) rates[r % accounts] += 3 * Received(variant, p, r) / t + BusyPollsPerSecond;
        return rates;
    }

    /// <summary>The fewest accounts that keep each under its 20,000 requests a second; null when none up to <paramref name="limit"/> does.</summary>
    public static int? AccountsNeeded(Enum variant, int p, int limit = 1024)
    {
        for (int k = 1; k <= Math.Min(p, limit); k++)
            if (AccountRates(variant, p, k).Max() <= AccountTargetPerSecond) return k;
        return null;
    }

    /// <summary>
    /// The variant of <paramref name="candidates"/> the model says is best on p ranks: the shortest time, then the
    /// fewest requests, then the shortest latency; on a full tie the earlier candidate (the transport's old default).
    /// </summary>
    public static T Best<T>(int p, params T[] candidates) where T : struct, Enum
    {
        T best = candidates[0];
        foreach (T c in candidates.Skip(1))
        {
            int cmp = Seconds(c, p).CompareTo(Seconds(best, p));
            if (cmp == 0) cmp = Requests(c, p).CompareTo(Requests(best, p));
            if (cmp == 0) cmp = LatencySeconds(c, p).CompareTo(LatencySeconds(best, p));
            if (cmp < 0) best = c;
        }
        return best;
    }
}
