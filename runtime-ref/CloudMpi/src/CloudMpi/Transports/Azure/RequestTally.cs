using System.Collections.Concurrent;
using System.Globalization;
using System.Text;

namespace CloudMpi.Transports.Azure;

/// <summary>
/// What one storage request was, as billed: each is one transaction (Azure bills every request, an empty poll and a
/// retried try included; https://azure.microsoft.com/pricing/details/storage/queues/). The names are what
/// <c>cmpi-run --stats</c> prints.
/// </summary>
internal enum RequestKind
{
    QueuePut,
    QueueGet,
    QueueGetEmpty,
    QueuePeek,
    QueueDelete,
    QueueCreate,
    QueueDeleteQueue,
    QueueList,
    BlobUpload,
    BlobDownload,
    BlobDelete,
    ContainerCreate,
    ContainerDelete,
    TableInsert,
    TableQuery,
    TableCreate,
    TableDelete,
    /// <summary>An update of a table row (the <c>--join</c> registry's states and heartbeats).</summary>
    TableUpdate,
    /// <summary>
    /// A try that will be tried again: answered 408, 429 or 5xx (the SDK retries it after a backoff), or a queue put
    /// answered 404 because the receiver has not created its queue yet (the transport puts again until it has). Billed
    /// like any request, counted apart so that the other kinds stay exact: one put per message, however often it was tried.
    /// </summary>
    Retry,
    /// <summary>
    /// A try that got no answer: the connection broke or the SDK's network timeout ran out before the service answered
    /// (the SDK then tries again, unless the try was the last). The service may or may not have seen it, so it is kept
    /// apart from the exact kinds; a run with such tries took longer for that reason (docs/scale.md).
    /// </summary>
    Unanswered,
    Other,
}

/// <summary>What a storage transaction costs unless the user says otherwise (<c>--price-per-10k-transactions</c>).</summary>
internal static class StoragePrices
{
    /// <summary>
    /// USD per 10,000 transactions: Azure Queue Storage (Queues v2, general-purpose v2, Standard LRS, East US) lists
    /// Class 1 operations (put, delete, create ...) and Class 2 operations (get, peek ...) at $0.004 per 10,000 each
    /// (https://azure.microsoft.com/pricing/details/storage/queues/; the Azure Retail Prices API's meters "LRS Class 1
    /// Operations" and "Class 2 Operations" of product "Queues v2", as infracost's storage_queue_test golden file
    /// records them; read 2026-11-26). Blob writes cost more (hot LRS: $0.055 per 10,000 writes, $0.0044 per 10,000
    /// reads, same sources), so jobs with large messages cost somewhat more than this line says; docs/scale.md.
    /// </summary>
    public const double DefaultPer10k = 0.004;

    public const string DefaultSource = "Azure Queue Storage list price, GPv2 Standard LRS, read 2026-11-26";
}

/// <summary>
/// The storage requests of a job by rank, storage account and kind (<see cref="RequestKind"/>). One tally counts the
/// requests of every <see cref="StorageClients"/> that shares it: each client's HTTP pipeline holds a
/// <see cref="RequestCountingPolicy"/> that sees every try the SDK sends (retries included, as <see cref="RequestKind.Retry"/>),
/// so nothing that reaches the service goes uncounted and no call site counts for itself. A request is charged to the
/// rank the calling thread works for (<see cref="ForRank"/>: the azure transport's sends, receive loops and barriers
/// set it), or to <see cref="Launcher"/> (-1: cmpi-run's own requests, creating and deleting the job's resources), and
/// to the account (<see cref="StorageAccounts"/>, 0 when there is one) whose client sent it. Thread-safe.
/// </summary>
internal sealed class RequestTally
{
    /// <summary>The row of requests no rank made: cmpi-run creating and deleting the job's resources.</summary>
    public const int Launcher = -1;

    private static readonly int KindCount = Enum.GetValues<RequestKind>().Length;

    /// <summary>The tally of this process (cmpi-run and its ranks); tests make their own.</summary>
    public static RequestTally ForProcess { get; } = new();

    [ThreadStatic] private static int currentRankPlusOne;

    private readonly ConcurrentDictionary<(int Rank, int Account), long[]> rows = new();

    /// <summary>The rank the current thread's requests are charged to (<see cref="Launcher"/> when none is set).</summary>
    public static int CurrentRank => currentRankPlusOne - 1;

    /// <summary>Charge the current thread's requests to <paramref name="rank"/> until the scope is disposed.</summary>
    internal static RankScope ForRank(int rank)
    {
        int previous = currentRankPlusOne;
        currentRankPlusOne = rank + 1;
        return new RankScope(previous);
    }

