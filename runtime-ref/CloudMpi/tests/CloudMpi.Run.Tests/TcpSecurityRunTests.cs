using System.Buffers.Binary;
using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Security.Cryptography;
using CloudMpi.Run.Processes;
using CloudMpi.Transports.Tcp;

namespace CloudMpi.Run.Tests;

/// <summary>
/// cmpi-run's connections accept only their own job (issue 27): the control channel between cmpi-run and its rank
/// processes is authenticated as the ranks' data connections are, and a real <c>--transport tcp</c> job attacked on
/// its ranks' ports completes and reports each attacker.
/// </summary>
public class TcpSecurityRunTests
{
    private const string JobId = "cmpi-control-test";
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(1);
    private readonly JobSecret secret = JobSecret.New();

    private static Socket Listen()
    {
        var l = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        l.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        l.Listen(16);
        return l;
    }

    /// <summary>cmpi-run's side of one connection made by <paramref name="client"/> (run on another thread).</summary>
    private (int Rank, ControlChannel Channel)? Accept(Socket listener, Action<IPEndPoint> client, out Exception? error)
    {
        var ep = (IPEndPoint)listener.LocalEndPoint!;
        var t = new Thread(() => { try { client(ep); } catch (Exception) { } }) { IsBackground = true };
        t.Start();
        Socket s = listener.Accept(); // Accept closes it on failure, the channel owns it on success
        try
        {
            var (rank, channel, _) = ControlChannel.Accept(s, secret, JobId, 4, Deadline);
            error = null;
            t.Join(TimeSpan.FromSeconds(10));
            return (rank, channel);
        }
        catch (HandshakeException e)
        {
            error = e;
            t.Join(TimeSpan.FromSeconds(10));
            return null;
        }
    }

    private static void SayHello(ControlChannel c, int rank) => c.Send(ControlType.Hello, w =>
    {
        w.Write(rank);
        w.Write(12345);
        w.Write(0);
    });

    [Fact]
    public void ARankWithTheSecretIsAcceptedAndCanTalk()
    {
        using var listener = Listen();
        ControlChannel? rankSide = null;
        var got = Accept(listener, ep =>
        {
            rankSide = ControlChannel.ConnectToParent(ep, secret, JobId, 2, Deadline);
            SayHello(rankSide, 2);
        }, out var error);
        Assert.Null(error);
        Assert.Equal(2, got!.Value.Rank);
        using var parentSide = got.Value.Channel;
        parentSide.Send(ControlType.Exit);
        Assert.Equal(ControlType.Exit, rankSide!.Receive()!.Value.Type);
        rankSide.Dispose();
    }

    [Fact]
    public void StrangersOnTheControlPortAreRejectedWithAReason()
    {
        using var listener = Listen();
        Exception? e;

        Assert.Null(Accept(listener, ep =>
        {
            using var s = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            s.Connect(ep);
            s.Send("SSH-2.0-OpenSSH_9.2\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n"u8.ToArray());
            Thread.Sleep(500);
        }, out e));
        Assert.Contains("not a cmpi handshake (bad magic number)", e!.Message);

        // Another job's rank (another secret): each side finds the other out.
        HandshakeException? rankSaw = null;
        Assert.Null(Accept(listener, ep =>
        {
            try { ControlChannel.ConnectToParent(ep, JobSecret.New(), JobId, 1, Deadline); }
            catch (HandshakeException x) { rankSaw = x; }
        }, out e));
        Assert.Contains("claimed rank 1 but closed the connection instead of proving it", e!.Message);
        Assert.Contains("did not prove it knows the job secret", rankSaw!.Message);

        // The right secret for another job id.
        Assert.Null(Accept(listener, ep =>
        {
            try { ControlChannel.ConnectToParent(ep, secret, "cmpi-another-job", 1, Deadline); } catch (HandshakeException) { }
        }, out e));
        Assert.Contains("closed the connection instead of proving it", e!.Message);

        // Connected and silent: dropped at the deadline.
        Assert.Null(Accept(listener, ep =>
        {
            using var s = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            s.Connect(ep);
            Thread.Sleep(3000);
        }, out e));
        Assert.Contains("no complete handshake within 1 s", e!.Message);

        // Authenticated, then a frame announcing 2 GiB: refused from its length, nothing allocated for it.
        Assert.Null(Accept(listener, ep =>
        {
            using var s = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            s.Connect(ep);
            TcpHandshake.Connect(s, secret, JobId, TcpChannel.Control, 3, TcpHandshake.Parent, Deadline);
            var len = new byte[4];
            BinaryPrimitives.WriteInt32LittleEndian(len, int.MaxValue);
            s.Send(len);
            Thread.Sleep(500);
        }, out e));
        Assert.Contains($"bad control frame length {int.MaxValue} (at most {ControlChannel.MaxFrameFromRank})", e!.Message);

        // Authenticated as rank 3 but saying hello as rank 0.
        Assert.Null(Accept(listener, ep =>
        {
            using var c = ControlChannel.ConnectToParent(ep, secret, JobId, 3, Deadline);
            SayHello(c, 0);
            Thread.Sleep(500);
        }, out e));
        Assert.Contains("rank 3 authenticated but said hello as another rank", e!.Message);
    }

