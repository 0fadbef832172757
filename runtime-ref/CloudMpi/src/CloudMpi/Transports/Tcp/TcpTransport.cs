using System.Net;
using System.Net.Sockets;
using CloudMpi.Core;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// One rank's end of the TCP transport. A pair of ranks exchanges its frames on one connection, opened by the first
/// to send and answered on by the other (<see cref="BothWays"/>, as Open MPI's tcp: the kernel's acknowledgements ride
/// in the answers). A rank process closes its connections only once every rank's program has finished (cmpi-run asks
/// the workers to exit then), so no frame a program needs is left unread by a close. Every connection is first authenticated
/// both ways with the job's secret (<see cref="TcpHandshake"/>); a peer that fails, or stays silent past the
/// deadline, is dropped and reported through <see cref="OnRejected"/>, and the job goes on. Frames are the
/// <see cref="MessageCodec"/> header, which carries the payload length, followed by the payload. Each
/// authenticated incoming connection (<see cref="TcpInbound"/>) is read by the rank's own thread while it waits for a
/// message (<see cref="Poll"/>), and by its own reader thread otherwise (<see cref="ReaderHandover"/>); either hands
/// each frame to the local mailbox. Large payloads travel in pooled arrays on both sides (<see cref="PayloadPool"/>).
/// Messages to oneself skip the network.
/// </summary>
internal sealed class TcpTransport : ITransport, IPolledTransport, IDirectSendTransport
{
    /// <summary>A payload is read into an array allocated up front up to this size; a larger one grows with the bytes
    /// that actually arrive, so a length field alone never makes the rank allocate more than this.</summary>
    public const int TrustedAllocation = 16 << 20;

    /// <summary>Connections accepted but not yet authenticated, at most; more are closed at once.</summary>
    public const int MaxPendingHandshakes = 256;

    private readonly int localRank;
    private readonly Socket listener;
    private readonly JobSecret secret;
    private readonly string jobId;
    private readonly Connection?[] outgoing; // where frames to each rank go: our own connection, or the peer's (BothWays)
    private readonly List<Connection> superseded = []; // our own connections given up for the peer's (under the lock of outgoing)
    private readonly List<Socket> incoming = [];
    private TcpInbound[] inbound = []; // authenticated connections, replaced whole under the lock of incoming (Poll reads it without)
    private readonly List<TcpInbound> everInbound = []; // for FramesRead (under the lock of incoming)
    private readonly ReaderHandover handover = new();
    private SocketSleep? sleeper; // where the rank sleeps on its connections (Start, when the rank polls)
    private ConnectionReadiness? readiness; // the rank's look at its connections before it reads them (Start, when it polls)
    private int[] sleepDescriptors = [];
    private TcpInbound?[] slept = [], ready = []; // the connections of the last Sleep, and those it found ready
    private int readyCount = -1; // how many of ready the next Poll reads (-1: it reads every connection)
    private IPEndPoint[] peers = [];
    private IMessageSink? sink;
    private volatile bool disposed;
    private int pendingHandshakes;

    /// <summary>Called once with the first receive-side failure that is not the peer's fault (the mailbox threw); the host aborts the rank.</summary>
    public Action<Exception>? OnReceiveError { get; set; }

    /// <summary>Called for each connection dropped before or while reading its frames: who it was and why. The job goes on.</summary>
    public Action<EndPoint?, string>? OnRejected { get; set; }

    /// <summary>How long an accepted connection has to authenticate, and a connector to hear the listener's answer.</summary>
    public TimeSpan HandshakeDeadline { get; init; } = TcpHandshake.DefaultDeadline;

    /// <summary>Whether the waiting rank reads its connections itself (<see cref="Poll"/>); off: the reader threads alone.</summary>
    public bool RankPolls { get; init; } = NonBlockingReceive.Supported;

    /// <summary>The largest payload a frame may announce; a larger length is a protocol error that drops the connection.</summary>
    public int MaxPayload { get; init; } = Array.MaxLength;

