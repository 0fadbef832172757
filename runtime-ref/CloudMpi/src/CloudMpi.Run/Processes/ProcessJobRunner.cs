using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Text;
using CloudMpi.Hosting;
using CloudMpi.Run.Hosting;
using CloudMpi.Transports.Tcp;

namespace CloudMpi.Run.Processes;

/// <summary>
/// Runs an N-rank job as N child processes (transports tcp and azure): each child is this cmpi-run in worker
/// mode (<see cref="RankWorker"/>) running one rank. The parent hands out the rendezvous (every rank's data
/// port), the program image and args; merges the children's stdout/stderr line by line as the in-process
/// runner does; and supervises: a child that dies before finishing ends the job, naming it; MPI_Abort, a
/// non-zero return and an unhandled exception end it as in-process; a deadlock is found by polling every rank's
/// state (blocked in MPI, progress counter) until all live ranks have been blocked with no progress for the
/// deadlock timeout.
/// </summary>
public sealed class ProcessJobRunner
{
    private readonly byte[] _image;
    private readonly RunOptions _options;
    private readonly OutputSink _out;
    private readonly OutputSink _err;
    private readonly IReadOnlyDictionary<string, string> _settings;
    private readonly string[] _hosts;
    private readonly object _gate = new();
    private (JobEnd End, int Rank, int Code)? _first;
    private Child[] _children = [];

    /// <summary>How long ranks get to stop after an abort before their processes are killed.</summary>
    public TimeSpan AbortGracePeriod { get; init; } = TimeSpan.FromSeconds(2);

    /// <summary>How long the children get to start and say hello.</summary>
    public TimeSpan StartupTimeout { get; init; } = TimeSpan.FromSeconds(60);

    /// <summary>How often the parent asks every rank for its state (deadlock detection).</summary>
    public TimeSpan StatusInterval { get; init; } = TimeSpan.FromMilliseconds(200);

    /// <summary>How long an accepted control connection has to authenticate and say hello.</summary>
    public TimeSpan HandshakeDeadline { get; init; } = ControlChannel.HandshakeDeadline;

    /// <summary>Control connections accepted and not yet authenticated.</summary>
    private int _pendingHandshakes;

    /// <summary>The job's secret: handed to the ranks in their environment (or on stdin through ssh), never printed.</summary>
    private readonly JobSecret _secret = JobSecret.New();

    /// <summary>How long a transport failure (a lost connection) waits for the death of the rank that caused it to be noticed.</summary>
    private static readonly TimeSpan BlameDelay = TimeSpan.FromSeconds(1);

    public ProcessJobRunner(byte[] image, RunOptions options, OutputSink stdout, OutputSink stderr,
                            IReadOnlyDictionary<string, string>? transportSettings = null,
                            IReadOnlyList<HostSlots>? hostfile = null)
    {
        _image = image;
        _options = options;
        _out = stdout;
        _err = stderr;
        _settings = transportSettings ?? new Dictionary<string, string>();
        _hosts = hostfile is null ? Enumerable.Repeat("localhost", options.Ranks).ToArray() : Hostfile.Assign(hostfile, options.Ranks);
    }

    /// <summary>The job's id (names cloud resources); set before the children start.</summary>
    public string JobId { get; } = WorkerTransports.NewJobId();

    /// <summary>Process ids of the rank processes once started (tests kill one of them).</summary>
    public event Action<int, int>? RankStarted;

    private sealed class Child
    {
        public required int Rank;
        public required string Host;
        public Process? Process;
        public ControlChannel? Control;
        public Thread? ControlReader;
        public volatile bool ControlClosed;
        public Thread? OutPump, ErrPump;
        public volatile bool Finished;
        public bool Blocked;
        public long Progress = -1;
        public string Wait = "";
        public CollectiveWait? Collective;
        public long StatusSeq;
        public DateTime? ExitSeenAt;
        public int Pid;
    }

