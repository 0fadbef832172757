using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Security.Cryptography;
using CloudMpi.Hosting;
using CloudMpi.Transports;
using CloudMpi.Transports.Tcp;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests.Transports;

/// <summary>
/// The tcp transport accepts only its own job (issue 27): every connection is authenticated with the job's secret
/// before a frame is read. Each attack runs against both ranks of a real ping-pong job over loopback; the job must
/// complete with the right data, and each attack must be rejected and reported with its address and reason.
/// </summary>
public class TcpSecurityTests
{
    private const string JobId = "cmpi-security-test";
    /// <summary>The handshake deadline of the tests about the deadline itself: short, so they run quickly.</summary>
    private static readonly TimeSpan ShortDeadline = TimeSpan.FromSeconds(1);

    /// <summary>
    /// The deadline of every other test: long, because on a loaded 2-core CI host a 1 s deadline can expire before a
    /// wrong proof arrives, and the rejection is then reported as a timeout instead of the reason the test checks.
    /// </summary>
    private TimeSpan deadline = TimeSpan.FromSeconds(30);

    private readonly JobSecret secret = JobSecret.New();
    private readonly ConcurrentQueue<(EndPoint? From, string Reason)> rejected = new();
    private volatile TcpTransport[]? transports;

    private IReadOnlyList<ITransport> CreateTransports(IMessageSink[] mailboxes)
    {
        int n = mailboxes.Length;
        var ts = Enumerable.Range(0, n)
            .Select(r => new TcpTransport(r, n, TcpTransport.Listen(IPAddress.Loopback), secret, JobId)
            {
                HandshakeDeadline = deadline,
                OnRejected = (from, reason) => rejected.Enqueue((from, reason)),
            })
            .ToArray();
        var endpoints = ts.Select(t => t.LocalEndPoint).ToArray();
        for (int r = 0; r < n; r++) ts[r].Start(mailboxes[r], endpoints);
        transports = ts;
        return ts;
    }

    /// <summary>
    /// Two ranks ping-pong real messages (checked each round) while <paramref name="attack"/> runs against both ranks'
    /// ports; the ping-pong goes on until the attack is over and at least 200 rounds are done. Returns the rounds.
    /// </summary>
    private int PingPongUnder(Action<IPEndPoint> attack)
    {
        using var attackDone = new ManualResetEventSlim();
        using var job = new InProcJob(2, TimeSpan.FromSeconds(60), CreateTransports);
        var errors = new Exception?[2];
        int rounds = 0;
        var threads = Enumerable.Range(0, 2).Select(rank => new Thread(() =>
        {
            try
            {
                using (job.EnterRank(rank))
                {
                    cMPI.Init();
                    int[] buf = new int[3];
                    for (int i = 0; ; i++)
                    {
                        if (rank == 0)
                        {
                            bool stop = i >= 200 && attackDone.IsSet;
                            buf[0] = i; buf[1] = stop ? 1 : 0; buf[2] = -i;
                            cMPI.Send(buf, 0, 3, MPI_INT, 1, 7, cMPI.COMM_WORLD);
                            cMPI.Recv(buf, 0, 3, MPI_INT, 1, 8, cMPI.COMM_WORLD, out var st);
                            Assert.Equal([i + 1, stop ? 2 : 1, -i + 1], buf);
                            Assert.Equal((1, 8), (st.MPI_SOURCE, st.MPI_TAG));
                            if (stop) { rounds = i + 1; break; }
                        }
                        else
                        {
                            cMPI.Recv(buf, 0, 3, MPI_INT, 0, 7, cMPI.COMM_WORLD, out var st);
                            Assert.Equal((0, 7, i, -i), (st.MPI_SOURCE, st.MPI_TAG, buf[0], buf[2]));
                            bool stop = buf[1] == 1;
                            for (int k = 0; k < 3; k++) buf[k]++;
                            cMPI.Send(buf, 0, 3, MPI_INT, 0, 8, cMPI.COMM_WORLD);
                            if (stop) break;
                        }
                    }
                    cMPI.Finalize();
                }
            }
            catch (Exception e)
            {
                errors[rank] = e;
                if (e is not JobAbortedException) job.Abort($"rank {rank} failed: {e.Message}");
            }
            finally
            {
                job.RankFinished(rank);
            }
        }, 16 << 20) { IsBackground = true, Name = $"rank {rank}" }).ToArray();
        foreach (var t in threads) t.Start();

        var clock = Stopwatch.StartNew();
        while (transports is null && clock.Elapsed < TimeSpan.FromSeconds(30)) Thread.Sleep(5);
        Assert.NotNull(transports);
        try
        {
            foreach (var t in transports!) attack(t.LocalEndPoint);
        }
        finally
        {
            attackDone.Set();
        }
        foreach (var t in threads)
        {
            if (!t.Join(TimeSpan.FromSeconds(60)))
            {
                job.Abort("test timeout");
                Assert.Fail("the ping-pong did not finish while attacked");
            }
        }
        Assert.Null(job.DeadlockReport);
        Assert.True(errors.All(e => e is null), string.Join("\n", errors.Where(e => e is not null)));
        Assert.True(rounds >= 200, $"{rounds} rounds");
        return rounds;
    }

