using System.Net;
using System.Net.Sockets;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// One rank's end of the TCP transport. Each ordered pair of ranks uses its own connection, opened by the
/// sender on its first message and only ever written by it, so a connection never carries data both ways
/// (closing it can never discard unread data of the other direction). Every connection is first authenticated
/// both ways with the job's secret (<see cref="TcpHandshake"/>); a peer that fails, or stays silent past the
/// deadline, is dropped and reported through <see cref="OnRejected"/>, and the job goes on. Frames are the
/// <see cref="MessageCodec"/> header, which carries the payload length, followed by the payload. A reader
/// thread per authenticated incoming connection hands each frame to the local mailbox. Messages to oneself
/// skip the network.
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

    private void ReadLoop(Socket s, int from)
    {
        var header = new byte[MessageCodec.HeaderSize];
        try
        {
            using var stream = new BufferedStream(new NetworkStream(s, ownsSocket: false), 1 << 16);
            while (true)
            {
                if (!ReadFully(stream, header, 0, header.Length, atFrameStart: true)) return; // the sender closed: normal at the end
                var m = MessageCodec.ReadHeader(header, WorldSize, out int length, out bool external);
                if (external) throw new MalformedMessageException("an external payload on a TCP connection");
                if (m.SenderWorldRank != from)
                    throw new MalformedMessageException($"a frame from rank {m.SenderWorldRank} on rank {from}'s connection");
                if (length > MaxPayload)
                    throw new MalformedMessageException($"a frame announcing {length} bytes, more than the {MaxPayload} allowed");
                m.Data = ReadPayload(stream, length);
                sink!.Deliver(m);
            }
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

    /// <summary>
    /// The payload of a frame announcing <paramref name="length"/> bytes: one array of that size when it is at most
    /// <see cref="TrustedAllocation"/>, otherwise an array that doubles as the bytes arrive.
    /// </summary>
    private static byte[] ReadPayload(Stream stream, int length)
    {
        if (length == 0) return [];
        var data = new byte[Math.Min(length, TrustedAllocation)];
        int got = 0;
        while (true)
        {
            ReadFully(stream, data, got, data.Length, atFrameStart: false);
            got = data.Length;
            if (got == length) return data;
            Array.Resize(ref data, (int)Math.Min(length, 2L * data.Length));
        }
    }

    /// <summary>Fill <paramref name="buffer"/> from <paramref name="got"/> to <paramref name="end"/>; false on a clean end of stream before the frame's first byte.</summary>
    private static bool ReadFully(Stream stream, byte[] buffer, int got, int end, bool atFrameStart)
    {
        while (got < end)
        {
            int n = stream.Read(buffer, got, end - got);
            if (n == 0)
            {
                if (got == 0 && atFrameStart) return false;
                throw new MalformedMessageException($"connection closed inside a frame ({got} of {end} bytes read)");
            }
            got += n;
        }
        return true;
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

    /// <summary>The sending side of one connection: frames are written whole under a lock.</summary>
    private sealed class Connection(Socket socket, int from, int to) : IDisposable
    {
        private readonly byte[] header = new byte[MessageCodec.HeaderSize];
        private readonly List<ArraySegment<byte>> parts = new(2);

        public void Write(cMPIMessage m)
        {
            lock (header)
            {
                MessageCodec.WriteHeader(header, m);
                parts.Clear();
                parts.Add(header);
                if (m.Data.Length > 0) parts.Add(m.Data);
                try
                {
                    int total = header.Length + m.Data.Length;
                    int sent = socket.Send(parts);
                    if (sent != total) SendRest(total, sent);
                }
                catch (Exception e) when (e is SocketException or ObjectDisposedException)
                {
                    throw new TransportException($"rank {from} lost its connection to rank {to}: {e.Message}", e);
                }
            }
        }

        // A blocking send normally writes everything; finish by hand if it did not.
        private void SendRest(int total, int sent)
        {
            var all = new byte[total];
            header.CopyTo(all, 0);
            int dataStart = header.Length;
            if (total > dataStart) Buffer.BlockCopy(parts[1].Array!, 0, all, dataStart, total - dataStart);
            while (sent < total) sent += socket.Send(all, sent, total - sent, SocketFlags.None);
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