    /// <summary>Whether large payloads skip the message array (<see cref="DirectSendMinBytes"/>, <see cref="DirectReceiveMinBytes"/>);
    /// <c>CMPI_TCP_DIRECT=off</c> turns both off, for measurements.</summary>
    private static readonly bool directPayloads = Environment.GetEnvironmentVariable("CMPI_TCP_DIRECT") != "off";

    /// <summary>
    /// Payloads from this size on are written from the sender's own memory (<see cref="SendFrom"/>), in two send calls
    /// (the header with the first bytes, then the rest). Below it the frame goes out as one gather of the header and
    /// a copied array: with two calls the receiver, having read the first part, waited in the kernel for the second
    /// (a wake-up: 4-64 KiB ping-pong 1.5-3x the time), while a frame this large never arrives whole anyway, and the
    /// copy saved is worth more (1-4 MiB 0.80-0.85 of the time; bench/README.md, round 7).
    /// </summary>
    public int DirectSendMinBytes { get; init; } = directPayloads ? 128 << 10 : int.MaxValue;

    /// <summary>Payloads from this size on are read straight into the buffer of a posted receive they match
    /// (<see cref="TcpInbound"/>): the frames that do not fit the small-frame buffer (below, the copy costs less than
    /// the mailbox's lock taken twice).</summary>
    public int DirectReceiveMinBytes { get; init; } = directPayloads ? Connection.SmallFrame : int.MaxValue;

    /// <summary>How long the rank's thread polls for the rest of a frame it has begun, no byte arriving, before it waits in
    /// the kernel (<see cref="TcpInbound.DefaultRestPatience"/>; tests make it zero to take the kernel's wait every time).</summary>
    public TimeSpan RestPatience { get; init; } = TcpInbound.DefaultRestPatience;

    /// <summary>Whether a waiting rank sleeps in the kernel on its own connections (<see cref="Sleep"/>);
    /// <c>CMPI_TCP_SLEEP=lock</c>: on its mailbox's lock, the reader threads reading meanwhile (before round 8; for measurements).</summary>
    private static readonly bool sleepOnConnections = Environment.GetEnvironmentVariable("CMPI_TCP_SLEEP") != "lock";

    /// <summary>Whether the polling rank asks which connections are ready before it reads (<see cref="ConnectionReadiness"/>);
    /// <c>CMPI_TCP_LOOK=off</c>: a non-blocking receive on every connection at each look (before round 9; for measurements).</summary>
    private static readonly bool lookFirst = Environment.GetEnvironmentVariable("CMPI_TCP_LOOK") != "off";

    /// <summary>Whether the polling rank looks which connections are ready before it reads (<see cref="ConnectionReadiness"/>);
    /// false: a receive on every connection per look (CMPI_TCP_LOOK=off; tests compare the two).</summary>
    public bool LooksFirst { get; init; } = lookFirst;

    /// <summary><c>CMPI_TCP_BOTHWAYS=off</c>: each rank writes only on connections it opened (before round 15; for measurements).</summary>
    private static readonly bool bothWays = Environment.GetEnvironmentVariable("CMPI_TCP_BOTHWAYS") != "off";

    /// <summary>
    /// Whether a pair of ranks exchanges its frames both ways on one connection, as Open MPI's tcp does. On a connection
    /// that carries data one way only, the receiving kernel acknowledges every small frame with a segment of its own,
    /// sent from inside the receive call that reads the frame (Linux acknowledges at once a read that empties the
    /// buffer of a "not bidirectional" connection): two segments per message, where a connection used both ways carries
    /// the acknowledgement inside the answer. The rank that accepts a connection answers on it when it has none of its
    /// own to that peer; when both opened one at once, the one opened by the lower rank carries both ways and the higher
    /// rank retires its own (<see cref="Adopt"/>). The connector reads its connection as the acceptor does, once the peer answered on it. Both ends
    /// authenticated each other in the handshake, so frames either way are as authenticated as before.
    /// </summary>
    public bool BothWays { get; init; } = bothWays;

