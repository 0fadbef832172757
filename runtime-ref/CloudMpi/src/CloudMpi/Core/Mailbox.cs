using System.Runtime.CompilerServices;
using System.Diagnostics;
using CloudMpi.Hosting;
using CloudMpi.Transports;

namespace CloudMpi.Core;

/// <summary>
/// One rank's matching engine: every message for the rank arrives here (<see cref="Deliver"/>, any thread),
/// is put back in per-sender order by sequence number, and is matched against posted receives in posting
/// order; otherwise it waits in the unexpected queue in arrival order. Receives match the first fitting
/// unexpected message. Together this gives MPI's matching rules and non-overtaking order.
/// The owning rank sleeps on this object's lock (Monitor.Wait) after a short spin; deliveries pulse it.
/// </summary>
internal sealed class Mailbox : IMessageSink, IDirectReceiveSink
{
    private readonly object gate = new();
    private readonly RankContext owner;

    // Unexpected messages, arrival order (intrusive doubly-linked list: no node allocations).
    private cMPIMessage? unexpectedHead, unexpectedTail;
    // Posted receives, posting order.
    private RecvEntry? postedHead, postedTail;

    // Per-sender ordering: next expected sequence number, and early arrivals held back.
    private readonly long[] expectedSeq;
    private Dictionary<(int Sender, long Seq), cMPIMessage>? holdback;

    // Synchronous sends of this rank awaiting an ack, by message id.
    private readonly Dictionary<long, SyncSendEntry> pendingSync = new();

    // Threads of the owning rank asleep on the lock: more than one under MPI_THREAD_MULTIPLE (a count, so one
    // waking does not hide another still asleep from Wake).
    private int sleeping;
    private volatile int arrivals;
    // Nonblocking checks in a row that found nothing (NothingFound); only the owning rank's threads touch it.
    private int idleChecks;
    // The managed thread id of the owning rank's thread while it sleeps in its transport (SleepInTransport); 0 otherwise.
    private int sleeperThread;

    /// <summary>How the owning rank polls before it sleeps (<see cref="WaitPolicy"/>); the job's builder chooses.</summary>
    internal WaitPolicy Waiting = WaitPolicy.Yielding;

    /// <summary>
    /// A transport the waiting rank reads itself between its checks (tcp, on Linux): set by the transport when it starts;
    /// null when a transport thread delivers everything (inproc, azure).
    /// </summary>
    internal IPolledTransport? Polled;

    /// <summary>The rank this mailbox belongs to (transports that poll per rank need its communicators).</summary>
    internal RankContext Owner => owner;

    public Mailbox(RankContext owner, int worldSize)
    {
        this.owner = owner;
        expectedSeq = new long[worldSize];
    }

    // ------------------------------------------------------------------ arrival

    /// <summary>
    /// The sink's entry: a call to <see cref="DeliverMessage"/>. An interface method is virtual, and
    /// RuntimeHelpers.PrepareMethod does not compile a virtual method ahead (CloudMpi.Run's RuntimePrecompiler: it
    /// returned without compiling, so the body was JIT-compiled at the first message of the job, on the sending rank's
    /// thread); this one-line entry has ReadyToRun code, and the body is non-virtual, so it is compiled ahead.
    /// </summary>
    public void Deliver(cMPIMessage m) => DeliverMessage(m);

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private void DeliverMessage(cMPIMessage m)
    {
        cMPIMessage? ackFor = null;
        List<cMPIMessage>? moreAcks = null;
        List<cMPIMessage>? rma = null; // one-sided requests, applied after the lock is released
        lock (gate)
        {
            if (m.IsAck)
            {
                if (pendingSync.Remove(m.MsgId, out var entry))
                {
                    entry.Reply = m.Data;
                    entry.MarkComplete();
                    Wake();
                }
            }
            else
            {
                int sender = m.SenderWorldRank;
                long expected = expectedSeq[sender];
                if (m.Sequence == expected)
                {
                    expectedSeq[sender] = expected + 1;
                    if (m.Context == cMPI.RmaContext) (rma ??= []).Add(m);
                    else if (Accept(m)) ackFor = m;
                    // Drain messages from this sender that arrived early.
                    while (holdback != null && holdback.Remove((sender, expectedSeq[sender]), out var next))
                    {
                        expectedSeq[sender]++;
                        if (next.Context == cMPI.RmaContext) (rma ??= []).Add(next);
                        else if (Accept(next)) (moreAcks ??= []).Add(next);
                    }
                }
                else if (m.Sequence > expected)
                {
                    (holdback ??= [])[(sender, m.Sequence)] = m; // duplicates overwrite
                }
                // else: a duplicate of a message already accepted; drop it.
            }
        }
        owner.Host?.NoteProgress(owner.WorldRank);
        if (ackFor != null) SendAck(ackFor);
        if (moreAcks != null) foreach (var a in moreAcks) SendAck(a);
        if (rma != null) foreach (var r in rma) cMPI.HandleRma(owner, r);
    }

