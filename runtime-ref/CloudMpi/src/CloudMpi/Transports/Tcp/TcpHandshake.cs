using System.Buffers.Binary;
using System.Diagnostics;
using System.Net.Sockets;
using System.Security.Cryptography;
using System.Text;

namespace CloudMpi.Transports.Tcp;

/// <summary>What a TCP connection of a job carries: MPI frames between ranks, or cmpi-run's supervision.</summary>
internal enum TcpChannel : byte
{
    Data = 1,
    Control = 2,
}

/// <summary>A connection that did not authenticate; the message says why (it never contains the secret).</summary>
internal sealed class HandshakeException(string reason, Exception? inner = null) : Exception(reason, inner);

/// <summary>
/// Mutual authentication of a job's TCP connections by an HMAC-SHA256 challenge-response over the job's
/// <see cref="JobSecret"/>, before any frame is read (docs/transports.md, "Authentication"):
/// <list type="number">
/// <item>connector → acceptor, hello (46 bytes): magic <c>cMPA</c>, version 1, channel (data or control), the
/// claimed sender rank, the rank addressed (-1 = cmpi-run), a fresh 32-byte nonce Nc;</item>
/// <item>acceptor → connector, challenge (64 bytes): a fresh 32-byte nonce Na and
/// HMAC(K, "cmpi-tcp-v1 acceptor" | job id | channel | from | to | Nc | Na);</item>
/// <item>connector → acceptor, proof (32 bytes): HMAC(K, "cmpi-tcp-v1 connector" | job id | channel | from | to |
/// Nc | Na), sent only once the acceptor's MAC checked out.</item>
/// </list>
/// Both nonces are in both MACs, so a recorded handshake replayed against a new acceptor nonce fails; the labels
/// differ by direction, so an acceptor's answer reflected back as a proof fails; the job id, the channel and both
/// ranks are bound, so a proof for one pair, channel or job is worth nothing for another. MACs are compared with
/// <see cref="CryptographicOperations.FixedTimeEquals"/>.
/// </summary>
internal static class TcpHandshake
{
    /// <summary>"cMPA" in ASCII, read little-endian.</summary>
    public const uint Magic = 0x4150_4D63;
    public const byte Version = 1;
    public const int NonceSize = 32;
    public const int MacSize = 32;
    public const int HelloSize = 4 + 1 + 1 + 4 + 4 + NonceSize;
    public const int ChallengeSize = NonceSize + MacSize;
    public const int ProofSize = MacSize;

    /// <summary>The "rank" of cmpi-run on control connections.</summary>
    public const int Parent = -1;

    /// <summary>How long an accepted connection has to complete its handshake (and a connector to hear the answer).</summary>
    public static readonly TimeSpan DefaultDeadline = TimeSpan.FromSeconds(5);

    private static readonly byte[] AcceptorLabel = Encoding.ASCII.GetBytes("cmpi-tcp-v1 acceptor\0");
    private static readonly byte[] ConnectorLabel = Encoding.ASCII.GetBytes("cmpi-tcp-v1 connector\0");

    /// <summary>The connector's side on a connected socket, bounded by <paramref name="deadline"/> per step.</summary>
    public static void Connect(Socket socket, JobSecret secret, string jobId, TcpChannel channel, int from, int to, TimeSpan deadline)
    {
        int ms = (int)Math.Clamp(deadline.TotalMilliseconds, 1, int.MaxValue);
        socket.ReceiveTimeout = ms;
        socket.SendTimeout = ms;
        try
        {
            using var stream = new NetworkStream(socket, ownsSocket: false);
            Connect(stream, secret, jobId, channel, from, to);
        }
        catch (IOException e) when (e.InnerException is SocketException { SocketErrorCode: SocketError.TimedOut })
        {
            throw new HandshakeException($"no answer to the handshake within {deadline.TotalSeconds:0.###} s", e);
        }
        finally
        {
            socket.ReceiveTimeout = 0;
            socket.SendTimeout = 0;
        }
    }

