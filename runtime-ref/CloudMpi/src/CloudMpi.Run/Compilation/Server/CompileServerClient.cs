using System.Diagnostics;
using System.Globalization;
using System.Net.Sockets;

namespace CloudMpi.Run.Compilation.Server;

/// <summary>
/// cmpi-run's side of the compile server: sends a program this build's server and turns its reply into a
/// <see cref="CompileResult"/>; null whenever the server cannot be used, and the caller compiles in-process. When no
/// server is listening, the program is compiled in-process at once and a server is started for the NEXT run once
/// this one is over (<see cref="StartServerForNextRun"/>): a first run no longer waits for a server's start-up, and
/// the server warms itself on this program's text, so the next port finds it warm. Every wait is bounded. The
/// reasons a server is refused (a directory that is not private, a socket of another user or build, an answer that
/// is not the protocol's, a timeout, a server failure) are printed; an absent server is started silently, a busy one
/// is said only with --verbose.
/// </summary>
internal sealed class CompileServerClient(CompileServerSettings settings, TextWriter stderr, bool verbose)
{
    public CompileServerSettings Settings { get; } = settings;

    /// <summary>What the last <see cref="TryCompile"/> did, for --verbose ("by the warm compile server", "in-process" ...).</summary>
    public string LastOutcome { get; private set; } = "";

    public static CompileServerClient? FromEnvironment(TextWriter stderr, bool verbose) =>
        CompileServerSettings.FromEnvironment() is { } s ? new CompileServerClient(s, stderr, verbose) : null;

    public CompileResult? TryCompile(string displayPath, string source, string? cacheFile)
    {
        var sw = Stopwatch.StartNew();
        if (Settings.CheckPrivateDirectory() is string problem)
            return Refuse(problem);

        Socket? socket = TryConnect();
        if (socket is null)
        {
            // No server listening (the user's first port, or the last server went idle): compile in this process now,
            // and start a server when this run is over. Waiting for a server's start-up put a second process's start
            // (the dotnet host, the runtime, the launcher) in front of the same cold compile: bench/README.md, round 20.
            _forNextRun ??= source;
            LastOutcome = "no compile server was listening: one starts for the next run";
            PhaseTrace.Mark("no server: compiling in-process");
            return null;
        }
        PhaseTrace.Mark("connected");
        using (socket)
        {
            // the socket's directory is private, but a server is trusted only when it runs as this user
            uint? peer = UnixIdentity.PeerUid(socket);
            if (peer != UnixIdentity.EffectiveUid)
                return Refuse($"{Settings.SocketPath} is served by user {peer?.ToString(CultureInfo.InvariantCulture) ?? "?"}, not this user: refused");

            CompileReply reply;
            try
            {
                int timeoutMs = (int)Math.Min(int.MaxValue, Settings.ReplyTimeoutSeconds * 1000);
                socket.SendTimeout = timeoutMs;
                socket.ReceiveTimeout = timeoutMs;
                using var stream = new NetworkStream(socket, ownsSocket: false);
                using var writer = new BinaryWriter(stream);
                using var reader = new BinaryReader(stream);
                CompileProtocol.Write(writer, new CompileRequest(RequestKind.Compile, CompileServerSettings.BuildKey, displayPath, source, cacheFile));
                reply = CompileProtocol.ReadReply(reader);
                PhaseTrace.Mark("reply read");
            }
            catch (IOException e) when (e.InnerException is SocketException { SocketErrorCode: SocketError.TimedOut or SocketError.WouldBlock })
            {
                return Refuse($"no answer from {Settings.SocketPath} in {Settings.ReplyTimeoutSeconds:0.#} s (CMPI_COMPILE_SERVER_TIMEOUT)");
            }
            catch (Exception e) when (e is IOException or SocketException or InvalidDataException or EndOfStreamException)
            {
                return Refuse($"no valid answer from {Settings.SocketPath} ({e.Message})");
            }

            switch (reply.Status)
            {
                case ReplyStatus.Compiled:
                    break;
                case ReplyStatus.Busy:
                    LastOutcome = "the compile server was busy";
                    if (verbose)
                        stderr.Write($"cmpi-run: compile server: busy; compiling in-process\n");
                    return null;
                case ReplyStatus.OtherBuild:
                    return Refuse($"{Settings.SocketPath} is served by another build ({reply.Message}): refused");
                default:
                    return Refuse($"the server failed: {reply.Message}");
            }

            byte[]? image = null;
            if (reply.ImagePath is not null)
            {
                image = ProgramCompiler.TryRead(reply.ImagePath);
                if (reply.ImageIsTemporary)
                {
                    try { File.Delete(reply.ImagePath); } catch (Exception e) when (e is IOException or UnauthorizedAccessException) { }
                }
                if (image is null)
                    return Refuse($"cannot read the image the server wrote ({reply.ImagePath})");
            }
            LastOutcome = $"by the warm compile server (Roslyn {reply.CompileTime.TotalSeconds:0.000} s of it)";
            return new CompileResult { Image = image, Diagnostics = reply.Diagnostics, Elapsed = sw.Elapsed };
        }
    }