    private long framesSentDirect;

    /// <summary>Frames whose payload was written from the sender's memory (tests).</summary>
    internal long FramesSentDirect => Interlocked.Read(ref framesSentDirect);

    /// <param name="localRank">This end's world rank.</param>
    /// <param name="worldSize">Number of ranks.</param>
    /// <param name="listener">A socket already bound and listening; its port is what the other ranks are told.</param>
    /// <param name="secret">The job's secret, which every connection proves both ways.</param>
    /// <param name="jobId">The job's id, bound into every handshake.</param>
    public TcpTransport(int localRank, int worldSize, Socket listener, JobSecret secret, string jobId)
    {
        this.localRank = localRank;
        WorldSize = worldSize;
        this.listener = listener;
        this.secret = secret;
        this.jobId = jobId;
        outgoing = new Connection?[worldSize];
    }

    /// <summary>A listening socket on <paramref name="address"/> with a port chosen by the system.</summary>
    public static Socket Listen(IPAddress address)
    {
        var s = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        s.Bind(new IPEndPoint(address, 0));
        s.Listen(512);
        return s;
    }

    public IPEndPoint LocalEndPoint => (IPEndPoint)listener.LocalEndPoint!;

    public string Name => "tcp";

    public int WorldSize { get; }

    /// <summary>Start accepting the other ranks' connections and learn where they listen (index = world rank).</summary>
    public void Start(IMessageSink localSink, IPEndPoint[] peerEndPoints)
    {
        if (peerEndPoints.Length != WorldSize) throw new ArgumentException("one endpoint per rank", nameof(peerEndPoints));
        sink = localSink;
        peers = peerEndPoints;
        // The waiting rank reads its own connections (Poll) where a receive call that never waits exists (Linux).
        if (localSink is Mailbox mailbox && RankPolls)
        {
            if (sleepOnConnections) sleeper = SocketSleep.Create();
            if (LooksFirst) readiness = new ConnectionReadiness();
            mailbox.Polled = this;
        }
        new Thread(AcceptLoop) { IsBackground = true, Name = $"cmpi tcp accept (rank {localRank})" }.Start();
    }

    public void Send(int destWorldRank, cMPIMessage message)
    {
        if (destWorldRank == localRank)
        {
            (sink ?? throw new InvalidOperationException("the TCP transport was not started")).Deliver(message);
            return;
        }
        // A connection given up for the peer's one (Adopt) refuses the frame: it goes on the connection that replaced it.
        while (!(Volatile.Read(ref outgoing[destWorldRank]) ?? ConnectTo(destWorldRank)).Write(message)) { }
        // The kernel has the bytes and the sender never touches the message again (ITransport.Send): its payload
        // array goes back to the pool for the next send. Without this every send of 85 000 bytes or more was a
        // fresh large-object-heap array (page faults, full collections): 1 MiB ping-pong 1.56 ms, see docs/transports.md.
        PayloadPool.Return(message);
    }

    /// <summary>
    /// Send a message whose payload is still the sender's memory (<see cref="IDirectSendTransport"/>): the header and
    /// then <paramref name="payload"/> itself are written to the connection, with no copy into a message array of its
    /// own. Returns when the kernel has every byte. Another rank only (the caller checks).
    /// </summary>
    public void SendFrom(int destWorldRank, cMPIMessage header, ReadOnlySpan<byte> payload)
    {
        while (!(Volatile.Read(ref outgoing[destWorldRank]) ?? ConnectTo(destWorldRank)).WriteFrom(header, payload)) { }
        Interlocked.Increment(ref framesSentDirect);
    }

