using System.Buffers.Binary;
using System.Net;
using System.Net.Sockets;
using System.Text;
using CloudMpi.Transports.Tcp;

namespace CloudMpi.Run.Processes;

/// <summary>What travels between cmpi-run and one rank process it supervises.</summary>
public enum ControlType : byte
{
    /// <summary>rank → parent: rank, pid, data port (0 when the transport needs none).</summary>
    Hello = 1,
    /// <summary>parent → rank: world size, job id, transport, settings, peers' endpoints, program image and args.</summary>
    Welcome = 2,
    /// <summary>parent → rank: report your state.</summary>
    StatusRequest = 3,
    /// <summary>rank → parent: blocked in MPI?, progress counter, what it waits for.</summary>
    Status = 4,
    /// <summary>rank → parent: the program ended (how, exit code, message to print).</summary>
    Finished = 5,
    /// <summary>parent → rank: the job is aborted (reason); blocked MPI calls end.</summary>
    Abort = 6,
    /// <summary>parent → rank: every rank finished; flush and exit.</summary>
    Exit = 7,
    /// <summary>rank → parent, last: the storage requests the rank made, by kind (azure; <c>cmpi-run --stats</c>).</summary>
    StorageRequests = 8,
}

/// <summary>How a rank's program ended, as the rank process reports it.</summary>
public enum RankEnd : byte
{
    Returned = 1,
    MpiAbort = 2,
    Failed = 3,
    /// <summary>Woken by an abort that something else caused.</summary>
    Aborted = 4,
}

/// <summary>
/// The supervision connection between cmpi-run and a rank process: frames of a 4-byte little-endian length,
/// a type byte and a payload written with <see cref="BinaryWriter"/>. Writes are serialized by a lock. The
/// connection is authenticated both ways with the job's secret before any frame (<see cref="ConnectToParent"/>,
/// <see cref="Accept"/>), and a frame longer than the channel's maximum is an error that drops it.
/// </summary>
public sealed class ControlChannel : IDisposable
{
    /// <summary>The longest frame cmpi-run reads from a rank (status and end reports, a failure's text).</summary>
    public const int MaxFrameFromRank = 64 << 20;

    /// <summary>The longest frame a rank reads from cmpi-run (the job description, with the program image).</summary>
    public const int MaxFrameFromParent = 1 << 30;

    /// <summary>
    /// How long a control connection has for its handshake and hello: longer than a data connection's, as it is made
    /// while the rank processes start (on a loaded machine, a process's first cryptographic call loads OpenSSL).
    /// </summary>
    public static readonly TimeSpan HandshakeDeadline = TimeSpan.FromSeconds(10);

    /// <summary>A frame's buffer is allocated up front up to this size; beyond it, it grows with the bytes that arrive.</summary>
    private const int TrustedAllocation = 1 << 20;

    private readonly Socket _socket;
    private readonly NetworkStream _stream;
    private readonly object _writeLock = new();
    private readonly int _maxFrame;

    public ControlChannel(Socket socket, int maxFrame)
    {
        _socket = socket;
        _socket.NoDelay = true;
        _stream = new NetworkStream(socket, ownsSocket: true);
        _maxFrame = maxFrame;
    }

    /// <summary>A rank's connection to cmpi-run at <paramref name="parent"/>, authenticated both ways.</summary>
    internal static ControlChannel ConnectToParent(IPEndPoint parent, JobSecret secret, string jobId, int rank, TimeSpan deadline)
    {
        var socket = new Socket(parent.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            socket.Connect(parent);
            TcpHandshake.Connect(socket, secret, jobId, TcpChannel.Control, rank, TcpHandshake.Parent, deadline);
        }
        catch
        {
            socket.Dispose();
            throw;
        }
        return new ControlChannel(socket, MaxFrameFromParent);
    }

