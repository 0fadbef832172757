using System.Net;
using System.Net.Sockets;

namespace CloudMpi.Transports.Tcp;

/// <summary>
/// One rank's end of the TCP transport. Each ordered pair of ranks uses its own connection, opened by the
/// sender on its first message and only ever written by it, so a connection never carries data both ways
/// (closing it can never discard unread data of the other direction). Frames are the <see cref="MessageCodec"/>
/// header, which carries the payload length, followed by the payload. A reader thread per incoming connection
/// hands each frame to the local mailbox. Messages to oneself skip the network.
/// </summary>
internal sealed class TcpTransport : ITransport
{
    private readonly int localRank;
    private readonly Socket listener;
    private readonly Connection?[] outgoing;
    private readonly List<Socket> incoming = [];
    private IPEndPoint[] peers = [];
    private IMessageSink? sink;
    private volatile bool disposed;

    /// <summary>Called once with the first receive-side failure (a malformed frame); the host aborts the rank.</summary>
    public Action<Exception>? OnReceiveError { get; set; }

    /// <param name="localRank">This end's world rank.</param>
    /// <param name="worldSize">Number of ranks.</param>
    /// <param name="listener">A socket already bound and listening; its port is what the other ranks are told.</param>
    public TcpTransport(int localRank, int worldSize, Socket listener)
    {
        this.localRank = localRank;
        WorldSize = worldSize;
        this.listener = listener;
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
            new Thread(() => ReadLoop(s)) { IsBackground = true, Name = $"cmpi tcp reader (rank {localRank})" }.Start();
        }
    }

    private void ReadLoop(Socket s)
    {
        using var stream = new BufferedStream(new NetworkStream(s, ownsSocket: false), 1 << 16);
        var header = new byte[MessageCodec.HeaderSize];
        try
        {
            while (true)
            {
                if (!ReadFully(stream, header, atFrameStart: true)) return; // the sender closed: normal at the end
                var m = MessageCodec.ReadHeader(header, WorldSize, out int length, out bool external);
                if (external) throw new MalformedMessageException("an external payload on a TCP connection");
                var data = length == 0 ? [] : new byte[length];
                if (length > 0 && !ReadFully(stream, data, atFrameStart: false))
                    throw new MalformedMessageException($"connection closed inside a frame of {length} bytes");
                m.Data = data;
                sink!.Deliver(m);
            }
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

    /// <summary>Fill <paramref name="buffer"/>; false on a clean end of stream before its first byte.</summary>
    private static bool ReadFully(Stream stream, byte[] buffer, bool atFrameStart)
    {
        int got = 0;
        while (got < buffer.Length)
        {
            int n = stream.Read(buffer, got, buffer.Length - got);
            if (n == 0)
            {
                if (got == 0 && atFrameStart) return false;
                throw new MalformedMessageException($"connection closed after {got} of {buffer.Length} bytes of a frame");
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