    public RunOutcome Run()
    {
        int n = _options.Ranks;
        bool allLocal = _hosts.All(h => new HostSlots(h, 1).IsLocal);
        IPAddress listenAddress = allLocal ? IPAddress.Loopback : IPAddress.Any;
        using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        listener.Bind(new IPEndPoint(listenAddress, 0));
        listener.Listen(n + 16);
        int parentPort = ((IPEndPoint)listener.LocalEndPoint!).Port;
        string parentHost = allLocal ? "127.0.0.1"
            : Environment.GetEnvironmentVariable("CMPI_PARENT_ADDRESS") ?? Dns.GetHostName();

        _children = new Child[n];
        var clock = Stopwatch.StartNew();
        TimeSpan? timeout = _options.TimeoutSeconds is double s ? TimeSpan.FromSeconds(s) : null;
        IDisposable? resources = null;
        try
        {
            resources = WorkerTransports.JobResources(_options.Transport, _settings, JobId);
        }
        catch (CloudMpi.Transports.Azure.StorageException e)
        {
            _err.WriteLine(null, $"cmpi-run: azure transport: {e.Message}\n");
            return new RunOutcome(1, JobEnd.UnhandledException, -1, []);
        }
        using var cleanup = resources;
        try
        {
            for (int r = 0; r < n; r++)
            {
                _children[r] = new Child { Rank = r, Host = _hosts[r] };
                StartChild(_children[r], parentHost, parentPort, allLocal ? "127.0.0.1" : "0.0.0.0");
            }
            if (!Rendezvous(listener, clock, timeout))
                return Finish();
            // Every rank is connected: nothing may connect to cmpi-run any more, so its port closes.
            listener.Dispose();
            Supervise(clock, timeout);
        }
        catch (Exception e) when (e is SocketException or IOException or System.ComponentModel.Win32Exception)
        {
            End(JobEnd.UnhandledException, -1, 1, $"cmpi-run: cannot run the rank processes: {e.Message}");
        }
        return Finish();
    }

    // ------------------------------------------------------------------ start-up

    private void StartChild(Child c, string parentHost, int parentPort, string bind)
    {
        int ranksOnHost = _hosts.Count(h => h == c.Host);
        bool tieringOffWhenOutnumbered = _options.Transport == "tcp";
        var psi = WorkerCommand(c.Host, tieringOffWhenOutnumbered ? ranksOnHost : 0, [RankWorker.Flag, $"{parentHost}:{parentPort}", c.Rank.ToString(CultureInfo.InvariantCulture), bind, _options.Transport, JobId]);
        psi.RedirectStandardOutput = true;
        psi.RedirectStandardError = true;
        psi.UseShellExecute = false;
        // Utf8b, as the rank wrote them: bytes a C program prints that are no UTF-8 (a Latin-1 literal) pass through.
        psi.StandardOutputEncoding = CloudMpi.Libc.Utf8b.Instance;
        psi.StandardErrorEncoding = CloudMpi.Libc.Utf8b.Instance;
        // The secret goes into a local rank's environment; ssh forwards no environment, so a remote rank reads it
        // from the first line of its stdin (the secret never goes on a command line, where ps shows it).
        bool local = new HostSlots(c.Host, 1).IsLocal;
        if (local)
            psi.Environment[JobSecret.EnvironmentVariable] = _secret.ToText();
        else
            psi.Environment.Remove(JobSecret.EnvironmentVariable);
        psi.RedirectStandardInput = !local;
        if (!local) psi.StandardInputEncoding = new UTF8Encoding(false);
        if (local && tieringOffWhenOutnumbered && LocalRanksOutnumberCores) WithoutTiering(psi);
        else if (local) WithTiering(psi);
        var p = Process.Start(psi) ?? throw new IOException($"could not start the process of rank {c.Rank}");
        if (!local)
        {
            p.StandardInput.Write(_secret.ToText() + "\n");
            p.StandardInput.Flush();
            // After the secret, rank 0 reads cmpi-run's stdin (as mpirun forwards it) and the others an empty one.
            if (c.Rank == 0) ForwardStdin(p.StandardInput.BaseStream);
            else p.StandardInput.Close();
        }
        c.Process = p;
        c.Pid = p.Id;
        bool tag = _options.TagOutput;
        bool single = _options.Ranks == 1 && !tag;
        var outWriter = new RankLineWriter(_out, tag ? $"[1,{c.Rank}]<stdout>:" : null, flushPartialLines: single);
        var errWriter = new RankLineWriter(_err, tag ? $"[1,{c.Rank}]<stderr>:" : null, flushPartialLines: single);
        c.OutPump = Pump(p.StandardOutput, outWriter, $"cmpi stdout of rank {c.Rank}");
        c.ErrPump = Pump(p.StandardError, errWriter, $"cmpi stderr of rank {c.Rank}");
        RankStarted?.Invoke(c.Rank, p.Id);
    }

