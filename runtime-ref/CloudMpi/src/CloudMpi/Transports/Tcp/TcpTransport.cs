using System.Net;
using System.Net.Sockets;
using CloudMpi.Core;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// One rank's end of the TCP transport. Each ordered pair of ranks uses its own connection, opened by the
/// sender on its first message and only ever written by it, so a connection never carries data both ways
/// (closing it can never discard unread data of the other direction). Every connection is first authenticated
/// both ways with the job's secret (<see cref="TcpHandshake"/>); a peer that fails, or stays silent past the
/// deadline, is dropped and reported through <see cref="OnRejected"/>, and the job goes on. Frames are the
/// <see cref="MessageCodec"/> header, which carries the payload length, followed by the payload. Each
/// authenticated incoming connection is read by its own reader thread (<see cref="TcpInbound"/>), which hands each
/// frame to the local mailbox. Large payloads travel in pooled arrays on both sides (<see cref="PayloadPool"/>).
/// Messages to oneself skip the network.
/// </summary>
internal sealed class TcpTransport : ITransport
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
    private readonly Connection?[] outgoing;
    private readonly List<Socket> incoming = [];
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

    /// <summary>The largest payload a frame may announce; a larger length is a protocol error that drops the connection.</summary>
    public int MaxPayload { get; init; } = Array.MaxLength;

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
        new Thread(AcceptLoop) { IsBackground = true, Name = $"cmpi tcp accept (rank {localRank})" }.Start();
    }

    public void Send(int destWorldRank, cMPIMessage message)
    {
        if (destWorldRank == localRank)
        {
            (sink ?? throw new InvalidOperationException("the TCP transport was not started")).Deliver(message);
            return;
        }
        var c = Volatile.Read(ref outgoing[destWorldRank]) ?? ConnectTo(destWorldRank);
        c.Write(message);
        // The kernel has the bytes and the sender never touches the message again (ITransport.Send): its payload
        // array goes back to the pool for the next send. Without this every send of 85 000 bytes or more was a
        // fresh large-object-heap array (page faults, full collections): 1 MiB ping-pong 1.56 ms, see docs/transports.md.
        PayloadPool.Return(message);
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
            var c = new Connection(s, localRank, dest);
            Volatile.Write(ref outgoing[dest], c);
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
        ReadLoop(s, from);
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
    /// The reader thread of one connection: it blocks in the receive call itself and hands each frame to the mailbox
    /// (one system call per small frame). The waiting rank reading its sockets itself, as Open MPI's ranks do, was
    /// measured slower here (docs/transports.md, "tcp").
    /// </summary>
    private void ReadLoop(Socket s, int from)
    {
        try
        {
            new TcpInbound(s, from, WorldSize, MaxPayload, sink!).ReadUntilEnd(); // returns when the sender closes: normal at the end
        }
        catch (MalformedMessageException e) when (!disposed)
        {
            Reject(s, $"protocol error from rank {from}: {e.Message}; connection dropped");
        }
        catch (Exception e) when (e is IOException or SocketException or ObjectDisposedException)
        {
            // a peer that died or a transport being disposed: the job's supervisor reports dead ranks
        }
        catch (Exception e) when (!disposed)
        {
            OnReceiveError?.Invoke(e);
        }
    }

    public void Dispose()
    {
        disposed = true;
        listener.Dispose();
        lock (outgoing)
        {
            foreach (var c in outgoing) c?.Dispose();
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
    /// message's own array as a gather (sendmsg), never copied.
    /// </summary>
    private sealed class Connection(Socket socket, int from, int to) : IDisposable
    {
        /// <summary>Frames up to this size (header included) go out through <see cref="small"/>.</summary>
        public const int SmallFrame = 4096;

        private readonly byte[] header = new byte[MessageCodec.HeaderSize];
        private readonly byte[] small = new byte[SmallFrame];
        private readonly List<ArraySegment<byte>> parts = new(2);

        public void Write(cMPIMessage m)
        {
            lock (header)
            {
                try
                {
                    int total = header.Length + m.Data.Length;
                    if (total <= SmallFrame)
                    {
                        MessageCodec.WriteHeader(small, m);
                        m.Data.CopyTo(small, header.Length);
                        int n = socket.Send(small, 0, total, SocketFlags.None);
                        while (n < total) n += socket.Send(small, n, total - n, SocketFlags.None);
                        return;
                    }
                    MessageCodec.WriteHeader(header, m);
                    parts.Clear();
                    parts.Add(header);
                    parts.Add(m.Data);
                    int sent = socket.Send(parts);
                    if (sent != total) SendRest(total, sent);
                }
                catch (Exception e) when (e is SocketException or ObjectDisposedException)
                {
                    throw new TransportException($"rank {from} lost its connection to rank {to}: {e.Message}", e);
                }
            }
        }

        // A blocking send normally writes everything; finish by hand if it did not, from where it stopped (no copy).
        private void SendRest(int total, int sent)
        {
            while (sent < header.Length) sent += socket.Send(header, sent, header.Length - sent, SocketFlags.None);
            byte[] data = parts[1].Array!;
            while (sent < total) sent += socket.Send(data, sent - header.Length, total - sent, SocketFlags.None);
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
