namespace CloudMpi.Run.Processes;

/// <summary>
/// Runs a flush of a rank process's buffered output every <see cref="Period"/> on a thread of its own, so the output
/// reaches cmpi-run promptly without a flush per printf, and once more when disposed.
/// <para>
/// Not a <see cref="System.Threading.Timer"/>: a timer's callback runs on a thread-pool worker, and a worker that has
/// run an item spins for the next one (about 190 <c>sched_yield</c> calls per wake-up here) before it sleeps, and wakes
/// the timer thread to re-arm. In a job of 3,000 barriers of 7 tcp rank processes on 2 cores, the pool's workers
/// switched out 28,100 times against the 7 ranks' 76,700, and took 29 % of the job's CPU samples in its steady half
/// (<c>perf record</c>, bench/README.md round 16): a cost every rank process paid, waiting or not. This thread sleeps
/// on a monitor with a timeout (no spinning) and wakes 20 times a second.
/// </para>
/// </summary>
internal sealed class OutputFlusher : IDisposable
{
    public static readonly TimeSpan Period = TimeSpan.FromMilliseconds(50);

    private readonly object gate = new();
    private readonly Action flush;
    private readonly Thread thread;
    private bool stopped; // under gate

    public OutputFlusher(Action flush)
    {
        this.flush = flush;
        thread = new Thread(Loop) { IsBackground = true, Name = "cmpi output flusher" };
        thread.Start();
    }

    private void Loop()
    {
        while (true)
        {
            lock (gate)
            {
                if (!stopped) Monitor.Wait(gate, Period);
                if (stopped) return;
            }
            flush();
        }
    }

    /// <summary>Stop the periodic flushes (the caller flushes last).</summary>
    public void Dispose()
    {
        lock (gate)
        {
            stopped = true;
            Monitor.PulseAll(gate);
        }
        thread.Join();
    }
}