    [Fact]
    public void ARankRefusesAParentWithoutTheSecret()
    {
        using var impostor = Listen();
        var t = new Thread(() =>
        {
            try
            {
                using var s = impostor.Accept();
                s.Receive(new byte[TcpHandshake.HelloSize]);
                s.Send(RandomNumberGenerator.GetBytes(TcpHandshake.ChallengeSize));
                Thread.Sleep(1000);
            }
            catch (SocketException) { }
        }) { IsBackground = true };
        t.Start();
        var e = Assert.Throws<HandshakeException>(() =>
            ControlChannel.ConnectToParent((IPEndPoint)impostor.LocalEndPoint!, secret, JobId, 0, Deadline));
        Assert.Contains("did not prove it knows the job secret", e.Message);
    }

    /// <summary>A rank started through ssh has no CMPI_JOB_SECRET: it reads the secret from its stdin's first line.</summary>
    [Theory]
    [InlineData("stdin")]
    [InlineData("environment")]
    [InlineData("wrong")]
    public void AWorkerTakesTheSecretFromItsEnvironmentOrStdin(string how)
    {
        using var listener = Listen();
        var psi = new ProcessStartInfo("dotnet")
        {
            RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false,
            StandardInputEncoding = new System.Text.UTF8Encoding(false),
        };
        foreach (string a in new[] { Cmpi.LauncherDll, RankWorker.Flag, listener.LocalEndPoint!.ToString()!, "1", "127.0.0.1", "tcp", JobId })
            psi.ArgumentList.Add(a);
        psi.Environment.Remove(JobSecret.EnvironmentVariable);
        if (how == "environment") psi.Environment[JobSecret.EnvironmentVariable] = secret.ToText();
        using var p = Process.Start(psi)!;
        if (how != "environment") p.StandardInput.Write((how == "wrong" ? JobSecret.New() : secret).ToText() + "\n");
        p.StandardInput.Flush();
        using Socket s = listener.Accept();
        try
        {
            var (rank, channel, hello) = ControlChannel.Accept(s, secret, JobId, 2, TimeSpan.FromSeconds(30));
            Assert.NotEqual("wrong", how);
            Assert.Equal(1, rank);
            Assert.Equal(p.Id, hello.ReadInt32());
            Assert.True(hello.ReadInt32() > 0); // its data port
            channel.Dispose(); // no job: the worker gives up
        }
        catch (HandshakeException e)
        {
            Assert.Equal("wrong", how);
            Assert.Contains("claimed rank 1 but closed the connection instead of proving it", e.Message);
        }
        Assert.True(p.WaitForExit(TimeSpan.FromSeconds(60)));
        if (how == "wrong") Assert.Equal(1, p.ExitCode);
    }

    // ------------------------------------------------------------------ a real job under attack

    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(120);

    /// <summary>Pids of the processes whose parent is <paramref name="pid"/>.</summary>
    private static List<int> ChildrenOf(int pid)
    {
        var kids = new List<int>();
        foreach (string dir in Directory.GetDirectories("/proc"))
        {
            if (!int.TryParse(Path.GetFileName(dir), out int p)) continue;
            try
            {
                string stat = File.ReadAllText(Path.Combine(dir, "stat"));
                string[] rest = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
                if (int.Parse(rest[1], CultureInfo.InvariantCulture) == pid) kids.Add(p);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException) { }
        }
        return kids;
    }

