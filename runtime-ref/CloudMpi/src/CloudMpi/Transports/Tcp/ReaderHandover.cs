using System.Diagnostics;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// Who reads a rank's incoming connections: the rank's own thread while it waits for a message (it polls them between
/// its yields, <see cref="TcpTransport.Poll"/>), the connections' reader threads otherwise.
/// <para>
/// Why the reader threads step aside rather than wait in the kernel beside the polling rank: a thread blocked in
/// <c>recv</c> (or <c>poll</c>) on a socket is woken by the kernel for every frame that arrives, and on a small machine
/// that wake-up and the switch to the reader and back to the rank are most of a small message's latency. So while the
/// rank polls, a reader waits on this object, where no arriving byte can wake it, and the kernel has no one to wake.
/// (Round 4 tried the rank polling beside readers that kept waiting in <c>poll</c>: every frame still woke a reader, and
/// it measured slower.)
/// </para>
/// <para>
/// The rank counts as polling from its first poll of a wait until the wait ends, however long the scheduler keeps it
/// off the core between two polls (on a loaded machine a yield can take milliseconds), and for <see cref="Grace"/>
/// after the wait ended (<see cref="RankLeft"/>), since a rank exchanging messages is soon waiting again. The readers
/// take over when the rank goes to sleep on its mailbox (<see cref="RankStopped"/>, called before it sleeps) or has
/// been out of its waits for the grace period (it is computing, or sending a large message): frames that arrive
/// then are still read at once, so a sender never stays blocked on a full socket, acknowledgements of synchronous sends
/// and one-sided requests are still served, and no message waits for the rank to enter MPI. One parked reader watches
/// the clock (a timed wait); the others wait untimed, so a rank with many peers costs one wake-up per grace period.
/// </para>
/// <para>
/// A rank whose polling phase is over sleeps in the kernel on its own connections (<see cref="SocketSleep"/>) and stays
/// the reader meanwhile: a frame wakes it, not a reader. While it sleeps there the clock watcher waits
/// <see cref="AsleepWatch"/> instead of <see cref="Grace"/> (an idle rank would otherwise cost 500 wake-ups a second).
/// Nothing ends that wait early: after a wait in which the rank slept, the readers take over within 10 ms of its end
/// rather than 2 ms. Round 8 first had the end of each wait wake the watcher, so that the grace period was kept
/// exactly: a barrier on 7 ranks on 2 cores then cost 50 futex calls and 37 context switches (all ranks), against 2.7
/// and 20 without (perf stat, bench/README.md round 8).
/// </para>
/// </summary>
internal sealed class ReaderHandover
{
    /// <summary>How long after the rank's last poll the readers stay parked.</summary>
    public static readonly TimeSpan Grace = TimeSpan.FromMilliseconds(2);

    private static readonly long GraceTicks = (long)(Grace.TotalSeconds * Stopwatch.Frequency);

    /// <summary>How long the clock watcher waits when the rank sleeps in the kernel as it starts waiting.</summary>
    public static readonly TimeSpan AsleepWatch = TimeSpan.FromMilliseconds(10);

    private readonly object gate = new();
    private volatile bool inWait; // between the rank's first poll of a wait and the wait's end
    private int asleep; // 1 while the rank sleeps in the kernel on its connections (Interlocked: see RankAsleep)
    private long leftAt; // Stopwatch timestamp of the end of the rank's latest wait; 0 = it went to sleep
    private int parked;
    private bool clockWatched; // one parked reader waits with a timeout (under gate)

    /// <summary>The rank polled its connections just now, in a wait.</summary>
    public void RankPolled()
    {
        if (!inWait) inWait = true; // written once per wait: the cache line stays with the rank's core
    }

    /// <summary>The rank goes to sleep in the kernel on its connections, still in its wait (the readers stay parked).</summary>
    public void RankSleeps() => Interlocked.Exchange(ref asleep, 1); // a full fence before the rank looks (RankAsleep)

    /// <summary>Whether the rank sleeps in the kernel now (a full fence first: a reader that just let go of a connection
    /// the sleeping rank left out, as held, sees it asleep, or the rank saw the connection free).</summary>
    public bool RankAsleep
    {
        get
        {
            Interlocked.MemoryBarrier();
            return Volatile.Read(ref asleep) != 0;
        }
    }

    /// <summary>The rank woke from its sleep in the kernel.</summary>
    public void RankWoke() => Volatile.Write(ref asleep, 0);

    /// <summary>The rank's wait ended: it is back in its program.</summary>
    public void RankLeft()
    {
        Volatile.Write(ref leftAt, Stopwatch.GetTimestamp());
        inWait = false;
    }

    /// <summary>The rank is going to sleep: the readers read from now on.</summary>
    public void RankStopped()
    {
        Interlocked.Exchange(ref leftAt, 0);
        inWait = false;
        Interlocked.MemoryBarrier(); // a reader parking now sees it, or is counted below
        if (Volatile.Read(ref parked) > 0) ReleaseAll();
    }

    /// <summary>Wake every parked reader (the rank stopped, or the transport is closing).</summary>
    public void ReleaseAll()
    {
        lock (gate) Monitor.PulseAll(gate);
    }

    private bool RankPolling
    {
        get
        {
            if (inWait) return true;
            long t = Volatile.Read(ref leftAt);
            return t != 0 && Stopwatch.GetTimestamp() - t < GraceTicks;
        }
    }

    /// <summary>A reader's turn: returns at once when the rank is not polling, else when it stops (or
    /// <paramref name="stop"/> holds: the connection ended, the transport closes).</summary>
    public void WaitTurn(Func<bool> stop)
    {
        if (!RankPolling) return;
        lock (gate)
        {
            Interlocked.Increment(ref parked);
            try
            {
                while (RankPolling && !stop())
                {
                    if (clockWatched)
                    {
                        Monitor.Wait(gate);
                        continue;
                    }
                    clockWatched = true;
                    try
                    {
                        Monitor.Wait(gate, Volatile.Read(ref asleep) != 0 ? AsleepWatch : Grace);
                    }
                    finally
                    {
                        clockWatched = false;
                    }
                }
            }
            finally
            {
                Interlocked.Decrement(ref parked);
                // The others re-check: they leave too when the rank stopped, or one of them watches the clock instead.
                Monitor.PulseAll(gate);
            }
        }
    }
}