    internal readonly struct RankScope(int previous) : IDisposable
    {
        public void Dispose() => currentRankPlusOne = previous;
    }

    /// <summary>One more request of <paramref name="kind"/> by the current thread's rank, on <paramref name="account"/>.</summary>
    public void Count(RequestKind kind, int account = 0) => Add(CurrentRank, kind, 1, account);

    public void Add(int rank, RequestKind kind, long n, int account = 0)
    {
        long[] row = rows.GetOrAdd((rank, account), _ => new long[KindCount]);
        Interlocked.Add(ref row[(int)kind], n);
    }

    /// <summary>Add every count of <paramref name="other"/> (a rank process's tally, at the end of its job).</summary>
    public void Merge(IReadOnlyDictionary<(int Rank, int Account), long[]> other)
    {
        foreach (var (key, row) in other)
            for (int k = 0; k < Math.Min(row.Length, KindCount); k++)
                if (row[k] != 0) Add(key.Rank, (RequestKind)k, row[k], key.Account);
    }

    /// <summary>A copy of the counts: (rank, account) → count per <see cref="RequestKind"/> (indexed by its value).</summary>
    public SortedDictionary<(int Rank, int Account), long[]> Cells()
    {
        var copy = new SortedDictionary<(int, int), long[]>();
        foreach (var (key, row) in rows)
            copy[key] = (long[])row.Clone(); // 64-bit reads are atomic
        return copy;
    }

    /// <summary>A copy of the counts by rank (every account added up): rank → count per <see cref="RequestKind"/>.</summary>
    public SortedDictionary<int, long[]> Snapshot() => SumBy(key => key.Rank);

    /// <summary>The counts by account (every rank and the launcher added up): account → count per kind.</summary>
    public SortedDictionary<int, long[]> ByAccount() => SumBy(key => key.Account);

    private SortedDictionary<int, long[]> SumBy(Func<(int Rank, int Account), int> by)
    {
        var result = new SortedDictionary<int, long[]>();
        foreach (var (key, row) in Cells())
        {
            if (!result.TryGetValue(by(key), out var sum)) result[by(key)] = sum = new long[KindCount];
            for (int k = 0; k < KindCount; k++) sum[k] += row[k];
        }
        return result;
    }

    /// <summary>Requests of <paramref name="kind"/> by <paramref name="rank"/>, on every account.</summary>
    public long Get(int rank, RequestKind kind) =>
        rows.Where(e => e.Key.Rank == rank).Sum(e => Interlocked.Read(ref e.Value[(int)kind]));

    /// <summary>Requests of <paramref name="kind"/> by <paramref name="rank"/> on <paramref name="account"/>.</summary>
    public long Get(int rank, int account, RequestKind kind) =>
        rows.TryGetValue((rank, account), out var row) ? Interlocked.Read(ref row[(int)kind]) : 0;

    /// <summary>Requests of <paramref name="kind"/> on <paramref name="account"/>, by every rank and the launcher.</summary>
    public long OnAccount(int account, RequestKind kind) =>
        rows.Where(e => e.Key.Account == account).Sum(e => Interlocked.Read(ref e.Value[(int)kind]));

    /// <summary>Every request on <paramref name="account"/>.</summary>
    public long OnAccount(int account) => rows.Where(e => e.Key.Account == account).Sum(e => e.Value.Sum());

    /// <summary>Requests of <paramref name="kind"/> by every rank and the launcher.</summary>
    public long Total(RequestKind kind) => rows.Values.Sum(r => Interlocked.Read(ref r[(int)kind]));

    /// <summary>Every request counted.</summary>
    public long Total() => rows.Values.Sum(r => r.Sum());

    public bool IsEmpty => Total() == 0;

    public void Clear() => rows.Clear();

    /// <summary>Write the counts (<paramref name="w"/>: a rank's end-of-job report to cmpi-run).</summary>
    public void Write(BinaryWriter w)
    {
        var cells = Cells();
        w.Write(cells.Count);
        w.Write(KindCount);
        foreach (var (key, row) in cells)
        {
            w.Write(key.Rank);
            w.Write(key.Account);
            foreach (long v in row) w.Write(v);
        }
    }

