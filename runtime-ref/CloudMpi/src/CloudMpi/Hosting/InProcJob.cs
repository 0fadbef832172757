using System.Diagnostics;
using System.Text;
using CloudMpi.Core;
using CloudMpi.Transports;
using CloudMpi.Transports.InProc;

namespace CloudMpi.Hosting;

/// <summary>
/// An MPI job whose ranks all run in this process, each on its own thread (used by <c>cmpi-run</c> and tests).
/// A thread calls <see cref="EnterRank"/> to become a rank, runs the program, then calls <see cref="RankFinished"/>.
/// <para>
/// Deadlock monitor: when every live (not finished) rank has been asleep inside an MPI call, with no message
/// delivered, for the deadlock timeout, <see cref="Deadlocked"/> is raised with a report naming each rank and
/// what it waits for, and the job is aborted. A rank that is computing is never asleep in MPI, so the monitor
/// cannot fire while any rank computes.
/// </para>
/// </summary>
public sealed class InProcJob : IDisposable
{
    private enum RankState { Running, Blocked, Finished }

    private readonly RankContext[] ranks;
    private readonly IReadOnlyList<ITransport> transports;
    // What the storage behind the transports is doing (azure), so a stalled storage service is not taken for a deadlock.
    private readonly StorageActivity[] storages;
    private readonly Host host;
    private readonly TimeSpan deadlockTimeout;
    private readonly object stateLock = new();
    private readonly RankState[] states;
    private int live;
    private int blocked;
    private long progress; // bumped on every wake-up
    // Deliveries per rank, one cache line apart: a shared counter bounced between cores on every message.
    private readonly long[] deliveries;
    private const int CounterStride = 8;
    private volatile string? abortReason;
    private bool disposed;
    private readonly Thread? monitor;
    private readonly TaskCompletionSource<string> deadlockTcs = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Create a job of <paramref name="size"/> ranks. <see cref="Timeout.InfiniteTimeSpan"/> disables deadlock detection.</summary>
    public InProcJob(int size, TimeSpan deadlockTimeout)
        : this(size, deadlockTimeout, transports: null)
    {
    }