    /// <summary>
    /// The connector's side: say who we are, check the acceptor's MAC, prove ours. Throws
    /// <see cref="HandshakeException"/> when the other end is not the addressed member of this job.
    /// </summary>
    public static void Connect(Stream stream, JobSecret secret, string jobId, TcpChannel channel, int from, int to)
    {
        var hello = new byte[HelloSize];
        BinaryPrimitives.WriteUInt32LittleEndian(hello, Magic);
        hello[4] = Version;
        hello[5] = (byte)channel;
        BinaryPrimitives.WriteInt32LittleEndian(hello.AsSpan(6), from);
        BinaryPrimitives.WriteInt32LittleEndian(hello.AsSpan(10), to);
        RandomNumberGenerator.Fill(hello.AsSpan(14, NonceSize));
        stream.Write(hello);
        stream.Flush();

        var challenge = new byte[ChallengeSize];
        int got = ReadAll(stream, challenge);
        if (got < challenge.Length)
            throw new HandshakeException(got == 0
                ? "the listener closed the connection without answering the handshake (another job's port, or a wrong job secret)"
                : $"the listener closed the connection after {got} of {ChallengeSize} bytes of its answer");
        ReadOnlySpan<byte> nonceC = hello.AsSpan(14, NonceSize), nonceA = challenge.AsSpan(0, NonceSize);
        byte[] expected = Mac(secret, AcceptorLabel, jobId, channel, from, to, nonceC, nonceA);
        if (!CryptographicOperations.FixedTimeEquals(expected, challenge.AsSpan(NonceSize, MacSize)))
            throw new HandshakeException("the listener did not prove it knows the job secret (another job, or not a cmpi rank)");
        stream.Write(Mac(secret, ConnectorLabel, jobId, channel, from, to, nonceC, nonceA));
        stream.Flush();
    }

    /// <summary>
    /// The acceptor's side: read the hello, answer the challenge, check the proof, all within
    /// <paramref name="deadline"/>. Returns the authenticated sender rank (in [0, <paramref name="worldSize"/>), never
    /// <paramref name="localRank"/>); throws <see cref="HandshakeException"/> for anything else. Synchronous, on the
    /// connection's own thread, with the socket's timeouts bounding each read: an asynchronous read would turn the
    /// socket non-blocking for good, and every later blocking read of the connection's frames would then wait for
    /// .NET's epoll thread to wake it, a scheduler hop per message.
    /// </summary>
    public static int Accept(Socket socket, JobSecret secret, string jobId, TcpChannel channel, int localRank, int worldSize, TimeSpan deadline)
    {
        var clock = Stopwatch.StartNew();
        try
        {
            var hello = new byte[HelloSize];
            // The magic number first, so that a stranger's short greeting is named for what it is at once.
            int got = Receive(socket, hello, 0, 4, clock, deadline);
            if (got == 4 && BinaryPrimitives.ReadUInt32LittleEndian(hello) != Magic)
                throw new HandshakeException("not a cmpi handshake (bad magic number)");
            if (got == 4) got += Receive(socket, hello, 4, HelloSize - 4, clock, deadline);
            if (got < HelloSize)
                throw new HandshakeException(got == 0 ? "closed the connection without a handshake"
                                                      : $"closed the connection after {got} of {HelloSize} bytes of a handshake");
            if (hello[4] != Version)
                throw new HandshakeException($"cmpi handshake version {hello[4]}, this runtime speaks version {Version}");
            if (hello[5] != (byte)channel)
                throw new HandshakeException($"a handshake for channel {hello[5]} on a {channel.ToString().ToLowerInvariant()} port");
            int from = BinaryPrimitives.ReadInt32LittleEndian(hello.AsSpan(6));
            int to = BinaryPrimitives.ReadInt32LittleEndian(hello.AsSpan(10));
            if (from < 0 || from >= worldSize || from == localRank)
                throw new HandshakeException($"claims to be rank {from} (world of {worldSize}, this is {Who(localRank)})");
            if (to != localRank)
                throw new HandshakeException($"addressed its handshake to {Who(to)}, this is {Who(localRank)}");

            var challenge = new byte[ChallengeSize];
            RandomNumberGenerator.Fill(challenge.AsSpan(0, NonceSize));
            ReadOnlySpan<byte> nonceC = hello.AsSpan(14, NonceSize), nonceA = challenge.AsSpan(0, NonceSize);
            Mac(secret, AcceptorLabel, jobId, channel, from, to, nonceC, nonceA).CopyTo(challenge, NonceSize);
            socket.SendTimeout = Remaining(clock, deadline);
            socket.Send(challenge);

            var proof = new byte[ProofSize];
            got = Receive(socket, proof, 0, ProofSize, clock, deadline);
            if (got < ProofSize)
                throw new HandshakeException(got == 0 ? $"claimed rank {from} but closed the connection instead of proving it (wrong job secret?)"
                                                      : $"closed the connection after {got} of {ProofSize} bytes of its proof");
            byte[] expected = Mac(secret, ConnectorLabel, jobId, channel, from, to, nonceC, nonceA);
            if (!CryptographicOperations.FixedTimeEquals(expected, proof))
                throw new HandshakeException($"claimed rank {from} with a wrong proof (wrong job secret, or a replayed handshake)");
            return from;
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.TimedOut)
        {
            throw new HandshakeException(NoHandshake(deadline), e);
        }
        catch (SocketException e)
        {
            throw new HandshakeException($"connection failed during the handshake: {e.Message}", e);
        }
        finally
        {
            try
            {
                socket.ReceiveTimeout = 0;
                socket.SendTimeout = 0;
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException) { }
        }
    }