    /// <summary>Match an in-order message against posted receives, or queue it. Returns true when an ack is owed.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private bool Accept(cMPIMessage m)
    {
        for (var e = postedHead; e != null; e = e.Next)
        {
            if (e.Matches(m))
            {
                Unlink(e);
                e.Message = m;
                e.MarkComplete();
                Wake();
                return m.Synchronous;
            }
        }
        m.Next = null;
        m.Prev = unexpectedTail;
        if (unexpectedTail == null) unexpectedHead = m; else unexpectedTail.Next = m;
        unexpectedTail = m;
        arrivals++;
        Wake();
        return false;
    }

    /// <summary>
    /// A transport's claim on the receive an arriving data message matches, so that it writes the payload into that
    /// receive's buffer itself (<see cref="IDirectReceiveSink"/>). Only for the message its sender's order expects next,
    /// with none held back, matched against the posted receives as <see cref="Accept"/> would: the first match takes
    /// it, and when that receive has no target big enough the message goes the usual way (null), where it matches the
    /// same receive (or is truncated there).
    /// </summary>
    public RecvEntry? ClaimDirect(cMPIMessage m, int length)
    {
        if (m.IsAck || m.Context == cMPI.RmaContext) return null;
        lock (gate) return ClaimLocked(m, length);
    }

    private RecvEntry? ClaimLocked(cMPIMessage m, int length)
    {
        int sender = m.SenderWorldRank;
        if (m.Sequence != expectedSeq[sender] || holdback is { Count: > 0 }) return null;
        for (var e = postedHead; e != null; e = e.Next)
        {
            if (!e.Matches(m)) continue;
            if (e.TargetArray == null || e.TargetLength < length) return null;
            Unlink(e);
            expectedSeq[sender]++;
            return e;
        }
        return null;
    }

    // The in-process exchange (cMPI's Alltoall) whose receives this rank has posted: its communicator's collective
    // context and the collective's number there.
    private (int Context, long Seq) postedExchange = (-1, 0);

    /// <summary>This rank has posted the receives of exchange <paramref name="seq"/> on <paramref name="context"/>.</summary>
    public void MarkExchangePosted(int context, long seq)
    {
        lock (gate) postedExchange = (context, seq);
    }

    /// <summary>
    /// <see cref="ClaimDirect"/> for a block of exchange <paramref name="seq"/>; when nothing is claimed,
    /// <paramref name="receiverPosted"/> says whether this rank has posted that exchange's receives already (then no
    /// receive of it will take the block directly: it travels as a message) or not yet (the sender may hold it back).
    /// </summary>
    public RecvEntry? ClaimExchangeBlock(cMPIMessage m, int length, long seq, out bool receiverPosted)
    {
        lock (gate)
        {
            var e = ClaimLocked(m, length);
            receiverPosted = e == null && postedExchange == (m.Context, seq);
            return e;
        }
    }

    /// <summary>The payload of a claimed receive is in its buffer (or was cut off): complete it, and acknowledge a
    /// synchronous send, as <see cref="Deliver"/> does for a message it matches.</summary>
    public void CompleteDirect(RecvEntry e, cMPIMessage m, int length, bool whole)
    {
        m.InPlace = true;
        m.InPlaceLength = length;
        m.CutOff = !whole;
        lock (gate)
        {
            e.Message = m;
            e.MarkComplete();
            Wake();
        }
        owner.Host?.NoteProgress(owner.WorldRank);
        if (whole && m.Synchronous) SendAck(m);
    }