    /// <summary>
    /// A job whose ranks reach each other through <paramref name="transports"/>: given every rank's mailbox, it
    /// returns each rank's transport (the same object for all, or one each). Null = the in-process transport.
    /// The job disposes the transports.
    /// </summary>
    internal InProcJob(int size, TimeSpan deadlockTimeout, Func<IMessageSink[], IReadOnlyList<ITransport>>? transports)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(size, 1);
        if (deadlockTimeout <= TimeSpan.Zero && deadlockTimeout != Timeout.InfiniteTimeSpan)
            throw new ArgumentOutOfRangeException(nameof(deadlockTimeout));
        Size = size;
        this.deadlockTimeout = deadlockTimeout;
        host = new Host(this);
        var sinks = new IMessageSink[size];
        var late = new LateTransport[size];
        ranks = new RankContext[size];
        for (int r = 0; r < size; r++)
        {
            late[r] = new LateTransport(size);
            ranks[r] = new RankContext(r, size, late[r], host);
            sinks[r] = ranks[r].Mailbox;
        }
        // The mailboxes exist only once the ranks do; the transports are built from them and then bound.
        IReadOnlyList<ITransport> built = transports is null ? [new InProcTransport(sinks)] : transports(sinks);
        // Inproc deliveries are made by the sending rank's thread: a waiting rank may busy-poll if it has a core.
        var waiting = transports is not null ? WaitPolicy.Yielding
            : size <= Environment.ProcessorCount ? WaitPolicy.Busy : WaitPolicy.Oversubscribed;
        foreach (var rank in ranks) rank.Mailbox.Waiting = waiting;
        if (built.Count != 1 && built.Count != size)
            throw new ArgumentException($"expected 1 or {size} transports, got {built.Count}", nameof(transports));
        for (int r = 0; r < size; r++) late[r].Inner = built[built.Count == 1 ? 0 : r];
        this.transports = built;
        storages = built.Select(b => b.Underlying).OfType<IStorageBacked>().Select(b => b.Storage).Distinct().ToArray();
        states = new RankState[size];
        deliveries = new long[size * CounterStride];
        live = size;
        if (deadlockTimeout != Timeout.InfiniteTimeSpan)
        {
            monitor = new Thread(MonitorLoop) { IsBackground = true, Name = "cmpi deadlock monitor" };
            monitor.Start();
        }
    }

    /// <summary>Number of ranks.</summary>
    public int Size { get; }

    /// <summary>Raised (on the monitor thread) with the report when the job deadlocks, just before it is aborted.</summary>
    public event Action<string>? Deadlocked;

    /// <summary>The deadlock report, once the monitor found one; null otherwise.</summary>
    public string? DeadlockReport { get; private set; }

    /// <summary>Completes with the deadlock report if the job deadlocks.</summary>
    public Task<string> Deadlock => deadlockTcs.Task;

    /// <summary>The reason given to <see cref="Abort"/> (or by MPI_Abort / the deadlock monitor); null while running.</summary>
    public string? AbortReason => abortReason;

    public bool IsAborted => abortReason != null;

    /// <summary>The first transport failure (storage unreachable, a vanished queue), which aborted the job; null if none.</summary>
    public string? TransportFailure { get; private set; }

    /// <summary>The (rank, errorcode) of the first MPI_Abort, if any.</summary>
    public (int Rank, int ErrorCode)? FirstMpiAbort { get; private set; }

    /// <summary>
    /// Bind the calling thread's flow (and async continuations started from it) to <paramref name="rank"/>
    /// until the returned object is disposed.
    /// </summary>
    public IDisposable EnterRank(int rank)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(rank);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(rank, Size);
        return RankContext.Enter(ranks[rank]);
    }

    /// <summary>The rank's program has ended (returned or failed): the deadlock monitor stops counting it as live.</summary>
    public void RankFinished(int rank)
    {
        lock (stateLock)
        {
            if (states[rank] == RankState.Finished) return;
            if (states[rank] == RankState.Blocked) blocked--;
            states[rank] = RankState.Finished;
            live--;
            Monitor.PulseAll(stateLock);
        }
    }

    /// <summary>Abort the job: every MPI call blocked now or later, in every rank, throws <see cref="JobAbortedException"/>.</summary>
    public void Abort(string reason)
    {
        lock (stateLock)
        {
            if (abortReason != null) return;
            abortReason = reason;
            Monitor.PulseAll(stateLock);
        }
        foreach (var r in ranks) r.Mailbox.WakeForAbort();
    }

    public void Dispose()
    {
        lock (stateLock)
        {
            disposed = true;
            Monitor.PulseAll(stateLock);
        }
        if (monitor != null && monitor != Thread.CurrentThread) monitor.Join();
        foreach (var t in transports.Distinct()) t.Dispose();
    }

    /// <summary>The transport a rank was created with, bound once every mailbox exists.</summary>
    private sealed class LateTransport(int worldSize) : ITransport
    {
        public ITransport Inner = null!;

        public string Name => Inner.Name;

        public int WorldSize => worldSize;

        // Not AggressiveOptimization: an interface method, which RuntimeHelpers.PrepareMethod does not compile ahead
        // (RuntimePrecompiler), so it was JIT-compiled at a rank's first send; its ReadyToRun code serves as well.
        public void Send(int destWorldRank, cMPIMessage message) => Inner.Send(destWorldRank, message);

        public ITransport Underlying => Inner;

        public void Dispose() { }
    }

    // ------------------------------------------------------------------ deadlock monitor

    /// <summary>Wake-ups plus deliveries: unchanged while the job makes no progress at all.</summary>
    private long Progress()
    {
        long sum = Interlocked.Read(ref progress);
        for (int i = 0; i < deliveries.Length; i += CounterStride) sum += Interlocked.Read(ref deliveries[i]);
        return sum;
    }

    private void MonitorLoop()
    {
        string? report = null;
        lock (stateLock)
        {
            while (!disposed && abortReason == null)
            {
                if (live > 0 && blocked == live)
                {
                    long seen = Progress();
                    // Ranks asleep in the same collective (by count) with different calls or roots can never be
                    // woken: say so at once, after a moment to let a wake-up in progress land.
                    if (CollectiveMismatch() != null)
                    {
                        Monitor.Wait(stateLock, MismatchGrace);
                        if (!disposed && abortReason == null && blocked == live && live > 0 && Progress() == seen
                            && CollectiveMismatch() is string mismatch)
                        {
                            report = BuildReport(mismatch);
                            break;
                        }
                        continue;
                    }
                    long deadline = Stopwatch.GetTimestamp() + (long)(deadlockTimeout.TotalSeconds * Stopwatch.Frequency);
                    bool stillStuck = true;
                    while (true)
                    {
                        // Ranks waiting for a storage request that is slow to answer are not stuck: the clock starts
                        // again (a storage service that never answers fails the request when its retries run out).
                        if (StorageSlow()) deadline = Stopwatch.GetTimestamp() + (long)(deadlockTimeout.TotalSeconds * Stopwatch.Frequency);
                        long left = deadline - Stopwatch.GetTimestamp();
                        if (left <= 0) break;
                        var pause = TimeSpan.FromSeconds((double)left / Stopwatch.Frequency) + TimeSpan.FromMilliseconds(1);
                        Monitor.Wait(stateLock, storages.Length > 0 && pause > StorageCheck ? StorageCheck : pause);
                        if (disposed || abortReason != null || blocked != live || live == 0 || Progress() != seen)
                        {
                            stillStuck = false;
                            break;
                        }
                    }
                    if (stillStuck && blocked == live && live > 0 && Progress() == seen)
                    {
                        report = BuildReport();
                        break;
                    }
                }
                else
                {
                    Monitor.Wait(stateLock);
                }
            }
        }
        if (report == null) return;
        DeadlockReport = report;
        deadlockTcs.TrySetResult(report);
        try
        {
            Deadlocked?.Invoke(report);
        }
        catch (Exception)
        {
            // A failing handler must not take the process down from the monitor thread.
        }
        finally
        {
            Abort(report);
        }
    }

    private static readonly TimeSpan MismatchGrace = TimeSpan.FromMilliseconds(100);

    /// <summary>How often a monitor whose ranks all wait looks at the storage behind them (azure).</summary>
    private static readonly TimeSpan StorageCheck = TimeSpan.FromMilliseconds(200);

    private bool StorageSlow()
    {
        foreach (var s in storages) if (s.IsSlow()) return true;
        return false;
    }

    /// <summary>
    /// Two blocked ranks inside the same collective of one communicator (their counts of collectives on it agree)
    /// that called different collectives or gave different roots: a description, or null. Called under stateLock
    /// with every live rank blocked, so their wait records hold still.
    /// </summary>
    private string? CollectiveMismatch()
    {
        // A communicator is its context id and its members (the two halves of a split may share a context id).
        var first = new Dictionary<(string Comm, long Seq), int>();
        for (int r = 0; r < Size; r++)
        {
            var w = ranks[r].Wait;
            if (states[r] != RankState.Blocked || w.CollectiveSeq < 0 || w.Comm is null) continue;
            var key = ($"{w.Comm.ContextId}:{string.Join(',', w.Comm.WorldRanksIn(ranks[r]))}", w.CollectiveSeq);
            if (!first.TryGetValue(key, out int q))
            {
                first[key] = r;
                continue;
            }
            var v = ranks[q].Wait;
            if (v.CollectiveCall != w.CollectiveCall || v.CollectiveRoot != w.CollectiveRoot)
                return $"collective mismatch on {w.Comm.Name} (collective #{w.CollectiveSeq} on it): world rank {q} is in {Describe(v)}, " +
                       $"world rank {r} in {Describe(w)}; every rank must call the same collectives in the same order with the same root";
        }
        return null;
    }

    private static string Describe(WaitInfo w) => w.CollectiveRoot >= 0 ? $"{w.CollectiveCall}(root={w.CollectiveRoot})" : w.CollectiveCall;

    private string BuildReport(string? headline = null)
    {
        var sb = new StringBuilder();
        sb.Append(headline ?? $"deadlock: every live rank has been blocked in MPI for {deadlockTimeout.TotalSeconds:0.###} s with no message delivered");
        // On storage transports, say whether storage was answering (a deadlock) or slow (it may not be one).
        foreach (var s in storages) sb.Append(" (").Append(s.Describe()).Append(')');
        for (int r = 0; r < Size; r++)
        {
            sb.Append('\n').Append("rank ").Append(r).Append(": ");
            sb.Append(states[r] == RankState.Finished ? "finished" : ranks[r].Wait.ToString());
        }
        return sb.ToString();
    }

    // ------------------------------------------------------------------ host hooks for the ranks

    private sealed class Host(InProcJob job) : IRankHost
    {
        public string? AbortReason => job.abortReason;

        public void MarkBlocked(int rank)
        {
            lock (job.stateLock)
            {
                if (job.states[rank] != RankState.Running) return;
                job.states[rank] = RankState.Blocked;
                job.blocked++;
                if (job.blocked == job.live) Monitor.PulseAll(job.stateLock);
            }
        }

        public void MarkRunning(int rank)
        {
            lock (job.stateLock)
            {
                if (job.states[rank] != RankState.Blocked) return;
                job.states[rank] = RankState.Running;
                job.blocked--;
                Interlocked.Increment(ref job.progress);
            }
        }

        // Not AggressiveOptimization: an interface method (see LateTransport.Send); ReadyToRun code.
        public void NoteProgress(int rank) => Interlocked.Increment(ref job.deliveries[rank * CounterStride]);

        public void TransportFailed(int rank, string reason)
        {
            lock (job.stateLock) job.TransportFailure ??= reason;
            job.Abort(reason);
        }

        public void AbortFromRank(int rank, int errorCode)
        {
            lock (job.stateLock) job.FirstMpiAbort ??= (rank, errorCode);
            job.Abort($"rank {rank} called MPI_Abort with error code {errorCode}");
        }
    }
}