    private CompileResult? Refuse(string why)
    {
        LastOutcome = "the compile server refused";
        stderr.Write($"cmpi-run: compile server: {why}; compiling in-process\n");
        return null;
    }

    /// <summary>A connection to the live server of this build; null when there is none (no socket, or a dead one's).</summary>
    private Socket? TryConnect()
    {
        if (!File.Exists(Settings.SocketPath))
            return null;
        var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        try
        {
            socket.Connect(new UnixDomainSocketEndPoint(Settings.SocketPath));
            return socket;
        }
        catch (SocketException)
        {
            socket.Dispose();
            return null;
        }
    }

    /// <summary>The source compiled in-process because no server was listening (it warms the server started for the
    /// next run); null when a server answered or none was tried.</summary>
    private string? _forNextRun;

    /// <summary>Sources larger than this start a server that does not warm itself on them (a warm-up is a background
    /// compile of the whole text: a huge generated program would cost seconds of CPU for what a small one warms as well).</summary>
    internal const int MaxWarmUpChars = 1 << 20;

    /// <summary>
    /// Called when the run is over: when <see cref="TryCompile"/> found no server, starts one (detached: its own session,
    /// none of our standard streams) without waiting for it, unless a live server holds the lock already (started by
    /// another client, not listening yet). It is given this run's source, in a private file of the server directory, to
    /// compile once in the background at the lowest priority (<see cref="CompileServer"/>'s warm-up). Started only now,
    /// so that its start-up and warm-up never take a core from this run's ranks. Failures only cost the next run the
    /// warm server; they are said with --verbose.
    /// </summary>
    public void StartServerForNextRun()
    {
        string? source = _forNextRun;
        _forNextRun = null;
        if (source is null || LiveServerPid() is not null)
            return;
        string? warmUp = null;
        try
        {
            if (source.Length <= MaxWarmUpChars)
            {
                // in the directory TryCompile found private (mode 0700, this user's): no one else can read it
                warmUp = Path.Combine(Settings.Directory, $"{CompileServer.WarmUpPrefix}{Guid.NewGuid():N}.cs");
                using (var f = new FileStream(warmUp, FileMode.CreateNew, FileAccess.Write))
                using (var w = new StreamWriter(f))
                    w.Write(source);
            }
            using Process server = Process.Start(ServerCommand(Settings, warmUp))!;
            // our ends of its pipes: the server never writes to them, and a caller that reads our output to its end
            // (a test harness, a shell's $(...)) must not wait for the server's
            server.StandardInput.Close();
            server.StandardOutput.Close();
            server.StandardError.Close();
            PhaseTrace.Mark("server started for the next run");
        }
        catch (Exception e) when (e is System.ComponentModel.Win32Exception or IOException or InvalidOperationException or UnauthorizedAccessException)
        {
            if (warmUp is not null)
            {
                try { File.Delete(warmUp); } catch (Exception e2) when (e2 is IOException or UnauthorizedAccessException) { }
            }
            if (verbose)
                stderr.Write($"cmpi-run: compile server: cannot start one for the next run ({e.Message})\n");
        }
    }