    /// <summary>The TCP ports process <paramref name="pid"/> listens on (from /proc: its socket inodes in LISTEN state).</summary>
    private static List<int> ListeningPorts(int pid)
    {
        var inodes = new HashSet<string>();
        try
        {
            foreach (string fd in Directory.GetFiles($"/proc/{pid}/fd"))
            {
                string? target = new FileInfo(fd).LinkTarget;
                if (target is not null && target.StartsWith("socket:[", StringComparison.Ordinal)) inodes.Add(target[8..^1]);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException) { }
        var ports = new List<int>();
        foreach (string table in new[] { "/proc/net/tcp", "/proc/net/tcp6" })
        {
            if (!File.Exists(table)) continue;
            foreach (string line in File.ReadLines(table).Skip(1))
            {
                string[] f = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
                if (f.Length > 9 && f[3] == "0A" && inodes.Contains(f[9]))
                    ports.Add(int.Parse(f[1][(f[1].LastIndexOf(':') + 1)..], NumberStyles.HexNumber, CultureInfo.InvariantCulture));
            }
        }
        return ports;
    }

    private static string Text(Task<string> output) => output.Result;

    /// <summary>The rank closed the connection (a reset when our bytes were left unread).</summary>
    private static void AssertDropped(Socket s)
    {
        try
        {
            Assert.Equal(0, s.Receive(new byte[64]));
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.ConnectionReset)
        {
        }
    }

    [Fact]
    public void AJobAttackedOnItsRanksPortsCompletesAndReportsEachAttacker()
    {
        using var s = new Scratch();
        string stop = Path.Combine(s.Dir, "stop");
        string running = Path.Combine(s.Dir, "running");
        string app = s.Write("PingPong.cs", Sources.Program("PingPong", $$"""
                int[] buf = new int[2];
                bool done = false;
                int i = 0;
                while (!done)
                {
                    if (rank == 0)
                    {
                        done = System.IO.File.Exists(@"{{stop}}") && i >= 100;
                        buf[0] = i; buf[1] = done ? 1 : 0;
                        cMPI.Send(buf, 0, 2, MPI_INT, 1, 0, cMPI.COMM_WORLD);
                        cMPI.Recv(buf, 0, 2, MPI_INT, 1, 1, cMPI.COMM_WORLD, out _);
                        if (buf[0] != i + 1) { printf("round %d came back as %d\n", i, buf[0]); return 1; }
                        if (i == 10) System.IO.File.WriteAllText(@"{{running}}", "");
                    }
                    else
                    {
                        cMPI.Recv(buf, 0, 2, MPI_INT, 0, 0, cMPI.COMM_WORLD, out _);
                        if (buf[0] != i) { printf("round %d arrived as %d\n", i, buf[0]); return 1; }
                        done = buf[1] == 1;
                        buf[0]++;
                        cMPI.Send(buf, 0, 2, MPI_INT, 0, 1, cMPI.COMM_WORLD);
                    }
                    i++;
                }
                if (rank == 0) printf("ping-pong done\n");
                cMPI.Finalize();
                return 0;
        """));
        var psi = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true, RedirectStandardError = true, RedirectStandardInput = true,
            UseShellExecute = false, WorkingDirectory = s.Dir,
        };
        foreach (string a in new[] { Cmpi.LauncherDll, "-n", "2", "--transport", "tcp", "--deadlock-timeout", "60", app }) psi.ArgumentList.Add(a);
        psi.Environment["XDG_CACHE_HOME"] = s.CacheHome;
        using var p = Process.Start(psi)!;
        p.StandardInput.Close();
        Task<string> stdout = p.StandardOutput.ReadToEndAsync();
        Task<string> stderr = p.StandardError.ReadToEndAsync();
        try
        {
            var clock = Stopwatch.StartNew();
            while (!File.Exists(running) && !p.HasExited && clock.Elapsed < Limit) Thread.Sleep(50);
            Assert.True(File.Exists(running), $"the job did not start\n{(p.HasExited ? Text(stderr) : "")}");
            // Once every rank is connected cmpi-run listens no more; each rank listens on its data port.
            Assert.Empty(ListeningPorts(p.Id));
            var ranks = ChildrenOf(p.Id).Select(ListeningPorts).Where(l => l.Count > 0).Select(l => l.Single()).ToList();
            Assert.Equal(2, ranks.Count);

            var silent = new List<Socket>();
            foreach (int port in ranks)
            {
                var at = new IPEndPoint(IPAddress.Loopback, port);
                using (var stranger = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp))
                {
                    stranger.Connect(at);
                    stranger.Send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"u8.ToArray());
                    stranger.ReceiveTimeout = 10_000;
                    AssertDropped(stranger);
                }
                using (var guesser = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp))
                {
                    guesser.Connect(at);
                    var hello = new byte[TcpHandshake.HelloSize];
                    BinaryPrimitives.WriteUInt32LittleEndian(hello, TcpHandshake.Magic);
                    hello[4] = TcpHandshake.Version;
                    hello[5] = (byte)TcpChannel.Data;
                    int claimed = ranks.IndexOf(port) == 0 ? 1 : 0;
                    BinaryPrimitives.WriteInt32LittleEndian(hello.AsSpan(6), claimed);
                    BinaryPrimitives.WriteInt32LittleEndian(hello.AsSpan(10), 1 - claimed);
                    guesser.Send(hello);
                    var challenge = new byte[TcpHandshake.ChallengeSize];
                    guesser.ReceiveTimeout = 10_000;
                    int got = 0;
                    while (got < challenge.Length) got += guesser.Receive(challenge, got, challenge.Length - got, SocketFlags.None);
                    guesser.Send(RandomNumberGenerator.GetBytes(TcpHandshake.ProofSize));
                    AssertDropped(guesser);
                }
                var quiet = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
                quiet.Connect(at);
                silent.Add(quiet);
            }
            foreach (var q in silent)
            {
                q.ReceiveTimeout = 20_000;
                AssertDropped(q); // at the handshake deadline
                q.Dispose();
            }
            File.WriteAllText(stop, "");
            Assert.True(p.WaitForExit(Limit), "the job did not finish after the attack");
            p.WaitForExit();
            var r = new Ran(p.ExitCode, Text(stdout), Text(stderr), clock.Elapsed);
            Assert.True(r.ExitCode == 0, r.ToString());
            Assert.Equal("ping-pong done\n", r.Stdout);
            foreach (int rank in new[] { 0, 1 })
            {
                Assert.Matches($@"cmpi-run: rank {rank}: rejected a connection from 127\.0\.0\.1:\d+: not a cmpi handshake \(bad magic number\)", r.Stderr);
                Assert.Matches($@"cmpi-run: rank {rank}: rejected a connection from 127\.0\.0\.1:\d+: claimed rank {1 - rank} with a wrong proof", r.Stderr);
                Assert.Matches($@"cmpi-run: rank {rank}: rejected a connection from 127\.0\.0\.1:\d+: no complete handshake within 5 s", r.Stderr);
            }
            Assert.Equal(6, r.Stderr.Split('\n').Count(l => l.Contains("rejected a connection", StringComparison.Ordinal)));
        }
        finally
        {
            if (!p.HasExited) p.Kill(entireProcessTree: true);
        }
    }

    [Fact]
    public void TheSecretIsNeitherOnARanksCommandLineNorInItsProgramsEnvironment()
    {
        using var s = new Scratch();
        string app = s.Write("Env.cs", Sources.Program("Env", """
                string cmdline = System.IO.File.ReadAllText("/proc/self/cmdline").Replace('\0', ' ');
                printf("rank %d secret in env: %s, args: %d\n", rank,
                       System.Environment.GetEnvironmentVariable("CMPI_JOB_SECRET") ?? "none", cmdline.Split(' ', System.StringSplitOptions.RemoveEmptyEntries).Length);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.Process(s, Limit, "-n", "2", "--transport", "tcp", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        // dotnet, cmpi-run.dll, --worker, parent, rank, bind, transport, job id: nothing else
        Assert.Equal(["rank 0 secret in env: none, args: 8", "rank 1 secret in env: none, args: 8"], r.StdoutLines.Order());
    }
}