    /// <summary>Whether this host runs more of the job's ranks than it has cores.</summary>
    private bool LocalRanksOutnumberCores => _hosts.Count(h => new HostSlots(h, 1).IsLocal) > Environment.ProcessorCount;

    /// <summary>
    /// A tcp rank process on a host with more of the job's ranks than cores runs without tiered compilation
    /// (<c>DOTNET_TieredCompilation=0</c>): ReadyToRun code as it is, every other method compiled optimized once, at its
    /// first call. With tiering, each rank's runtime recompiled its hot methods on a background thread for seconds
    /// after start-up, which took the scarce cores from the ranks that poll their connections: a 7-rank barrier job on
    /// 2 cores spent most of its CPU there (perf: 40 % of the samples in the ".NET Tiered Com" threads), 2.6 ms of CPU
    /// per barrier against 0.27 ms without, 4.95 s of CPU per job against 2.87 (bench/README.md, round 9). With a core
    /// per rank tiering stays: there the recompiled code is what counts (2-rank ping-pong of 2 KiB-4 MiB took
    /// 1.08-1.28x as long without it, under chrt). A user's own DOTNET_TieredCompilation (or COMPlus_) is kept. A rank
    /// started through ssh gets the same rule from its own host (<see cref="RemoteTieringRule"/>).
    /// </summary>
    private static void WithoutTiering(ProcessStartInfo psi) => SetTiering(psi, "0");

    /// <summary>
    /// A local rank process with a core of its own keeps tiered compilation (<c>DOTNET_TieredCompilation=1</c>), which
    /// cmpi-run's runtimeconfig turns off for the ranks it runs as threads (CloudMpi.Run.csproj): a tcp rank's sockets
    /// run the framework's ReadyToRun code, slower than its recompiled version (2-rank ping-pong of 2 KiB-4 MiB took
    /// 1.08-1.28x as long without tiering, round 9). A user's own setting is kept.
    /// </summary>
    private static void WithTiering(ProcessStartInfo psi) => SetTiering(psi, "1");

    private static void SetTiering(ProcessStartInfo psi, string value)
    {
        if (psi.Environment.ContainsKey("DOTNET_TieredCompilation") || psi.Environment.ContainsKey("COMPlus_TieredCompilation")) return;
        psi.Environment["DOTNET_TieredCompilation"] = value;
    }

    /// <summary>Copies cmpi-run's stdin to a remote rank 0's until it ends (then the rank sees end of file); a rank
    /// that ends first closes the pipe, which ends the copy.</summary>
    private static void ForwardStdin(Stream rankStdin)
    {
        var forward = new Thread(() =>
        {
            try
            {
                using Stream input = Console.OpenStandardInput();
                input.CopyTo(rankStdin);
            }
            catch (Exception e) when (e is IOException or ObjectDisposedException) { }
            finally
            {
                try { rankStdin.Dispose(); } catch (Exception e) when (e is IOException or ObjectDisposedException) { }
            }
        }) { IsBackground = true, Name = "cmpi stdin to rank 0" };
        forward.Start();
    }

    /// <summary>
    /// The remote half of <see cref="WithoutTiering"/>: ssh passes no environment and only the remote host knows its
    /// cores, so the remote command starts with a POSIX shell that sets <c>DOTNET_TieredCompilation=0</c> when the host
    /// has fewer cores (<c>nproc</c>) than <paramref name="ranksOnHost"/> and <c>DOTNET_TieredCompilation=1</c> when it
    /// has enough (<see cref="WithTiering"/>), unless the remote environment sets tiering itself, then execs the worker
    /// with its arguments. ssh joins its arguments into one line for the remote user's
    /// shell: the script is one single-quoted word (no quote inside), which sh, bash, zsh, csh and fish all pass as is.
    /// </summary>
    internal static string[] RemoteTieringRule(int ranksOnHost) =>
    [
        "sh", "-c",
        "'if [ -z \"$DOTNET_TieredCompilation$COMPlus_TieredCompilation\" ] && " +
        $"[ \"$(nproc 2>/dev/null || echo 1)\" -lt {ranksOnHost.ToString(CultureInfo.InvariantCulture)} ]; " +
        "then DOTNET_TieredCompilation=0; export DOTNET_TieredCompilation; " +
        "elif [ -z \"$DOTNET_TieredCompilation$COMPlus_TieredCompilation\" ]; " +
        "then DOTNET_TieredCompilation=1; export DOTNET_TieredCompilation; fi; exec \"$@\"'",
        "cmpi-worker", // the script's $0
    ];

