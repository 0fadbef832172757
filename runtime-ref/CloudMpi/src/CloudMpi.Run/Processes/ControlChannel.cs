using System.Buffers.Binary;
using System.Net.Sockets;
using System.Text;

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
/// a type byte and a payload written with <see cref="BinaryWriter"/>. Writes are serialized by a lock.
/// </summary>
public sealed class ControlChannel : IDisposable
{
    private readonly Socket _socket;
    private readonly NetworkStream _stream;
    private readonly object _writeLock = new();

    public ControlChannel(Socket socket)
    {
        _socket = socket;
        _socket.NoDelay = true;
        _stream = new NetworkStream(socket, ownsSocket: true);
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
        int n = BinaryPrimitives.ReadInt32LittleEndian(len);
        if (n < 1 || n > 1 << 30) throw new InvalidDataException($"bad control frame length {n}");
        var body = new byte[n];
        if (!ReadExactly(body)) throw new EndOfStreamException("control connection closed inside a frame");
        var reader = new BinaryReader(new MemoryStream(body, 1, n - 1, writable: false), Encoding.UTF8);
        return ((ControlType)body[0], reader);
    }

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
