using System.Diagnostics;
using CloudMpi.Transports.Azure;

namespace CloudMpi.Run.Join;

/// <summary>Exit statuses of a joined rank when the job cannot start or loses a rank (beside 2, usage, and 124, timeout).</summary>
public static class JoinExitCodes
{
    /// <summary>The start-up deadline (<c>--join-timeout</c>) passed before every rank arrived.</summary>
    public const int RankNeverArrived = 81;
    /// <summary>Two live processes claimed the same rank.</summary>
    public const int DuplicateRank = 82;
    /// <summary>A rank was started with another <c>--size</c> than the job's.</summary>
    public const int WrongSize = 83;
    /// <summary>A rank stopped raising its heartbeat (killed, its node lost) before it finished.</summary>
    public const int RankLost = 84;
    public const int Timeout = 124;
}

/// <summary>
/// A joined rank's watch over its job, on a thread of its own (a rank computing or blocked in MPI still beats): every
/// <see cref="Period"/> it raises this rank's heartbeat and reads every rank's row and the job's abort row, in two
/// storage requests. From them it decides, and records in the job's table for all to see (<see cref="JobRegistry.Abort"/>):
/// the start-up deadline passing with ranks missing; a rank whose heartbeat counter has not changed for
/// <see cref="LostAfter"/> while it was joining or running (so a lost rank is noticed within LostAfter + Period + one
/// storage round trip); the job's <c>--timeout</c>. It signals <see cref="Started"/> once every rank is ready,
/// <see cref="AllFinished"/> once every rank has finished, and <see cref="Aborted"/> once the job has an end, from this
/// rank or another. Liveness is judged on this rank's own clock, by changes of the counter, so hosts need no
/// synchronized clocks; a gap in this rank's own reads (a stalled host, storage not answering) restarts every clock
/// rather than blaming the others.
/// </summary>
public sealed class JobWatch
{
    private readonly JobRegistry _registry;
    private readonly string _job;
    private readonly double _joinTimeout;
    private readonly double? _timeout;
    private readonly Action<JobAbort> _onAbort;
    private readonly Dictionary<int, (long Beat, long SeenAt)> _lastBeat = [];
    private readonly ManualResetEventSlim _stop = new();
    private Thread? _thread;
    private long _runningSince;
    private JobAbort? _abort;

    /// <param name="onAbort">Called once when the job gets an end (to wake the rank's blocked MPI calls).</param>
    public JobWatch(JobRegistry registry, string job, double joinTimeoutSeconds, double? timeoutSeconds, Action<JobAbort> onAbort)
    {
        _registry = registry;
        _job = job;
        _joinTimeout = joinTimeoutSeconds;
        _timeout = timeoutSeconds;
        _onAbort = onAbort;
    }