    private Connection ConnectTo(int dest)
    {
        lock (outgoing)
        {
            if (outgoing[dest] is { } existing) return existing;
            ObjectDisposedException.ThrowIf(disposed, this);
            var s = new Socket(peers[dest].AddressFamily, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            try
            {
                s.Connect(peers[dest]);
            }
            catch (SocketException e)
            {
                s.Dispose();
                throw new TransportException($"rank {localRank} cannot connect to rank {dest} at {peers[dest]}: {e.Message}", e);
            }
            try
            {
                TcpHandshake.Connect(s, secret, jobId, TcpChannel.Data, localRank, dest, HandshakeDeadline);
            }
            catch (Exception e) when (e is HandshakeException or IOException or SocketException)
            {
                s.Dispose();
                throw new TransportException($"rank {localRank} could not authenticate rank {dest} at {peers[dest]}: {e.Message}", e);
            }
            var c = new Connection(s, localRank, dest, adopted: false);
            Volatile.Write(ref outgoing[dest], c);
            // The peer may answer on it (Adopt): read it as an accepted connection is read.
            if (BothWays) new Thread(() => ReadLoop(s, dest, openedHere: true)) { IsBackground = true, Name = $"cmpi tcp reader (rank {localRank})" }.Start();
            return c;
        }
    }

    private void AcceptLoop()
    {
        while (!disposed)
        {
            Socket s;
            try
            {
                s = listener.Accept();
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                return;
            }
            s.NoDelay = true;
            lock (incoming)
            {
                if (disposed) { s.Dispose(); return; }
                incoming.Add(s);
            }
            if (Interlocked.Increment(ref pendingHandshakes) > MaxPendingHandshakes)
            {
                Interlocked.Decrement(ref pendingHandshakes);
                Reject(s, $"more than {MaxPendingHandshakes} connections waiting for their handshake");
                continue;
            }
            // The connection's own thread authenticates it, then reads its frames: a silent peer delays neither the
            // next accept nor other peers, and is dropped at the deadline.
            new Thread(() => Serve(s)) { IsBackground = true, Name = $"cmpi tcp reader (rank {localRank})" }.Start();
        }
    }

    private void Serve(Socket s)
    {
        int from;
        try
        {
            from = TcpHandshake.Accept(s, secret, jobId, TcpChannel.Data, localRank, WorldSize, HandshakeDeadline);
        }
        catch (Exception e) when (e is HandshakeException or ObjectDisposedException)
        {
            if (!disposed) Reject(s, e.Message);
            return;
        }
        finally
        {
            Interlocked.Decrement(ref pendingHandshakes);
        }
        // Answered on only once a whole frame came on it: a connection that fails the protocol is never written to.
        ReadLoop(s, from, firstFrame: BothWays ? () => Adopt(s, from) : null);
    }

    /// <summary>
    /// Answer rank <paramref name="from"/> on the connection it opened to us (<see cref="BothWays"/>), once its first frame
    /// came whole (called by whoever read it, before its delivery, so the rank's answer to it goes there): when we have no
    /// connection to it yet, or have our own but <paramref name="from"/> is the lower rank (both opened one at once: the
    /// lower rank's carries both ways, and the lower rank keeps writing on its own, since it had one when our first frame came).
    /// Our own is then retired: frames already written on it arrive before its end (the mailbox puts each sender's
    /// frames back in order), and the peer never writes on it. Only a peer's first connection is taken: a rank opens at
    /// most one to another.
    /// </summary>
    private void Adopt(Socket s, int from)
    {
        Connection? retired;
        lock (outgoing)
        {
            if (disposed) return;
            var mine = outgoing[from];
            if (mine != null && (mine.Adopted || localRank < from)) return;
            retired = mine;
            if (retired != null) superseded.Add(retired);
            Volatile.Write(ref outgoing[from], new Connection(s, localRank, from, adopted: true));
        }
        retired?.Retire();
    }

    /// <summary>Drop a connection and say why; the job goes on.</summary>
    private void Reject(Socket s, string reason)
    {
        EndPoint? remote = null;
        try { remote = s.RemoteEndPoint; } catch (Exception e) when (e is SocketException or ObjectDisposedException) { }
        lock (incoming) incoming.Remove(s);
        s.Dispose();
        if (!disposed) OnRejected?.Invoke(remote, reason);
    }

    /// <summary>
    /// The reader thread of one connection: it reads (blocking in the receive call, one system call per small frame)
    /// whenever the rank is not polling, and steps aside while it is (<see cref="ReaderHandover"/>).
    /// </summary>
    private void ReadLoop(Socket s, int from, bool openedHere = false, Action? firstFrame = null)
    {
        var c = new TcpInbound(s, from, WorldSize, MaxPayload, DirectReceiveMinBytes, sink!, RestPatience) { OpenedHere = openedHere, FirstFrame = firstFrame };
        lock (incoming) everInbound.Add(c);
        Func<bool> stop = () => disposed || c.Ended;
        try
        {
            if (openedHere)
            {
                // A connection we opened joins the rank's looks only once the peer answers on it: until then this thread
                // waits in the kernel for that first frame. A peer that never answers (a rank that only ever sends to it)
                // would otherwise add a connection to every look, and with two a look is a poll call beside the receive
                // (a barrier of 7 ranks: 4,000 more polls per 500 barriers; strace, bench/README.md round 15).
                c.TryTake(); // no one else can read it yet
                try
                {
                    if (!c.ReadBlocking()) return; // it ended unanswered (retired, or the peer closed at the end)
                }
                finally
                {
                    c.Release();
                }
            }
            lock (incoming) inbound = [.. inbound, c];
            sleeper?.Signal(); // a rank asleep on its connections does not watch this one yet: it looks again
            while (true)
            {
                handover.WaitTurn(stop);
                if (stop()) return;
                // The rank may be reading it this moment (it polled just before it stopped): wait for it to finish the
                // frames it has begun, which it never leaves half read.
                while (!c.TryTake()) Thread.Yield();
                try
                {
                    if (c.Ended || !c.ReadBlocking()) return; // the sender closed: normal at the end
                }
                finally
                {
                    c.Release();
                    // A rank asleep on its connections left this one out while it was held (Sleep): it looks again.
                    if (handover.RankAsleep) sleeper?.Signal();
                }
            }
        }
        catch (Exception e)
        {
            Failed(c, e);
        }
        finally
        {
            Forget(c);
        }
    }

    /// <summary>
    /// Read, on the calling rank thread, the frames that have already arrived on any connection that no reader thread
    /// is reading at this moment; true when something was delivered. The rank's wait loop calls it between checks
    /// (<see cref="Mailbox.Polled"/>), as Open MPI's ranks poll their sockets: the frame is matched at once, without
    /// the reader thread's wake-up and the switch to it and back, and while the rank polls the reader threads wait
    /// off their sockets (<see cref="ReaderHandover"/>). Never waits for a frame that has not begun to arrive.
    /// </summary>
    public bool Poll()
    {
        Polls++;
        handover.RankPolled();
        bool delivered = false;
        if (readyCount >= 0)
        {
            // Just woken from Sleep: only the connections its poll found ready (the others have nothing, and what comes
            // on them now wakes the next sleep at once).
            int n = readyCount;
            readyCount = -1;
            for (int i = 0; i < n; i++)
            {
                delivered |= Read(ready[i]);
                ready[i] = null;
            }
            return delivered;
        }
        var current = Volatile.Read(ref inbound);
        if (readiness is { } look && ConnectionReadiness.Worthwhile(current.Length) && look.TryBegin())
        {
            try
            {
                // One poll(2) says which connections have bytes; only those are read (ConnectionReadiness).
                Looks++;
                int found = look.Look(current);
                if (found >= 0)
                {
                    for (int i = 0; found > 0 && i < current.Length; i++)
                    {
                        if (!look.Ready(i)) continue;
                        found--;
                        delivered |= Read(current[i]);
                    }
                    return delivered;
                }
            }
            finally
            {
                look.End();
            }
        }
        foreach (var c in current) delivered |= Read(c);
        return delivered;
    }

    /// <summary>The rank's read of one connection: what has arrived on it, unless a reader holds it or it ended.</summary>
    private bool Read(TcpInbound? c)
    {
        if (c is null || c.Ended || !c.TryTake()) return false;
        try
        {
            bool delivered = !c.Ended && c.ReadArrived();
            if (c.Ended) Forget(c);
            return delivered;
        }
        catch (Exception e)
        {
            Failed(c, e);
            return false;
        }
        finally
        {
            c.Release();
        }
    }

    /// <summary>
    /// Leave a connection that ended out of the rank's looks at once: its reader thread, which does the same when it
    /// returns, stays parked while the rank keeps polling (a connection retired by <see cref="Adopt"/> ends in the middle
    /// of an exchange), and a look over two connections costs a poll call beside the receive.
    /// </summary>
    private void Forget(TcpInbound c)
    {
        lock (incoming) inbound = [.. inbound.Where(x => x != c)];
    }

    /// <summary>Looks at several connections at once (a poll call each) so far (tests; written by the rank's thread only).</summary>
    internal long Looks;

    /// <summary>Calls of <see cref="Poll"/> so far (tests; written by the rank's thread only).</summary>
    internal long Polls;

    /// <summary>Frames received so far, by the reader threads and by the rank's own thread (tests, measurements).</summary>
    internal (long ByReader, long ByRank) FramesRead
    {
        get
        {
            lock (incoming) return (everInbound.Sum(c => c.FramesByReader), everInbound.Sum(c => c.FramesByRank));
        }
    }

    /// <summary>Frames received on connections this rank opened, i.e. answers on them (<see cref="BothWays"/>; tests).</summary>
    internal long FramesOnOwnConnections
    {
        get
        {
            lock (incoming) return everInbound.Where(c => c.OpenedHere).Sum(c => c.FramesByReader + c.FramesByRank);
        }
    }

    /// <summary>Non-blocking receive calls the rank's own reads have made, on every connection (tests).</summary>
    internal long RankReceiveCalls
    {
        get
        {
            lock (incoming) return everInbound.Sum(c => c.RankReceiveCalls);
        }
    }

    /// <summary>Frames received straight into the buffer of the receive they matched (tests, measurements).</summary>
    internal long FramesReceivedInPlace
    {
        get
        {
            lock (incoming) return everInbound.Sum(c => c.FramesInPlace);
        }
    }

    /// <summary>
    /// The longest sleep of a waiting rank on its connections before it looks again (<see cref="Sleep"/>). Nothing needs
    /// it: frames, deliveries by other threads, new connections and aborts all wake the sleep; it bounds what a missed
    /// wake-up could cost. (Tests make it long, so that a wake-up that relied on it shows.)
    /// </summary>
    public TimeSpan LongestSleep { get; init; } = DefaultLongestSleep;

    public static readonly TimeSpan DefaultLongestSleep = TimeSpan.FromMilliseconds(100);

    /// <summary>Whether the rank can sleep in the kernel on its own connections (<see cref="Sleep"/>; Linux).</summary>
    public bool CanSleep => sleeper != null;

    /// <summary>
    /// The waiting rank's sleep once its polling phase is over (<see cref="SocketSleep"/>): in one poll on every
    /// connection no one has seen end, until a frame arrives on one, <see cref="WakeSleeper"/> is called, or
    /// <see cref="LongestSleep"/> passes. The readers stay parked: the rank reads what woke it itself
    /// (<see cref="Poll"/>, after this returns), so a frame costs one wake-up, not a reader's and then the rank's.
    /// False when it cannot (the transport closed).
    /// </summary>
    public bool Sleep()
    {
        if (sleeper is not { } s || disposed) return false;
        // Announced before looking at the connections: a reader that lets go of one after the look signals (ReadLoop).
        handover.RankSleeps();
        try
        {
            // A connection a reader holds is left out: the reader delivers what arrives on it (and signals), where
            // polling it too would find it readable again and again while the reader, off its core, has not read it.
            var current = Volatile.Read(ref inbound);
            if (sleepDescriptors.Length < current.Length)
            {
                int size = Math.Max(current.Length, 2 * sleepDescriptors.Length);
                (sleepDescriptors, slept, ready) = (new int[size], new TcpInbound?[size], new TcpInbound?[size]);
            }
            int n = 0;
            foreach (var c in current)
            {
                if (c.Ended || c.Held) continue;
                slept[n] = c;
                sleepDescriptors[n++] = c.Descriptor;
            }
            if (!s.Sleep(sleepDescriptors.AsSpan(0, n), (int)LongestSleep.TotalMilliseconds)) return false;
            int k = 0;
            for (int i = 0; i < n; i++)
            {
                if (s.Ready(i)) ready[k++] = slept[i];
                slept[i] = null;
            }
            readyCount = k;
            return true;
        }
        finally
        {
            handover.RankWoke();
        }
    }

    /// <summary>Wake the rank from <see cref="Sleep"/> (any thread: a delivery not read by the rank, an abort).</summary>
    public void WakeSleeper() => sleeper?.Signal();

    /// <summary>The rank's wait is over: the reader threads stay parked for a grace period, in case it waits again.</summary>
    public void PollingEnded()
    {
        readyCount = -1;
        handover.RankLeft();
    }

    /// <summary>The rank goes to sleep on its mailbox: the reader threads read from now on.</summary>
    public void StopPolling()
    {
        readyCount = -1;
        handover.RankStopped();
    }

    /// <summary>
    /// A read of <paramref name="c"/> failed (on its reader thread or the rank's): drop a peer that broke the protocol,
    /// report a mailbox failure, let a dead peer go (the job's supervisor reports dead ranks).
    /// </summary>
    private void Failed(TcpInbound c, Exception e)
    {
        c.Ended = true;
        Forget(c);
        switch (e)
        {
            case MalformedMessageException when !disposed:
                Reject(c.Socket, $"protocol error from rank {c.From}: {e.Message}; connection dropped");
                break;
            case MalformedMessageException:
            case IOException or SocketException or ObjectDisposedException:
                break;
            default:
                if (!disposed) OnReceiveError?.Invoke(e);
                break;
        }
    }

    public void Dispose()
    {
        disposed = true;
        handover.ReleaseAll();
        sleeper?.Signal();
        sleeper?.Dispose();
        listener.Dispose();
        lock (outgoing)
        {
            foreach (var c in outgoing) c?.Dispose();
            foreach (var c in superseded) c.Dispose();
        }
        lock (incoming)
        {
            foreach (var s in incoming) s.Dispose();
            incoming.Clear();
        }
    }

    /// <summary>
    /// The sending side of one connection: frames are written whole under a lock. A small frame is copied behind its
    /// header into one buffer and sent with one plain send call; a large one is sent from the header and the
    /// message's own array as a gather (sendmsg), never copied. <paramref name="adopted"/>: the peer opened it
    /// (<see cref="Adopt"/>).
    /// </summary>
    private sealed class Connection(Socket socket, int from, int to, bool adopted) : IDisposable
    {
        /// <summary>The peer opened it, and we answer on it.</summary>
        public bool Adopted => adopted;

        private volatile bool retired; // given up for the peer's connection: writes refuse, the caller takes the new one

        /// <summary>Frames up to this size (header included) go out through <see cref="small"/>.</summary>
        public const int SmallFrame = 4096;

        private readonly byte[] header = new byte[MessageCodec.HeaderSize];
        private readonly byte[] small = new byte[SmallFrame];
        private readonly List<ArraySegment<byte>> parts = new(2);

        /// <summary>Write the frame; false when this connection was retired (nothing written).</summary>
        public bool Write(cMPIMessage m)
        {
            lock (header)
            {
                if (retired) return false;
                try
                {
                    int total = header.Length + m.Data.Length;
                    if (total <= SmallFrame)
                    {
                        MessageCodec.WriteHeader(small, m);
                        m.Data.CopyTo(small, header.Length);
                        int n = socket.Send(small, 0, total, SocketFlags.None);
                        while (n < total) n += socket.Send(small, n, total - n, SocketFlags.None);
                        return true;
                    }
                    MessageCodec.WriteHeader(header, m);
                    parts.Clear();
                    parts.Add(header);
                    parts.Add(m.Data);
                    int sent = socket.Send(parts);
                    if (sent != total) SendRest(total, sent);
                    return true;
                }
                catch (Exception e) when (e is SocketException or ObjectDisposedException)
                {
                    throw new TransportException($"rank {from} lost its connection to rank {to}: {e.Message}", e);
                }
            }
        }

        /// <summary>
        /// A frame whose payload is the sender's memory: the header and the payload's first bytes in one segment (so
        /// the receiver's first read holds a whole header), then the rest of the payload straight from
        /// <paramref name="payload"/>. Two send calls, no copy beyond those first bytes.
        /// </summary>
        public bool WriteFrom(cMPIMessage m, ReadOnlySpan<byte> payload)
        {
            lock (header)
            {
                if (retired) return false;
                try
                {
                    MessageCodec.WriteHeader(small, m, payload.Length);
                    int first = Math.Min(payload.Length, SmallFrame - MessageCodec.HeaderSize);
                    payload[..first].CopyTo(small.AsSpan(MessageCodec.HeaderSize));
                    SendAll(small.AsSpan(0, MessageCodec.HeaderSize + first));
                    SendAll(payload[first..]);
                    return true;
                }
                catch (Exception e) when (e is SocketException or ObjectDisposedException)
                {
                    throw new TransportException($"rank {from} lost its connection to rank {to}: {e.Message}", e);
                }
            }
        }

        private void SendAll(ReadOnlySpan<byte> bytes)
        {
            while (!bytes.IsEmpty) bytes = bytes[socket.Send(bytes, SocketFlags.None)..];
        }

        // A blocking send normally writes everything; finish by hand if it did not, from where it stopped (no copy).
        private void SendRest(int total, int sent)
        {
            while (sent < header.Length) sent += socket.Send(header, sent, header.Length - sent, SocketFlags.None);
            byte[] data = parts[1].Array!;
            while (sent < total) sent += socket.Send(data, sent - header.Length, total - sent, SocketFlags.None);
        }

        /// <summary>
        /// No more frames on it (<see cref="Adopt"/>): the end of the stream follows the frames written, so the peer reads
        /// them all, and our reader of it sees its end too (the peer never writes on it).
        /// </summary>
        public void Retire()
        {
            retired = true; // a write that takes the lock from now on refuses
            // After the frame being written, if any (never cut one). The caller may be the rank's thread reading a frame
            // (TcpInbound.FirstFrame): a writer blocked on a full socket must not hold it, so a pool thread waits instead.
            if (Monitor.TryEnter(header))
            {
                try { ShutDown(); } finally { Monitor.Exit(header); }
            }
            else
            {
                ThreadPool.UnsafeQueueUserWorkItem(_ => { lock (header) ShutDown(); }, null);
            }
        }

        private void ShutDown()
        {
            try { socket.Shutdown(SocketShutdown.Both); } catch (Exception e) when (e is SocketException or ObjectDisposedException) { }
        }

        public void Dispose()
        {
            try { socket.Shutdown(SocketShutdown.Send); } catch (Exception e) when (e is SocketException or ObjectDisposedException) { }
            socket.Dispose();
        }
    }
}

/// <summary>A transport cannot reach a rank (it died, or the network failed).</summary>
public sealed class TransportException(string message, Exception? inner = null) : Exception(message, inner);