    /// <summary>How a rank process is started: this cmpi-run in worker mode, locally or through ssh. A remote tcp rank
    /// (<paramref name="tieringRuleRanks"/> &gt; 0: the job's ranks on its host) runs under <see cref="RemoteTieringRule"/>.</summary>
    internal static ProcessStartInfo WorkerCommand(string host, int tieringRuleRanks, string[] workerArgs)
    {
        var psi = new ProcessStartInfo();
        var (exe, prefix) = LocalWorker();
        if (new HostSlots(host, 1).IsLocal)
        {
            psi.FileName = exe;
            foreach (string a in prefix.Concat(workerArgs)) psi.ArgumentList.Add(a);
        }
        else
        {
            // Remote hosts need cmpi-run installed at the same path (or CMPI_REMOTE_WORKER naming the command).
            string remote = Environment.GetEnvironmentVariable("CMPI_REMOTE_WORKER")
                            ?? string.Join(' ', new[] { exe }.Concat(prefix));
            psi.FileName = "ssh";
            string[] rule = tieringRuleRanks > 0 ? RemoteTieringRule(tieringRuleRanks) : [];
            foreach (string a in new[] { "-o", "BatchMode=yes", host }.Concat(rule).Append(remote).Concat(workerArgs)) psi.ArgumentList.Add(a);
        }
        return psi;
    }

    /// <summary>The command that runs this cmpi-run: its apphost, or dotnet with its dll.</summary>
    internal static (string Exe, string[] Prefix) LocalWorker()
    {
        // a standalone port (PortLauncher) is its own worker: `dotnet Port.dll --worker ...`
        string dll = PortLauncher.WorkerAssemblyPath ?? typeof(ProcessJobRunner).Assembly.Location;
        string? self = Environment.ProcessPath;
        if (self is not null && Path.GetFileNameWithoutExtension(self) == "dotnet")
            return (self, [dll]);
        string dotnet = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet";
        return (dotnet, [dll]);
    }

    private static Thread Pump(StreamReader from, RankLineWriter to, string name)
    {
        var t = new Thread(() =>
        {
            var buf = new char[8192];
            try
            {
                int k;
                while ((k = from.Read(buf, 0, buf.Length)) > 0)
                {
                    to.Write(buf.AsSpan(0, k));
                    to.Flush();
                }
            }
            catch (Exception e) when (e is IOException or ObjectDisposedException)
            {
            }
            to.Complete();
        })
        { IsBackground = true, Name = name };
        t.Start();
        return t;
    }