    /// <summary>Wait until a rejection whose reason contains <paramref name="reason"/> has been reported <paramref name="count"/> times.</summary>
    private List<(EndPoint? From, string Reason)> Rejections(string reason, int count = 2)
    {
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromSeconds(20))
        {
            var got = rejected.Where(r => r.Reason.Contains(reason, StringComparison.Ordinal)).ToList();
            if (got.Count >= count) return got;
            Thread.Sleep(20);
        }
        Assert.Fail($"expected {count} rejections for '{reason}', got:\n" + string.Join("\n", rejected.Select(r => $"{r.From}: {r.Reason}")));
        return [];
    }

    private static Socket Connect(IPEndPoint to)
    {
        var s = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { ReceiveTimeout = 10_000 };
        s.Connect(to);
        return s;
    }

    /// <summary>The transport's rank whose listener is <paramref name="at"/>.</summary>
    private int RankAt(IPEndPoint at) => Array.FindIndex(transports!, t => t.LocalEndPoint.Equals(at));

    private static byte[] Hello(int from, int to, byte channel = (byte)TcpChannel.Data)
    {
        var hello = new byte[TcpHandshake.HelloSize];
        BinaryPrimitives.WriteUInt32LittleEndian(hello, TcpHandshake.Magic);
        hello[4] = TcpHandshake.Version;
        hello[5] = channel;
        BinaryPrimitives.WriteInt32LittleEndian(hello.AsSpan(6), from);
        BinaryPrimitives.WriteInt32LittleEndian(hello.AsSpan(10), to);
        RandomNumberGenerator.Fill(hello.AsSpan(14));
        return hello;
    }

    private static byte[] ReadExactly(Socket s, int n)
    {
        var b = new byte[n];
        int got = 0;
        while (got < n)
        {
            int k = s.Receive(b, got, n - got, SocketFlags.None);
            if (k == 0) throw new EndOfStreamException($"closed after {got} of {n} bytes");
            got += k;
        }
        return b;
    }

    /// <summary>Wait until the other side closes (the attacker's view of being dropped).</summary>
    private static void AssertClosedByPeer(Socket s)
    {
        var buf = new byte[256];
        var clock = Stopwatch.StartNew();
        try
        {
            while (s.Receive(buf) > 0)
                Assert.True(clock.Elapsed < TimeSpan.FromSeconds(10), "the rank kept the connection open");
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.ConnectionReset)
        {
        }
    }

    [Fact]
    public void AStrangerWithoutTheSecretIsRejected()
    {
        PingPongUnder(at =>
        {
            using var s = Connect(at);
            s.Send("GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: a stranger\r\n\r\n"u8.ToArray());
            AssertClosedByPeer(s);
        });
        var got = Rejections("not a cmpi handshake (bad magic number)");
        Assert.All(got, r => Assert.Equal(IPAddress.Loopback, ((IPEndPoint)r.From!).Address));
    }

    [Fact]
    public void AWrongSecretIsRejectedBothWays()
    {
        var wrong = JobSecret.New();
        PingPongUnder(at =>
        {
            int rank = RankAt(at);
            // Our side of the handshake with the wrong key: the rank's answer does not verify against it, so a
            // connector learns it reached a stranger.
            using (var s = Connect(at))
            {
                var e = Assert.Throws<HandshakeException>(() =>
                    TcpHandshake.Connect(s, wrong, JobId, TcpChannel.Data, 1 - rank, rank, TimeSpan.FromSeconds(10)));
                Assert.Contains("did not prove it knows the job secret", e.Message);
            }
            // A proof made with the wrong key is refused.
            using (var s = Connect(at))
            {
                byte[] hello = Hello(1 - rank, rank);
                s.Send(hello);
                byte[] challenge = ReadExactly(s, TcpHandshake.ChallengeSize);
                s.Send(HMACSHA256.HashData(wrong.Key, challenge));
                AssertClosedByPeer(s);
            }
        });
        Rejections("closed the connection instead of proving it");
        Rejections("with a wrong proof (wrong job secret, or a replayed handshake)");
    }

    /// <summary>A stream that keeps a copy of what is written through it (an eavesdropper's recording).</summary>
    private sealed class Recording(Stream inner) : Stream
    {
        public readonly List<byte[]> Writes = [];
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
        public override void Flush() => inner.Flush();
        public override int Read(byte[] buffer, int offset, int count) => inner.Read(buffer, offset, count);
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count)
        {
            Writes.Add(buffer.AsSpan(offset, count).ToArray());
            inner.Write(buffer, offset, count);
        }
        public override void Write(ReadOnlySpan<byte> buffer)
        {
            Writes.Add(buffer.ToArray());
            inner.Write(buffer);
        }
    }

    [Fact]
    public void AReplayedOrReflectedHandshakeIsRejected()
    {
        PingPongUnder(at =>
        {
            int rank = RankAt(at);
            // A good handshake, recorded on the wire: hello, then proof.
            Recording tape;
            using (var s = Connect(at))
            {
                tape = new Recording(new NetworkStream(s, ownsSocket: false));
                TcpHandshake.Connect(tape, secret, JobId, TcpChannel.Data, 1 - rank, rank);
            }
            Assert.Equal([TcpHandshake.HelloSize, TcpHandshake.ProofSize], tape.Writes.Select(w => w.Length));
            // Replayed byte for byte on a new connection: the rank's fresh nonce makes the old proof wrong.
            using (var s = Connect(at))
            {
                s.Send(tape.Writes[0]);
                byte[] challenge = ReadExactly(s, TcpHandshake.ChallengeSize);
                s.Send(tape.Writes[1]);
                AssertClosedByPeer(s);
                Assert.NotEqual(challenge.AsSpan(TcpHandshake.NonceSize).ToArray(), tape.Writes[1]);
            }
            // The rank's own answer reflected back as the proof: the directions' labels differ.
            using (var s = Connect(at))
            {
                s.Send(Hello(1 - rank, rank));
                byte[] challenge = ReadExactly(s, TcpHandshake.ChallengeSize);
                s.Send(challenge.AsSpan(TcpHandshake.NonceSize).ToArray());
                AssertClosedByPeer(s);
            }
        });
        Rejections("with a wrong proof (wrong job secret, or a replayed handshake)", 4);
    }

    [Fact]
    public void AHandshakeForAnotherRankChannelOrJobIsRejected()
    {
        PingPongUnder(at =>
        {
            int rank = RankAt(at);
            using (var s = Connect(at))
            {
                s.Send(Hello(1 - rank, 1 - rank)); // addressed to the other rank
                AssertClosedByPeer(s);
            }
            using (var s = Connect(at))
            {
                s.Send(Hello(rank, rank)); // claims to be the rank itself
                AssertClosedByPeer(s);
            }
            using (var s = Connect(at))
            {
                s.Send(Hello(1 - rank, rank, (byte)TcpChannel.Control));
                AssertClosedByPeer(s);
            }
            // The right secret but another job's id: the MACs differ.
            using (var s = Connect(at))
            {
                var e = Assert.Throws<HandshakeException>(() =>
                    TcpHandshake.Connect(s, secret, "cmpi-another-job", TcpChannel.Data, 1 - rank, rank, TimeSpan.FromSeconds(10)));
                Assert.Contains("did not prove it knows the job secret", e.Message);
            }
        });
        Rejections("addressed its handshake to rank");
        Rejections("claims to be rank");
        Rejections("on a data port");
        Rejections("closed the connection instead of proving it", 2);
    }

    [Fact]
    public void ASilentOrHalfOpenConnectionIsDroppedAtTheDeadlineWithoutStoppingOthers()
    {
        deadline = ShortDeadline;
        var clock = Stopwatch.StartNew();
        var attackers = new ConcurrentBag<EndPoint>();
        int rounds = PingPongUnder(at =>
        {
            // Connections that never finish their handshake, kept open until the rank drops them; the ping-pong,
            // whose connections the same accept loops serve, runs all along.
            using var silent = Connect(at);
            using var partial = Connect(at);
            partial.Send(Hello(0, 1).AsSpan(0, 10));
            foreach (var s in new[] { silent, partial })
            {
                var local = s.LocalEndPoint!;
                attackers.Add(local);
                var wait = Stopwatch.StartNew();
                while (!rejected.Any(r => Equals(r.From, local)) && wait.Elapsed < TimeSpan.FromSeconds(15)) Thread.Sleep(10);
                AssertClosedByPeer(s);
            }
        });
        var got = Rejections($"no complete handshake within {ShortDeadline.TotalSeconds:0.###} s", 4);
        // each of the four silent connections was dropped for it (on a loaded host the job's own connections may be too)
        Assert.Subset(got.Select(g => g.From!).ToHashSet(), attackers.ToHashSet());
        // the job kept exchanging messages while the silent peers were waited for
        Assert.True(rounds > 200, $"{rounds} rounds in {clock.Elapsed.TotalSeconds:0.0} s");
    }

    /// <summary>An authenticated connection (so: the secret leaked, or a bug) that announces a huge frame.</summary>
    [Fact]
    public void AHugeLengthOnAnAuthenticatedConnectionDropsItNotTheJob()
    {
        PingPongUnder(at =>
        {
            int rank = RankAt(at);
            byte[] Header(int sender, int length)
            {
                var h = new byte[MessageCodec.HeaderSize];
                MessageCodec.WriteHeader(h, new cMPIMessage { SenderWorldRank = sender, Source = sender, Data = [] });
                BinaryPrimitives.WriteInt32LittleEndian(h.AsSpan(38), length);
                return h;
            }
            // More than any array can hold: refused from the header alone.
            using (var s = Connect(at))
            {
                TcpHandshake.Connect(s, secret, JobId, TcpChannel.Data, 1 - rank, rank, TimeSpan.FromSeconds(10));
                s.Send(Header(1 - rank, int.MaxValue));
                AssertClosedByPeer(s);
            }
            // Within the bound, but the bytes never come: the rank allocates only what it trusts, then sees the end.
            long before = GC.GetTotalAllocatedBytes(precise: false);
            using (var s = Connect(at))
            {
                TcpHandshake.Connect(s, secret, JobId, TcpChannel.Data, 1 - rank, rank, TimeSpan.FromSeconds(10));
                s.Send(Header(1 - rank, Array.MaxLength));
                s.Send(new byte[1000]);
                Thread.Sleep(200);
            }
            Assert.True(GC.GetTotalAllocatedBytes(precise: false) - before < 512L << 20, "a length field drove a big allocation");
            // A frame claiming another sender than the authenticated one.
            using (var s = Connect(at))
            {
                TcpHandshake.Connect(s, secret, JobId, TcpChannel.Data, 1 - rank, rank, TimeSpan.FromSeconds(10));
                s.Send(Header(rank, 0));
                AssertClosedByPeer(s);
            }
        });
        Rejections($"more than the {Array.MaxLength} allowed; connection dropped");
        Rejections("connection closed inside a frame (1000 of 16777216 bytes read)");
        Rejections("'s connection; connection dropped");
    }

    [Fact]
    public void ALargeMessageAboveTheTrustedAllocationStillArrivesWhole()
    {
        var sink = new Sink();
        using var a = new TcpTransport(0, 2, TcpTransport.Listen(IPAddress.Loopback), secret, JobId) { OnRejected = (f, r) => rejected.Enqueue((f, r)) };
        using var b = new TcpTransport(1, 2, TcpTransport.Listen(IPAddress.Loopback), secret, JobId) { OnRejected = (f, r) => rejected.Enqueue((f, r)) };
        IPEndPoint[] eps = [a.LocalEndPoint, b.LocalEndPoint];
        a.Start(new Sink(), eps);
        b.Start(sink, eps);
        var data = new byte[TcpTransport.TrustedAllocation * 2 + 12345];
        new Random(5).NextBytes(data);
        a.Send(1, new cMPIMessage { SenderWorldRank = 0, Source = 0, Tag = 3, Data = data });
        var clock = Stopwatch.StartNew();
        while (sink.Got.IsEmpty && clock.Elapsed < TimeSpan.FromSeconds(30)) Thread.Sleep(10);
        var m = Assert.Single(sink.Got);
        Assert.Equal(3, m.Tag);
        Assert.True(data.AsSpan().SequenceEqual(m.Data));
        Assert.Empty(rejected);
    }

    [Fact]
    public void ARankRefusesToSendToAListenerWithoutTheSecret()
    {
        // Someone else's listener where rank 1 should be (a port taken over after a crash, a spoofed endpoint).
        using var impostor = TcpTransport.Listen(IPAddress.Loopback);
        var answer = new Thread(() =>
        {
            try
            {
                using var s = impostor.Accept();
                ReadExactly(s, TcpHandshake.HelloSize);
                s.Send(RandomNumberGenerator.GetBytes(TcpHandshake.ChallengeSize));
                Thread.Sleep(2000);
            }
            catch (Exception e) when (e is SocketException or EndOfStreamException or ObjectDisposedException) { }
        }) { IsBackground = true };
        answer.Start();
        using var a = new TcpTransport(0, 2, TcpTransport.Listen(IPAddress.Loopback), secret, JobId);
        a.Start(new Sink(), [a.LocalEndPoint, (IPEndPoint)impostor.LocalEndPoint!]);
        var e = Assert.Throws<TransportException>(() => a.Send(1, new cMPIMessage { SenderWorldRank = 0, Data = [1, 2, 3] }));
        Assert.Contains("could not authenticate rank 1", e.Message);
        Assert.Contains("did not prove it knows the job secret", e.Message);
    }

    [Fact]
    public void ASilentListenerFailsTheSendAtTheDeadline()
    {
        using var impostor = TcpTransport.Listen(IPAddress.Loopback); // accepts (the backlog) and never answers
        using var a = new TcpTransport(0, 2, TcpTransport.Listen(IPAddress.Loopback), secret, JobId) { HandshakeDeadline = ShortDeadline };
        a.Start(new Sink(), [a.LocalEndPoint, (IPEndPoint)impostor.LocalEndPoint!]);
        var clock = Stopwatch.StartNew();
        var e = Assert.Throws<TransportException>(() => a.Send(1, new cMPIMessage { SenderWorldRank = 0, Data = [1] }));
        Assert.Contains("no answer to the handshake within 1 s", e.Message);
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(10));
    }

    [Fact]
    public void RejectionsAreReportedOncePerAddressAndReason()
    {
        var lines = new List<string>();
        var reporter = new RejectionReporter("cmpi-run: rank 0: ", lines.Add);
        var a = new IPEndPoint(IPAddress.Loopback, 40000);
        reporter.Report(a, "not a cmpi handshake (bad magic number)");
        reporter.Report(new IPEndPoint(IPAddress.Loopback, 40001), "not a cmpi handshake (bad magic number)");
        reporter.Report(a, "no complete handshake within 5 s");
        Assert.Equal(["cmpi-run: rank 0: rejected a connection from 127.0.0.1:40000: not a cmpi handshake (bad magic number)",
                      "cmpi-run: rank 0: rejected a connection from 127.0.0.1:40000: no complete handshake within 5 s"], lines);
        for (int i = 0; i < 100; i++) reporter.Report(new IPEndPoint(IPAddress.Parse($"10.0.0.{i}"), 1), "scan");
        Assert.Equal(RejectionReporter.Limit + 1, lines.Count);
        Assert.Equal("cmpi-run: rank 0: more connections were rejected; they are not reported", lines[^1]);
    }

    [Fact]
    public void TheSecretIsRandomLongAndNeverPrinted()
    {
        var a = JobSecret.New();
        var b = JobSecret.New();
        Assert.Equal(JobSecret.Size * 2, a.ToText().Length);
        Assert.True(JobSecret.Size * 8 >= 128);
        Assert.NotEqual(a.ToText(), b.ToText());
        Assert.Equal(a.Key, JobSecret.Parse(a.ToText()).Key);
        Assert.DoesNotContain(a.ToText(), a.ToString());
        Assert.DoesNotContain(a.ToText(), $"{a}");
        var e = Assert.Throws<FormatException>(() => JobSecret.Parse("00112233"));
        Assert.Contains("at least 128", e.Message);
        Assert.DoesNotContain("00112233", e.Message);
        Assert.Throws<FormatException>(() => JobSecret.Parse("not hex at all, not hex at all!"));
        using var stdin = new MemoryStream(System.Text.Encoding.ASCII.GetBytes(a.ToText() + "\nprogram input\n"));
        Assert.Equal(a.Key, JobSecret.ReadLine(stdin).Key);
        Assert.Equal("program input\n", new StreamReader(stdin).ReadToEnd());
    }

    private sealed class Sink : IMessageSink
    {
        public readonly ConcurrentQueue<cMPIMessage> Got = new();
        public void Deliver(cMPIMessage message) => Got.Enqueue(message);
    }
}