    /// <summary>Read what <see cref="Write"/> wrote.</summary>
    public static Dictionary<(int Rank, int Account), long[]> Read(BinaryReader r)
    {
        int n = r.ReadInt32(), kinds = r.ReadInt32();
        if (n < 0 || n > 1 << 20 || kinds < 0 || kinds > 1024) throw new InvalidDataException("bad request counts");
        var result = new Dictionary<(int, int), long[]>();
        for (int i = 0; i < n; i++)
        {
            int rank = r.ReadInt32(), account = r.ReadInt32();
            if (account < 0 || account > 1 << 16) throw new InvalidDataException("bad request counts");
            var row = new long[kinds];
            for (int k = 0; k < kinds; k++) row[k] = r.ReadInt64();
            result[(rank, account)] = row;
        }
        return result;
    }
    /// <summary>The kind <see cref="Describe"/> names <paramref name="name"/> ("queue put" ...), for reading a report back.</summary>
    public static bool TryParseKind(string name, out RequestKind kind)
    {
        foreach (var k in Enum.GetValues<RequestKind>())
        {
            if (Describe(k) == name)
            {
                kind = k;
                return true;
            }
        }
        kind = RequestKind.Other;
        return false;
    }

    /// <summary>The short name <c>--stats</c> prints for <paramref name="kind"/> ("queue put", "empty poll" ...).</summary>
    public static string Describe(RequestKind kind) => kind switch
    {
        RequestKind.QueuePut => "queue put",
        RequestKind.QueueGet => "queue get",
        RequestKind.QueueGetEmpty => "empty poll",
        RequestKind.QueuePeek => "queue peek",
        RequestKind.QueueDelete => "queue delete",
        RequestKind.QueueCreate => "create queue",
        RequestKind.QueueDeleteQueue => "delete queue",
        RequestKind.QueueList => "list queues",
        RequestKind.BlobUpload => "blob upload",
        RequestKind.BlobDownload => "blob download",
        RequestKind.BlobDelete => "blob delete",
        RequestKind.ContainerCreate => "create container",
        RequestKind.ContainerDelete => "delete container",
        RequestKind.TableInsert => "table insert",
        RequestKind.TableQuery => "table query",
        RequestKind.TableCreate => "create table",
        RequestKind.TableDelete => "delete table",
        RequestKind.TableUpdate => "table update",
        RequestKind.Retry => "retry",
        RequestKind.Unanswered => "unanswered",
        _ => "other",
    };

    /// <summary>
    /// The report of <c>cmpi-run --stats</c>: one line per rank (and the launcher) with its total and each kind it
    /// made, a total line, the wall time, requests per second, and the cost at <paramref name="pricePer10k"/>.
    /// </summary>
    public string Report(TimeSpan wall, double pricePer10k, string priceSource, string title = "cmpi-run: storage requests (--stats)")
    {
        var inv = CultureInfo.InvariantCulture;
        var snapshot = Snapshot();
        var sb = new StringBuilder();
        string Row(long[] row) => string.Join(", ", Enumerable.Range(0, row.Length).Where(k => row[k] != 0)
                                                   .Select(k => string.Create(inv, $"{Describe((RequestKind)k)} {row[k]}")));
        sb.Append(title).Append('\n');
        foreach (var (rank, row) in snapshot)
        {
            string who = rank == Launcher ? "cmpi-run" : string.Create(inv, $"rank {rank}");
            sb.Append(inv, $"  {who,-9} {row.Sum(),9}: {Row(row)}\n");
        }
        var total = new long[KindCount];
        foreach (var row in snapshot.Values)
            for (int k = 0; k < KindCount; k++) total[k] += row[k];
        long all = total.Sum();
        double seconds = Math.Max(wall.TotalSeconds, 1e-9);
        sb.Append(inv, $"  {"total",-9} {all,9}: {Row(total)}\n");
        var accounts = ByAccount();
        if (accounts.Count > 1 || accounts.Keys.Any(a => a != 0))
        {
            // Sharded (--azure-accounts): what each account carried, against its own ceiling of requests a second.
            foreach (var (account, row) in accounts)
                sb.Append(inv, $"  {$"account {account}",-9} {row.Sum(),9}: {row.Sum() / Math.Max(wall.TotalSeconds, 1e-9):0.0} requests/s; {Row(row)}\n");
        }
        sb.Append(inv, $"  wall time {wall.TotalSeconds:0.000} s, {all / seconds:0.0} requests/s\n");
        double cost = all * pricePer10k / 10_000;
        sb.Append(inv, $"  cost {cost:0.000000} USD at {pricePer10k:0.#####} USD per 10,000 transactions ({priceSource}); ");
        sb.Append(inv, $"{cost / seconds * 3600:0.0000} USD per hour at this rate\n");
        return sb.ToString();
    }
}