    /// <summary>How often the heartbeat is raised and the rows read (CMPI_JOIN_HEARTBEAT, seconds; default 1).</summary>
    public TimeSpan Period { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>How long a rank's heartbeat may stand still before it is lost (CMPI_JOIN_LOST_AFTER, seconds; default 10).</summary>
    public TimeSpan LostAfter { get; init; } = TimeSpan.FromSeconds(10);

    public ManualResetEventSlim Started { get; } = new();
    public ManualResetEventSlim AllFinished { get; } = new();
    public ManualResetEventSlim Aborted { get; } = new();

    /// <summary>The job's end once <see cref="Aborted"/> is set.</summary>
    public JobAbort? Abort => Volatile.Read(ref _abort);

    public void Start()
    {
        _thread = new Thread(Loop) { IsBackground = true, Name = "cmpi join watch" };
        _thread.Start();
    }

    /// <summary>The program started: <c>--timeout</c> counts from now.</summary>
    public void ProgramStarted() => Interlocked.Exchange(ref _runningSince, Stopwatch.GetTimestamp());

    /// <summary>End the job with <paramref name="abort"/> unless it already has an end; returns the end that holds.</summary>
    public JobAbort Decide(JobAbort abort)
    {
        JobAbort holding;
        try
        {
            holding = _registry.Abort(abort);
        }
        catch (StorageException)
        {
            holding = abort;  // storage gone: this rank ends on its own
        }
        SetAbort(holding);
        return holding;
    }

    /// <summary>The program returned 0: say so in this rank's row (the others then stop judging its heartbeat).</summary>
    public void ProgramFinished() => _registry.SetState(JobRegistry.Finished);

    public void Stop()
    {
        _stop.Set();
        _thread?.Join(TimeSpan.FromSeconds(5));
    }

    private void SetAbort(JobAbort abort)
    {
        if (Interlocked.CompareExchange(ref _abort, abort, null) is null)
        {
            _onAbort(abort);
            Aborted.Set();
        }
    }

    private void Loop()
    {
        long startedAt = Stopwatch.GetTimestamp();
        long lastRead = startedAt;
        while (!_stop.IsSet && !Aborted.IsSet)
        {
            JobSnapshot snapshot;
            try
            {
                _registry.Beat();
                snapshot = _registry.Read();
            }
            catch (StorageException e)
            {
                // the SDK retried for its 30 s: this rank can no longer see its job
                SetAbort(new JobAbort(1, $"rank {_registry.Rank} cannot reach the job's table: {e.Message}", _registry.Rank));
                return;
            }
            long now = Stopwatch.GetTimestamp();
            if (Stopwatch.GetElapsedTime(lastRead, now) > LostAfter / 2)
                _lastBeat.Clear();  // this rank was away itself: judge nobody on that gap
            lastRead = now;
            if (snapshot.Abort is { } abort)
            {
                SetAbort(abort);
                return;
            }
            if (Judge(snapshot, startedAt, now) is { } decided)
            {
                Decide(decided);
                return;
            }
            _stop.Wait(Period);
        }
    }

    private JobAbort? Judge(JobSnapshot s, long startedAt, long now)
    {
        int size = _registry.Size;
        var ranks = s.Ranks;
        if (!Started.IsSet)
        {
            var missing = Enumerable.Range(0, size).Where(r => !ranks.TryGetValue(r, out var row) || row.State == JobRegistry.Joining).ToList();
            if (missing.Count == 0)
            {
                Started.Set();
            }
            else if (Stopwatch.GetElapsedTime(startedAt, now).TotalSeconds > _joinTimeout)
            {
                return new JobAbort(JoinExitCodes.RankNeverArrived,
                    $"{Ranks(missing)} did not join job {_job} within {_joinTimeout:0.#} s ({size - missing.Count} of {size} ranks arrived)", missing[0]);
            }
        }
        foreach (var row in ranks.Values)
        {
            if (row.Rank == _registry.Rank || row.State is not (JobRegistry.Joining or JobRegistry.Ready))
                continue;
            if (!_lastBeat.TryGetValue(row.Rank, out var last) || last.Beat != row.Beat)
            {
                _lastBeat[row.Rank] = (row.Beat, now);
                continue;
            }
            double still = Stopwatch.GetElapsedTime(last.SeenAt, now).TotalSeconds;
            if (still >= LostAfter.TotalSeconds)
            {
                return new JobAbort(JoinExitCodes.RankLost,
                    $"rank {row.Rank} (host {row.Host}, pid {row.Pid}) was lost: no heartbeat for {still:0} s before it finished", row.Rank);
            }
        }
        if (ranks.Count >= size && Enumerable.Range(0, size).All(r => ranks.TryGetValue(r, out var row) && row.State == JobRegistry.Finished))
            AllFinished.Set();
        long running = Interlocked.Read(ref _runningSince);
        if (_timeout is double limit && running != 0 && Stopwatch.GetElapsedTime(running, now).TotalSeconds > limit)
            return new JobAbort(JoinExitCodes.Timeout, $"job {_job} ran past its --timeout of {limit:0.#} s", _registry.Rank);
        return null;
    }

    private static string Ranks(List<int> ranks) =>
        ranks.Count == 1 ? $"rank {ranks[0]}" : $"ranks {string.Join(", ", ranks.Take(16))}{(ranks.Count > 16 ? ", ..." : "")}";
}