    private void Wake()
    {
        if (sleeping > 0) Monitor.PulseAll(gate);
        // A rank asleep in its transport is woken by a frame on its own connections, which it reads itself; what
        // another thread delivers must wake it (the fence: it announced its sleep before its last look, see there).
        if (Polled is not { } t) return; // inproc, azure: the lock is the only place a rank sleeps
        Interlocked.MemoryBarrier();
        int sleeper = Volatile.Read(ref sleeperThread);
        if (sleeper != 0 && sleeper != Environment.CurrentManagedThreadId) t.WakeSleeper();
    }

    private void SendAck(cMPIMessage m)
    {
        var ack = new cMPIMessage { IsAck = true, MsgId = m.MsgId, SenderWorldRank = owner.WorldRank };
        owner.Transport.Send(m.SenderWorldRank, ack);
    }

    // ------------------------------------------------------------------ receive side

    /// <summary>
    /// Match <paramref name="e"/> against the unexpected queue; if nothing matches, post it.
    /// Returns true when it completed at once (then <c>e.Message</c> is set).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public bool MatchOrPost(RecvEntry e)
    {
        cMPIMessage? found = null;
        lock (gate)
        {
            for (var m = unexpectedHead; m != null; m = m.Next)
            {
                if (e.Matches(m))
                {
                    UnlinkUnexpected(m);
                    found = m;
                    break;
                }
            }
            if (found == null)
            {
                e.Next = null;
                e.Prev = postedTail;
                if (postedTail == null) postedHead = e; else postedTail.Next = e;
                postedTail = e;
                e.Posted = true;
                return false;
            }
            e.Message = found;
            e.MarkComplete();
        }
        if (found.Synchronous) SendAck(found);
        return true;
    }