    /// <summary>The reason given for a connection whose handshake did not complete in time.</summary>
    public static string NoHandshake(TimeSpan deadline) => $"no complete handshake within {deadline.TotalSeconds:0.###} s";

    /// <summary>Milliseconds left before <paramref name="deadline"/> (at least 1), or a <see cref="HandshakeException"/>.</summary>
    internal static int Remaining(Stopwatch clock, TimeSpan deadline)
    {
        double left = (deadline - clock.Elapsed).TotalMilliseconds;
        if (left <= 0) throw new HandshakeException(NoHandshake(deadline));
        return (int)Math.Min(int.MaxValue, Math.Ceiling(left));
    }

    /// <summary>Up to <paramref name="count"/> bytes, fewer only when the peer closes; each read bounded by the time left.</summary>
    private static int Receive(Socket socket, byte[] buffer, int offset, int count, Stopwatch clock, TimeSpan deadline)
    {
        int got = 0;
        while (got < count)
        {
            socket.ReceiveTimeout = Remaining(clock, deadline);
            int n = socket.Receive(buffer, offset + got, count - got, SocketFlags.None);
            if (n == 0) break;
            got += n;
        }
        return got;
    }

    private static string Who(int rank) => rank == Parent ? "cmpi-run" : $"rank {rank}";

    private static byte[] Mac(JobSecret secret, byte[] label, string jobId, TcpChannel channel, int from, int to,
                              ReadOnlySpan<byte> nonceC, ReadOnlySpan<byte> nonceA)
    {
        using var h = IncrementalHash.CreateHMAC(HashAlgorithmName.SHA256, secret.Key);
        h.AppendData(label);
        byte[] job = Encoding.UTF8.GetBytes(jobId);
        Span<byte> fields = stackalloc byte[4 + 1 + 4 + 4];
        BinaryPrimitives.WriteInt32LittleEndian(fields, job.Length);
        fields[4] = (byte)channel;
        BinaryPrimitives.WriteInt32LittleEndian(fields[5..], from);
        BinaryPrimitives.WriteInt32LittleEndian(fields[9..], to);
        h.AppendData(fields[..4]);
        h.AppendData(job);
        h.AppendData(fields[4..]);
        h.AppendData(nonceC);
        h.AppendData(nonceA);
        return h.GetHashAndReset();
    }

    /// <summary>Bytes read into <paramref name="buffer"/> until it is full or the stream ends.</summary>
    private static int ReadAll(Stream stream, byte[] buffer)
    {
        int got = 0;
        while (got < buffer.Length)
        {
            int n = stream.Read(buffer, got, buffer.Length - got);
            if (n == 0) break;
            got += n;
        }
        return got;
    }
}

/// <summary>
/// Reports rejected connections once per peer address and reason (a scanner hammering a port gives one line, not
/// thousands), at most <see cref="Limit"/> lines, then one line saying that more are not reported.
/// </summary>
internal sealed class RejectionReporter(string prefix, Action<string> write)
{
    public const int Limit = 20;
    private readonly HashSet<(string, string)> seen = [];
    private int reported;

    /// <summary>Report the connection from <paramref name="remote"/> rejected for <paramref name="reason"/>.</summary>
    public void Report(System.Net.EndPoint? remote, string reason)
    {
        string address = remote is System.Net.IPEndPoint ip ? ip.Address.ToString() : remote?.ToString() ?? "?";
        string? line = null;
        lock (seen)
        {
            if (reported > Limit || !seen.Add((address, reason))) return;
            reported++;
            line = reported <= Limit
                ? $"{prefix}rejected a connection from {remote?.ToString() ?? "an unknown address"}: {reason}"
                : $"{prefix}more connections were rejected; they are not reported";
        }
        try { write(line); } catch (Exception e) when (e is IOException or ObjectDisposedException) { }
    }
}