    /// <summary>Accept every rank's hello, then send each the job. False when the job ended during start-up.</summary>
    private bool Rendezvous(Socket listener, Stopwatch clock, TimeSpan? timeout)
    {
        int n = _children.Length;
        var ports = new int[n];
        var addresses = new string[n];
        int greeted = 0;
        var deadline = clock.Elapsed + (timeout is TimeSpan t && t < StartupTimeout ? t : StartupTimeout);
        // Each accepted connection authenticates on its own thread, with a deadline, so a stranger that
        // connects and stays silent neither blocks this loop nor delays the ranks; those that fail are reported.
        var greetings = new ConcurrentQueue<(int Rank, ControlChannel Control, int Port, string Address)>();
        var rejections = new RejectionReporter("cmpi-run: ", line => _err.WriteLine(null, line + "\n"));
        while (greeted < n)
        {
            while (greetings.TryDequeue(out var g))
            {
                if (_children[g.Rank].Control is not null)
                {
                    rejections.Report(g.Control.Socket.RemoteEndPoint, $"a second control connection for rank {g.Rank}");
                    g.Control.Dispose();
                    continue;
                }
                _children[g.Rank].Control = g.Control;
                ports[g.Rank] = g.Port;
                addresses[g.Rank] = g.Address;
                greeted++;
            }
            if (greeted == n) break;
            if (listener.Poll(25_000, SelectMode.SelectRead))
            {
                Socket s = listener.Accept();
                if (Interlocked.Increment(ref _pendingHandshakes) > TcpTransport.MaxPendingHandshakes)
                {
                    Interlocked.Decrement(ref _pendingHandshakes);
                    EndPoint? remote = null;
                    try { remote = s.RemoteEndPoint; } catch (SocketException) { }
                    s.Dispose();
                    rejections.Report(remote, $"more than {TcpTransport.MaxPendingHandshakes} connections waiting for their handshake");
                }
                else
                {
                    new Thread(() => AuthenticateChild(s, greetings, rejections)) { IsBackground = true, Name = "cmpi control handshake" }.Start();
                }
            }
            _out.FlushIfDirty();
            foreach (Child c in _children)
            {
                if (c.Control is null && c.Process!.HasExited)
                {
                    End(JobEnd.RankDied, c.Rank, ExitCodeOf(c.Process),
                        $"cmpi-run: rank {c.Rank} (pid {c.Pid}) {DescribeExit(c.Process)} while starting; aborting the job");
                    return false;
                }
            }
            if (clock.Elapsed >= deadline)
            {
                var missing = _children.Where(c => c.Control is null).Select(c => c.Rank).ToList();
                string ranks = $"rank{(missing.Count == 1 ? "" : "s")} {string.Join(", ", missing)}";
                End(JobEnd.Timeout, missing[0], InProcRunner.DeadlockOrTimeoutExitCode,
                    timeout is TimeSpan t2 && t2 <= StartupTimeout
                        ? $"cmpi-run: the job did not finish within --timeout {t2.TotalSeconds:0.###} s (still starting: {ranks}); aborting"
                        : $"cmpi-run: {ranks} did not start within {StartupTimeout.TotalSeconds:0.#} s; aborting the job");
                return false;
            }
        }

        var job = new JobDescription
        {
            Size = n,
            JobId = JobId,
            Transport = _options.Transport,
            Settings = _settings,
            Endpoints = Enumerable.Range(0, n).Select(i => (addresses[i], ports[i])).ToList(),
            Image = _image,
            ProgramArgs = _options.ProgramArgs,
        };
        foreach (Child c in _children)
        {
            c.Control!.Send(ControlType.Welcome, job.Write);
            Child child = c;
            c.ControlReader = new Thread(() => ReadControl(child)) { IsBackground = true, Name = $"cmpi control of rank {c.Rank}" };
            c.ControlReader.Start();
        }
        return true;
    }

    /// <summary>One accepted control connection: the handshake and the hello, or a report of why not.</summary>
    private void AuthenticateChild(Socket s, ConcurrentQueue<(int, ControlChannel, int, string)> greetings, RejectionReporter rejections)
    {
        EndPoint? remote = null;
        try
        {
            remote = s.RemoteEndPoint;
            var (rank, control, hello) = ControlChannel.Accept(s, _secret, JobId, _children.Length, HandshakeDeadline);
            _ = hello.ReadInt32(); // pid
            int port = hello.ReadInt32();
            greetings.Enqueue((rank, control, port, ((IPEndPoint)remote!).Address.MapToIPv4().ToString()));
        }
        catch (Exception e) when (e is HandshakeException or SocketException or ObjectDisposedException or EndOfStreamException)
        {
            s.Dispose();
            rejections.Report(remote, e.Message);
        }
        finally
        {
            Interlocked.Decrement(ref _pendingHandshakes);
        }
    }

    // ------------------------------------------------------------------ supervision

    private void ReadControl(Child c)
    {
        try
        {
            while (c.Control!.Receive() is var (type, r))
            {
                switch (type)
                {
                    case ControlType.Status:
                        lock (_gate)
                        {
                            c.Blocked = r.ReadBoolean();
                            c.Progress = r.ReadInt64();
                            c.Wait = r.ReadString();
                            c.Collective = r.ReadBoolean() ? CollectiveWait.Read(r) : null;
                            c.StatusSeq++;
                        }
                        break;
                    case ControlType.Finished:
                        RankFinished(c, (RankEnd)r.ReadByte(), r.ReadInt32(), r.ReadString());
                        break;
                    case ControlType.StorageRequests:
                        CloudMpi.Transports.Azure.RequestTally.ForProcess.Merge(CloudMpi.Transports.Azure.RequestTally.Read(r));
                        break;
                }
            }
        }
        catch (Exception e) when (e is IOException or SocketException or ObjectDisposedException or InvalidDataException or EndOfStreamException)
        {
        }
        c.ControlClosed = true;
    }

    private (Child Rank, string Message, DateTime At)? _transportFailure;