    /// <summary>Remove a posted receive that will not be waited for any more (abort, cancel). True if it was still posted.</summary>
    public bool Unpost(RecvEntry e)
    {
        lock (gate)
        {
            if (!e.Posted) return false;
            Unlink(e);
            return true;
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private void Unlink(RecvEntry e)
    {
        if (e.Prev == null) postedHead = e.Next; else e.Prev.Next = e.Next;
        if (e.Next == null) postedTail = e.Prev; else e.Next.Prev = e.Prev;
        e.Next = e.Prev = null;
        e.Posted = false;
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private void UnlinkUnexpected(cMPIMessage m)
    {
        if (m.Prev == null) unexpectedHead = m.Next; else m.Prev.Next = m.Next;
        if (m.Next == null) unexpectedTail = m.Prev; else m.Next.Prev = m.Prev;
        m.Next = m.Prev = null;
    }

    /// <summary>Read what a polled transport has for the rank (MPI_Test, MPI_Iprobe: as Open MPI's progress there).</summary>
    public void Progress()
    {
        if (Polled is not { } t) return;
        t.Poll();
        t.PollingEnded();
    }

    /// <summary>
    /// A nonblocking check of the owning rank (MPI_Test and its kin, MPI_Iprobe, MPI_Improbe) found nothing: past
    /// the policy's count of such checks in a row, each yields the core (<see cref="WaitPolicy.IdleChecksBeforeYield"/>).
    /// A rank polling in a loop with more ranks than cores otherwise spins through its whole time slice while the
    /// rank it waits for, runnable, waits for a core (graph500 at 4 in-process ranks on 2 cores: 28-35x native).
    /// </summary>
    public void NothingFound()
    {
        int limit = Waiting.IdleChecksBeforeYield;
        if (limit >= 0 && ++idleChecks > limit) Thread.Yield();
    }

    /// <summary>A nonblocking check found what it looked for: the count of idle checks starts again.</summary>
    public void Found() => idleChecks = 0;

    /// <summary>The outcome of a nonblocking check (<see cref="NothingFound"/>, <see cref="Found"/>).</summary>
    public void Checked(bool found)
    {
        if (found) Found();
        else NothingFound();
    }

    /// <summary>The first unexpected message matching (context, source, tag), left in the queue (MPI_Iprobe).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public cMPIMessage? Peek(int context, int source, int tag)
    {
        lock (gate) return PeekLocked(context, source, tag);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private cMPIMessage? PeekLocked(int context, int source, int tag)
    {
        for (var m = unexpectedHead; m != null; m = m.Next)
        {
            if (m.Context == context && (source == cMPI.ANY_SOURCE || source == m.Source) && (tag == cMPI.ANY_TAG || tag == m.Tag))
                return m;
        }
        return null;
    }

    /// <summary>Block until a matching message is in the unexpected queue (MPI_Probe).</summary>
    public cMPIMessage WaitPeek(int context, int source, int tag) => WaitFound(() => Peek(context, source, tag));

    /// <summary>Block until <paramref name="find"/> finds a message, trying again after each arrival.</summary>
    private cMPIMessage WaitFound(Func<cMPIMessage?> find)
    {
        while (true)
        {
            int seen = arrivals;
            var m = find();
            if (m != null) return m;
            if (!SpinUntilArrival(seen) && !SleepInTransport(new ArrivedSince(this, seen)))
            {
                lock (gate)
                {
                    while (arrivals == seen) Sleep();
                }
            }
        }
    }

    /// <summary>
    /// Take the first matching unexpected message out of the queue (MPI_Improbe): no later receive or probe can match
    /// it; null when none has arrived. A synchronous send is acknowledged here, as a receive matching it would be.
    /// </summary>
    public cMPIMessage? Take(int context, int source, int tag)
    {
        cMPIMessage? m;
        lock (gate)
        {
            m = PeekLocked(context, source, tag);
            if (m != null) UnlinkUnexpected(m);
        }
        if (m != null && m.Synchronous) SendAck(m);
        return m;
    }

    /// <summary>Block until a matching message arrives, and take it (MPI_Mprobe).</summary>
    public cMPIMessage WaitTake(int context, int source, int tag) => WaitFound(() => Take(context, source, tag));

    // ------------------------------------------------------------------ synchronous sends

    public SyncSendEntry RegisterSyncSend(long msgId)
    {
        var entry = new SyncSendEntry();
        lock (gate) pendingSync.Add(msgId, entry);
        return entry;
    }

    // ------------------------------------------------------------------ waiting

    /// <summary>Block the owning rank until <paramref name="c"/> completes (or the job aborts).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void WaitFor(Completion c)
    {
        if (c.IsComplete) return;
        if (SpinUntil(c)) return;
        if (SleepInTransport(new Completed(this, c))) return;
        lock (gate)
        {
            while (!c.IsComplete) Sleep();
        }
    }

    /// <summary>
    /// Block until <paramref name="probe"/> returns a non-negative value; returns that value (MPI_Waitany, MPI_Waitsome).
    /// It waits as <see cref="WaitFor"/> does: polling first, each check reading what a polled transport (tcp) has for
    /// the rank, then asleep, re-evaluated after every delivery to this mailbox, under its lock. The probe's answer
    /// must stay non-negative once it is (a completed request stays complete until the rank finishes it). Before,
    /// these waits went to sleep at once and left every frame to the transport's reader threads: a wake-up of the
    /// reader and one of the rank per frame, where MPI_Wait read its own sockets.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public int WaitUntil(Func<int> probe)
    {
        int v = probe();
        if (v >= 0) return v;
        if (Ended(Waiting.SpinUntil(new Probed(this, probe)))) return probe();
        if (SleepInTransport(new Probed(this, probe))) return probe();
        lock (gate)
        {
            while ((v = probe()) < 0) Sleep();
        }
        return v;
    }

    // A wait that ends while polling tells a polled transport; one that does not goes on to sleep (StopPolling there).
    private bool SpinUntil(Completion c) => Ended(Waiting.SpinUntil(new Completed(this, c)));

    private bool SpinUntilArrival(int seen) => Ended(Waiting.SpinUntil(new ArrivedSince(this, seen)));

    private bool Ended(bool done)
    {
        if (done) Polled?.PollingEnded();
        return done;
    }

    /// <summary>
    /// The sleep of a wait whose polling phase is over, where the transport can hold it (tcp on Linux: in the kernel
    /// on the rank's own connections, <see cref="IPolledTransport.Sleep"/>): a frame wakes the rank, which reads it
    /// itself and looks again, rather than a reader thread reading it and then waking the rank from the lock (two
    /// wake-ups per frame). True when <paramref name="condition"/> holds; false when the transport cannot hold the
    /// sleep (none that can, several threads of the rank in MPI, or it closed): the caller sleeps on the lock.
    /// </summary>
    private bool SleepInTransport<TCondition>(TCondition condition) where TCondition : struct, ISpinCondition
    {
        if (Polled is not { CanSleep: true } t || owner.ThreadLevel == cMPI.THREAD_MULTIPLE) return false;
        var host = owner.Host;
        host?.MarkBlocked(owner.WorldRank);
        try
        {
            while (true)
            {
                if (host?.AbortReason is string reason) throw new JobAbortedException(reason);
                // Announced before the last look (a full fence), as a delivery completes before Wake looks: a delivery
                // the look misses sees the sleeper and wakes it.
                Interlocked.Exchange(ref sleeperThread, Environment.CurrentManagedThreadId);
                if (condition.HoldsWithoutPolling()) break; // a frame already waiting wakes the sleep at once
                if (!t.Sleep())
                {
                    Volatile.Write(ref sleeperThread, 0);
                    return false;
                }
                Volatile.Write(ref sleeperThread, 0);
                if (condition.Holds()) break; // reads what woke it
            }
        }
        finally
        {
            Volatile.Write(ref sleeperThread, 0);
            host?.MarkRunning(owner.WorldRank);
        }
        t.PollingEnded();
        return true;
    }

    // Each check first reads what a polled transport has for the rank (Polled), then looks again.
    private readonly struct Completed(Mailbox mailbox, Completion c) : ISpinCondition
    {
        public bool Holds() => c.IsComplete || (mailbox.Polled is { } t && t.Poll() && c.IsComplete);
        public bool HoldsWithoutPolling() => c.IsComplete;
    }

    private readonly struct Probed(Mailbox mailbox, Func<int> probe) : ISpinCondition
    {
        public bool Holds() => probe() >= 0 || (mailbox.Polled is { } t && t.Poll() && probe() >= 0);
        public bool HoldsWithoutPolling() => probe() >= 0;
    }

    private readonly struct ArrivedSince(Mailbox mailbox, int seen) : ISpinCondition
    {
        public bool Holds() => mailbox.arrivals != seen || (mailbox.Polled is { } t && t.Poll() && mailbox.arrivals != seen);
        public bool HoldsWithoutPolling() => mailbox.arrivals != seen;
    }

    /// <summary>One sleep on the lock (held by the caller); tells the host we are blocked.</summary>
    private void Sleep()
    {
        var host = owner.Host;
        string? reason = host?.AbortReason;
        if (reason != null) throw new JobAbortedException(reason);
        sleeping++;
        // Under MPI_THREAD_MULTIPLE another thread of the rank may be running while this one waits, so the rank is
        // never reported blocked: the deadlock watch does not see such programs.
        bool report = owner.ThreadLevel != cMPI.THREAD_MULTIPLE;
        if (report) host?.MarkBlocked(owner.WorldRank);
        Polled?.StopPolling(); // asleep, the rank reads nothing: the transport's threads deliver, and their delivery wakes it
        try
        {
            Monitor.Wait(gate);
        }
        finally
        {
            sleeping--;
            if (report) host?.MarkRunning(owner.WorldRank);
        }
        reason = host?.AbortReason;
        if (reason != null) throw new JobAbortedException(reason);
    }

    /// <summary>Wake the sleeping owner so it sees the abort.</summary>
    public void WakeForAbort()
    {
        lock (gate) Monitor.PulseAll(gate);
        Polled?.WakeSleeper();
    }

    /// <summary>Posted receives with a buffer a transport may write into (<see cref="ClaimDirect"/>; tests).</summary>
    internal int PostedWithTargetCount
    {
        get
        {
            lock (gate)
            {
                int n = 0;
                for (var e = postedHead; e != null; e = e.Next) if (e.TargetArray != null) n++;
                return n;
            }
        }
    }

    internal int UnexpectedCount
    {
        get
        {
            lock (gate)
            {
                int n = 0;
                for (var m = unexpectedHead; m != null; m = m.Next) n++;
                return n;
            }
        }
    }
}
