using System.Globalization;
using System.Net;
using Azure.Data.Tables;
using CloudMpi.Transports.Azure;

namespace CloudMpi.Run.Join;

/// <summary>What a rank's row says: its process, state and heartbeat counter.</summary>
public sealed record RankRow(int Rank, string Instance, string Host, int Pid, int Size, string State, long Beat);

/// <summary>The job's end, decided once by whoever inserts it first (exit status, message, the rank it names).</summary>
public sealed record JobAbort(int Code, string Message, int Rank);

/// <summary>The rows of the job table a rank watches: every rank's row, and the job's abort if one was decided.</summary>
public sealed record JobSnapshot(IReadOnlyDictionary<int, RankRow> Ranks, JobAbort? Abort);

/// <summary>How a registration went.</summary>
public abstract record Registration
{
    public sealed record Registered : Registration;
    /// <summary>Another live process holds this rank's row.</summary>
    public sealed record Duplicate(RankRow First) : Registration;
    /// <summary>The job's size was set by another rank started with another <c>--size</c>.</summary>
    public sealed record WrongSize(int JobSize, int SetByRank) : Registration;
}

/// <summary>
/// The rows of a joined job in its table (the table the azure transport's table barrier uses, whose barrier rows live
/// in partitions of their own). Partition <c>rank</c>: one row per rank (row key = rank), inserted once by the process
/// that claims the rank (a second insert fails: a duplicate), holding its process, its state
/// (<see cref="Joining"/>, <see cref="Ready"/>, <see cref="Finished"/>, <see cref="Failed"/>) and a heartbeat counter
/// it raises every period. Partition <c>job</c>: <c>size</c> (the first rank's <c>--size</c>; a rank with another size
/// is refused), <c>abort</c> (the job's end when it fails: inserted once, the first writer decides the message and
/// exit status every rank reports) and <c>cleanup</c> (inserted by the one rank that deletes the job's storage).
/// Partition <c>out</c>: a row per rank that has stopped using the job's queues.
/// </summary>
public sealed class JobRegistry
{
    public const string Joining = "joining", Ready = "ready", Finished = "finished", Failed = "failed";
    private const string RankPartition = "rank", JobPartition = "job", OutPartition = "out";

    private readonly StorageClients _client;
    private readonly string _table;
    private long _beat;

    internal JobRegistry(StorageClients client, string storageId, int rank, int size)
    {
        _client = client;
        _table = storageId;
        Rank = rank;
        Size = size;
    }

    public int Rank { get; }
    public int Size { get; }

    /// <summary>This process, told apart from another claiming the same rank.</summary>
    public string Instance { get; } = Guid.NewGuid().ToString("N");

    private static string Key(int rank) => rank.ToString("D6", CultureInfo.InvariantCulture);

    /// <summary>Claim this rank: the job's size must agree, and no other process may hold the rank.</summary>
    public Registration Register()
    {
        var size = new TableEntity(JobPartition, "size") { ["Size"] = Size, ["Rank"] = Rank };
        if (!_client.Tables.Add(_table, size))
        {
            var row = _client.Tables.Query(_table, $"PartitionKey eq '{JobPartition}' and RowKey eq 'size'").FirstOrDefault();
            if (row is not null && row.GetInt32("Size") is int jobSize && jobSize != Size)
                return new Registration.WrongSize(jobSize, row.GetInt32("Rank") ?? -1);
        }
        var mine = new TableEntity(RankPartition, Key(Rank))
        {
            ["Instance"] = Instance,
            ["Host"] = Environment.MachineName,
            ["Pid"] = Environment.ProcessId,
            ["Size"] = Size,
            ["State"] = Joining,
            ["Beat"] = 0L,
        };
        if (_client.Tables.Add(_table, mine))
            return new Registration.Registered();
        var first = Read().Ranks.GetValueOrDefault(Rank);
        return first is null || first.Instance == Instance ? new Registration.Registered() : new Registration.Duplicate(first);
    }

    public void SetState(string state) =>
        _client.Tables.Merge(_table, new TableEntity(RankPartition, Key(Rank)) { ["State"] = state });

    /// <summary>Raise this rank's heartbeat counter (others judge liveness by its changes, on their own clocks).</summary>
    public void Beat() =>
        _client.Tables.Merge(_table, new TableEntity(RankPartition, Key(Rank)) { ["Beat"] = Interlocked.Increment(ref _beat) });

    public JobSnapshot Read()
    {
        var rows = _client.Tables.Query(_table, $"PartitionKey eq '{RankPartition}' or PartitionKey eq '{JobPartition}'");
        var ranks = new Dictionary<int, RankRow>();
        JobAbort? abort = null;
        foreach (var e in rows)
        {
            if (e.PartitionKey == RankPartition && int.TryParse(e.RowKey, NumberStyles.None, CultureInfo.InvariantCulture, out int r))
            {
                ranks[r] = new RankRow(r, e.GetString("Instance") ?? "", e.GetString("Host") ?? "?", e.GetInt32("Pid") ?? 0,
                                       e.GetInt32("Size") ?? 0, e.GetString("State") ?? Joining, e.GetInt64("Beat") ?? 0);
            }
            else if (e.PartitionKey == JobPartition && e.RowKey == "abort")
            {
                abort = new JobAbort(e.GetInt32("Code") ?? 1, e.GetString("Message") ?? "the job was aborted", e.GetInt32("Rank") ?? -1);
            }
        }
        return new JobSnapshot(ranks, abort);
    }

    /// <summary>Decide the job's end, unless another rank did first; returns the end that holds.</summary>
    public JobAbort Abort(JobAbort abort)
    {
        var row = new TableEntity(JobPartition, "abort") { ["Code"] = abort.Code, ["Message"] = abort.Message, ["Rank"] = abort.Rank };
        if (_client.Tables.Add(_table, row)) return abort;
        return Read().Abort ?? abort;
    }

    /// <summary>
    /// Say this rank has stopped using the job's queues; true for the one rank that then deletes the job's storage:
    /// the rank whose row makes every registered rank out, and that wins the <c>cleanup</c> row. A rank that died
    /// never leaves, so its job's storage stays for <c>cmpi-run --cleanup</c>.
    /// </summary>
    public bool LeaveAndClaimCleanup()
    {
        try
        {
            _client.Tables.Add(_table, new TableEntity(OutPartition, Key(Rank)));
            var rows = _client.Tables.Query(_table, $"PartitionKey eq '{OutPartition}' or PartitionKey eq '{RankPartition}'");
            int registered = rows.Count(e => e.PartitionKey == RankPartition);
            int outs = rows.Count(e => e.PartitionKey == OutPartition);
            return outs >= registered && _client.Tables.Add(_table, new TableEntity(JobPartition, "cleanup"));
        }
        catch (StorageException e) when (e.Status == HttpStatusCode.NotFound)
        {
            return false;  // the last rank out has already deleted the table
        }
    }
}