    /// <summary>The pid of a live compile server of this build and directory (its lock file names it), listening or
    /// about to; null when there is none.</summary>
    private int? LiveServerPid()
    {
        try
        {
            string text = File.ReadAllText(Settings.LockPath).Trim();
            if (!int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int pid))
                return null;
            // the lock file outlives its server: the pid counts only while it is a compile server's
            string cmdline = File.ReadAllText($"/proc/{pid}/cmdline");
            return cmdline.Contains(CompileServer.Flag, StringComparison.Ordinal) ? pid : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    private static ProcessStartInfo ServerCommand(CompileServerSettings settings, string? warmUp)
    {
        var (exe, prefix) = LauncherCommand();
        var psi = new ProcessStartInfo(exe)
        {
            UseShellExecute = false,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = "/",
        };
        foreach (string a in prefix)
            psi.ArgumentList.Add(a);
        // Without tiered compilation: the compiler's ReadyToRun code is used as it is and the rest JIT-compiled
        // optimized once, so the server never re-compiles the compiler's hot methods in the background. With tiering,
        // its compiles 1-5 of a 1,500-line port left it 3.5, 7.0, 3.0, 1.2 and 0.8 s of CPU of background JIT (tier 1
        // and PGO) after each reply, on a 2-core host taking a core from the user's program; without it none, and a
        // warm compile took 0.2-0.26 s of CPU (bench/README.md, first run, round 10). A user's own setting is kept.
        if (!psi.Environment.ContainsKey("DOTNET_TieredCompilation") && !psi.Environment.ContainsKey("COMPlus_TieredCompilation"))
            psi.Environment["DOTNET_TieredCompilation"] = "0";
        psi.ArgumentList.Add(CompileServer.Flag);
        psi.ArgumentList.Add(settings.Directory);
        psi.ArgumentList.Add(settings.IdleSeconds.ToString(CultureInfo.InvariantCulture));
        if (warmUp is not null)
            psi.ArgumentList.Add(warmUp);
        return psi;
    }

    /// <summary>The command that runs this cmpi-run.dll: the dotnet host that runs us, or dotnet on the PATH.</summary>
    private static (string Exe, string[] Prefix) LauncherCommand()
    {
        string dll = typeof(CompileServer).Assembly.Location;
        string? self = Environment.ProcessPath;
        if (self is not null && Path.GetFileNameWithoutExtension(self) == "dotnet")
            return (self, [dll]);
        return (Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet", [dll]);
    }

    /// <summary><c>cmpi-run --shutdown-compile-server</c>: asks every compile server in the directory (any build) to
    /// stop; returns how many said they would.</summary>
    public static int ShutdownAll(CompileServerSettings settings, TextWriter stderr)
    {
        if (!Directory.Exists(settings.Directory))
            return 0;
        if (settings.CheckPrivateDirectory() is string problem)
        {
            stderr.Write($"cmpi-run: compile server: {problem}\n");
            return 0;
        }
        int stopped = 0;
        foreach (string path in Directory.EnumerateFiles(settings.Directory, "compile-*.sock"))
        {
            using var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            try
            {
                socket.Connect(new UnixDomainSocketEndPoint(path));
                if (UnixIdentity.PeerUid(socket) != UnixIdentity.EffectiveUid)
                    continue;
                socket.ReceiveTimeout = socket.SendTimeout = 10_000;
                using var stream = new NetworkStream(socket, ownsSocket: false);
                using var writer = new BinaryWriter(stream);
                using var reader = new BinaryReader(stream);
                CompileProtocol.Write(writer, new CompileRequest(RequestKind.Shutdown, CompileServerSettings.BuildKey, "", "", null));
                if (CompileProtocol.ReadReply(reader).Status == ReplyStatus.Stopping)
                    stopped++;
            }
            catch (Exception e) when (e is IOException or SocketException or InvalidDataException or EndOfStreamException)
            {
                // a dead server's socket: nothing to stop
            }
        }
        return stopped;
    }
}