    /// <summary>
    /// cmpi-run's side of a connection it accepted: the handshake, then the rank's first frame, which must be a
    /// <see cref="ControlType.Hello"/> from the rank it authenticated as, all within <paramref name="deadline"/>.
    /// Throws <see cref="HandshakeException"/> (the socket is then closed) for anything else.
    /// </summary>
    internal static (int Rank, ControlChannel Channel, BinaryReader Hello) Accept(
        Socket socket, JobSecret secret, string jobId, int worldSize, TimeSpan deadline)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var channel = new ControlChannel(socket, MaxFrameFromRank);
        try
        {
            int rank = TcpHandshake.Accept(socket, secret, jobId, TcpChannel.Control, TcpHandshake.Parent, worldSize, deadline);
            try
            {
                socket.ReceiveTimeout = TcpHandshake.Remaining(clock, deadline);
                var hello = channel.Receive();
                socket.ReceiveTimeout = 0;
                if (hello is not (ControlType.Hello, var payload))
                    throw new HandshakeException($"rank {rank} authenticated but sent {(hello is null ? "nothing" : hello.Value.Type.ToString())} instead of its hello");
                if (payload.ReadInt32() != rank)
                    throw new HandshakeException($"rank {rank} authenticated but said hello as another rank");
                return (rank, channel, payload);
            }
            catch (IOException e) when (e.InnerException is SocketException { SocketErrorCode: SocketError.TimedOut })
            {
                throw new HandshakeException(TcpHandshake.NoHandshake(deadline), e);
            }
            catch (Exception e) when (e is IOException or SocketException or InvalidDataException or EndOfStreamException)
            {
                throw new HandshakeException($"connection failed during the handshake: {e.Message}", e);
            }
        }
        catch
        {
            channel.Dispose();
            throw;
        }
    }

    public Socket Socket => _socket;

    public void Send(ControlType type, Action<BinaryWriter>? payload = null)
    {
        using var ms = new MemoryStream();
        ms.Write(stackalloc byte[4]);
        ms.WriteByte((byte)type);
        if (payload is not null)
        {
            using var w = new BinaryWriter(ms, Encoding.UTF8, leaveOpen: true);
            payload(w);
        }
        byte[] frame = ms.ToArray();
        BinaryPrimitives.WriteInt32LittleEndian(frame, frame.Length - 4);
        lock (_writeLock)
        {
            _stream.Write(frame);
            _stream.Flush();
        }
    }

    /// <summary>Try to send; false if the other side is gone.</summary>
    public bool TrySend(ControlType type, Action<BinaryWriter>? payload = null)
    {
        try
        {
            Send(type, payload);
            return true;
        }
        catch (Exception e) when (e is IOException or SocketException or ObjectDisposedException)
        {
            return false;
        }
    }

    /// <summary>The next frame, or null at the end of the stream.</summary>
    public (ControlType Type, BinaryReader Payload)? Receive()
    {
        Span<byte> len = stackalloc byte[4];
        if (!ReadExactly(len)) return null;
        byte[] body = NewBody(BinaryPrimitives.ReadInt32LittleEndian(len), out int n);
        int got = 0;
        while (got < n)
        {
            if (got == body.Length) Array.Resize(ref body, (int)Math.Min(n, 2L * body.Length));
            int k = _stream.Read(body, got, body.Length - got);
            if (k == 0) throw new EndOfStreamException("control connection closed inside a frame");
            got += k;
        }
        return Frame(body);
    }

    /// <summary>The buffer for a frame announcing <paramref name="length"/> bytes: never larger than trusted up front.</summary>
    private byte[] NewBody(int length, out int n)
    {
        if (length < 1 || length > _maxFrame)
            throw new InvalidDataException($"bad control frame length {length} (at most {_maxFrame})");
        n = length;
        return new byte[Math.Min(length, TrustedAllocation)];
    }

    private static (ControlType, BinaryReader) Frame(byte[] body) =>
        ((ControlType)body[0], new BinaryReader(new MemoryStream(body, 1, body.Length - 1, writable: false), Encoding.UTF8));

    private bool ReadExactly(Span<byte> buffer)
    {
        int got = 0;
        while (got < buffer.Length)
        {
            int k = _stream.Read(buffer[got..]);
            if (k == 0)
            {
                if (got == 0) return false;
                throw new EndOfStreamException("control connection closed inside a frame");
            }
            got += k;
        }
        return true;
    }

    public void Dispose() => _stream.Dispose();
}