    private void RankFinished(Child c, RankEnd end, int code, string message)
    {
        c.Finished = true;
        switch (end)
        {
            case RankEnd.Returned when code != 0:
                End(JobEnd.RankExitCode, c.Rank, code, $"cmpi-run: rank {c.Rank} exited with status {code}; aborting the job");
                break;
            case RankEnd.MpiAbort:
                End(JobEnd.MpiAbort, c.Rank, code,
                    $"MPI_ABORT was invoked on rank {c.Rank} in communicator MPI_COMM_WORLD with errorcode {code}");
                break;
            case RankEnd.Failed when message.Contains("CloudMpi.Transports.TransportException", StringComparison.Ordinal):
                // Probably a consequence of another rank's death: give the supervisor a moment to notice that first.
                lock (_gate) _transportFailure ??= (c, message, DateTime.UtcNow);
                break;
            case RankEnd.Failed:
                End(JobEnd.UnhandledException, c.Rank, code > 0 ? code : 1, message);
                break;
        }
    }

    private void Supervise(Stopwatch clock, TimeSpan? timeout)
    {
        TimeSpan deadlockTimeout = TimeSpan.FromSeconds(_options.DeadlockTimeoutSeconds);
        TimeSpan nextStatus = clock.Elapsed;
        (long[] Progress, TimeSpan Since)? stuck = null;
        while (!HasEnded)
        {
            Thread.Sleep(20);
            _out.FlushIfDirty();
            if (_children.All(c => c.Finished))
                return;

            foreach (Child c in _children)
            {
                if (c.Finished || !c.Process!.HasExited) continue;
                // The Finished report may still be on its way: wait for the control connection to close.
                c.ExitSeenAt ??= DateTime.UtcNow;
                if (c.ControlClosed || DateTime.UtcNow - c.ExitSeenAt > TimeSpan.FromSeconds(1))
                {
                    if (c.Finished) continue;
                    End(JobEnd.RankDied, c.Rank, ExitCodeOf(c.Process),
                        $"cmpi-run: rank {c.Rank} (pid {c.Pid}{(c.Host == "localhost" ? "" : $" on {c.Host}")}) {DescribeExit(c.Process)} before finishing; aborting the job");
                    return;
                }
            }
            lock (_gate)
            {
                if (_transportFailure is var (rank, message, at) && DateTime.UtcNow - at > BlameDelay)
                {
                    _transportFailure = null;
                    Monitor.Exit(_gate);
                    try { End(JobEnd.UnhandledException, rank.Rank, 1, message); }
                    finally { Monitor.Enter(_gate); }
                    return;
                }
            }
            if (timeout is TimeSpan limit && clock.Elapsed >= limit)
            {
                var running = _children.Where(c => !c.Finished).Select(c => c.Rank).ToList();
                End(JobEnd.Timeout, -1, InProcRunner.DeadlockOrTimeoutExitCode,
                    $"cmpi-run: the job did not finish within --timeout {limit.TotalSeconds:0.###} s " +
                    $"(still running: rank{(running.Count == 1 ? "" : "s")} {string.Join(", ", running)}); aborting");
                return;
            }
            if (clock.Elapsed >= nextStatus)
            {
                nextStatus = clock.Elapsed + StatusInterval;
                stuck = CheckDeadlock(stuck, clock.Elapsed, deadlockTimeout);
                if (stuck is null && HasEnded) return;
                foreach (Child c in _children)
                    if (!c.Finished) c.Control!.TrySend(ControlType.StatusRequest);
            }
        }
    }

    /// <summary>One step of the deadlock detector over the last status answers.</summary>
    private (long[] Progress, TimeSpan Since)? CheckDeadlock((long[] Progress, TimeSpan Since)? stuck, TimeSpan now, TimeSpan limit)
    {
        string? report = null;
        lock (_gate)
        {
            var live = _children.Where(c => !c.Finished).ToList();
            if (live.Count == 0 || live.Any(c => !c.Blocked || c.Progress < 0))
                return null;
            long[] progress = _children.Select(c => c.Finished ? -1 : c.Progress).ToArray();
            if (stuck is not var (seen, since) || !seen.SequenceEqual(progress))
                return (progress, now);
            // Blocked with no progress over two status rounds: ranks inside one collective with different calls or
            // roots wait for each other for ever, so say so now, as the in-process job does, not after the timeout.
            string? mismatch = CollectiveMismatch(live);
            if (mismatch is null && now - since < limit)
                return stuck;
            var sb = new StringBuilder();
            if (mismatch is not null)
                sb.Append(mismatch);
            else
                sb.Append(CultureInfo.InvariantCulture,
                    $"deadlock: every live rank has been blocked in MPI for {limit.TotalSeconds:0.###} s with no message delivered");
            foreach (Child c in _children)
                sb.Append('\n').Append("rank ").Append(c.Rank).Append(": ").Append(c.Finished ? "finished" : c.Wait);
            report = sb.ToString();
        }
        End(JobEnd.Deadlock, -1, InProcRunner.DeadlockOrTimeoutExitCode, "cmpi-run: " + report);
        return null;
    }

    /// <summary>Two live ranks blocked in the same collective of one communicator with different calls or roots; null if none.</summary>
    private static string? CollectiveMismatch(List<Child> live)
    {
        for (int i = 0; i < live.Count; i++)
        {
            if (live[i].Collective is not { } a) continue;
            for (int j = i + 1; j < live.Count; j++)
            {
                if (live[j].Collective is { } b && a.Contradicts(b))
                    return $"collective mismatch on {a.CommName} (collective #{a.Seq} on it): world rank {live[i].Rank} is in " +
                           $"{a.Describe()}, world rank {live[j].Rank} in {b.Describe()}; every rank must call the same " +
                           "collectives in the same order with the same root";
            }
        }
        return null;
    }

    private bool HasEnded
    {
        get { lock (_gate) return _first is not null; }
    }

    /// <summary>Records the first way the job ends and tells every rank to abort; later ends are ignored.</summary>
    private void End(JobEnd end, int rank, int code, string message)
    {
        lock (_gate)
        {
            if (_first is not null) return;
            _first = (end, rank, code);
        }
        _out.Flush();
        _err.WriteLine(null, message.EndsWith('\n') ? message : message + "\n");
        foreach (Child c in _children)
        {
            if (c?.Control is { } control && !c.Finished)
                control.TrySend(ControlType.Abort, w => w.Write(message.Split('\n')[0]));
        }
    }

    private static int ExitCodeOf(Process p)
    {
        int code = p.ExitCode;
        return code == 0 ? 1 : code;
    }

    private static string DescribeExit(Process p)
    {
        int code = p.ExitCode;
        // .NET reports a death by signal S as 128 + S
        return code is > 128 and < 160 ? $"was killed by signal {code - 128}" : $"exited with status {code}";
    }

    // ------------------------------------------------------------------ the end

    private RunOutcome Finish()
    {
        foreach (Child? c in _children)
            c?.Control?.TrySend(ControlType.Exit);
        bool aborted = HasEnded;
        var deadline = DateTime.UtcNow + (aborted ? AbortGracePeriod + TimeSpan.FromSeconds(1) : TimeSpan.FromSeconds(30));
        var stuck = new List<int>();
        foreach (Child? c in _children)
        {
            if (c?.Process is not { } p) continue;
            TimeSpan left = deadline - DateTime.UtcNow;
            if (!p.WaitForExit(left < TimeSpan.Zero ? TimeSpan.Zero : left))
            {
                stuck.Add(c.Rank);
                try { p.Kill(entireProcessTree: true); } catch (Exception e) when (e is InvalidOperationException or System.ComponentModel.Win32Exception) { }
                p.WaitForExit(TimeSpan.FromSeconds(5));
            }
        }
        if (stuck.Count > 0 && aborted)
        {
            _err.WriteLine(null, $"cmpi-run: rank{(stuck.Count == 1 ? "" : "s")} {string.Join(", ", stuck)} did not stop within {AbortGracePeriod.TotalSeconds:0.#} s of the abort; killed\n");
        }
        foreach (Child? c in _children)
        {
            c?.OutPump?.Join(TimeSpan.FromSeconds(5));
            c?.ErrPump?.Join(TimeSpan.FromSeconds(5));
            c?.ControlReader?.Join(TimeSpan.FromSeconds(5)); // its last frame: the rank's storage requests
            c?.Control?.Dispose();
            c?.Process?.Dispose();
        }
        if (!aborted && stuck.Count > 0)
        {
            End(JobEnd.UnhandledException, stuck[0], 1, $"cmpi-run: rank {stuck[0]} did not exit after the job finished; killed");
        }
        _out.Flush();
        _err.Flush();
        lock (_gate)
        {
            return _first is var (end, rank, code)
                ? new RunOutcome(code, end, rank, [])
                : new RunOutcome(0, JobEnd.Success, -1, []);
        }
    }
}
