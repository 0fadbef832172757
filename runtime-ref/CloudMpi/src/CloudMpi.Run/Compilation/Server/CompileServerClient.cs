using System.Diagnostics;
using System.Globalization;
using System.Net.Sockets;

namespace CloudMpi.Run.Compilation.Server;

/// <summary>
/// cmpi-run's side of the compile server: sends a program this build's server (starting one when there is none) and
/// turns its reply into a <see cref="CompileResult"/>; null whenever the server cannot be used, and the caller compiles
/// in-process. Every wait is bounded. The reasons a server is refused (a directory that is not private, a socket of
/// another user or build, an answer that is not the protocol's, a timeout, a server failure) are printed; an absent
/// server is started silently, a busy one is said only with --verbose.
/// </summary>
internal sealed class CompileServerClient(CompileServerSettings settings, TextWriter stderr, bool verbose)
{
    public CompileServerSettings Settings { get; } = settings;

    /// <summary>What the last <see cref="TryCompile"/> did, for --verbose ("warm server", "started a server" ...).</summary>
    public string LastOutcome { get; private set; } = "";

    public static CompileServerClient? FromEnvironment(TextWriter stderr, bool verbose) =>
        CompileServerSettings.FromEnvironment() is { } s ? new CompileServerClient(s, stderr, verbose) : null;

    public CompileResult? TryCompile(string displayPath, string source, string? cacheFile)
    {
        var sw = Stopwatch.StartNew();
        if (Settings.CheckPrivateDirectory() is string problem)
            return Refuse(problem);

        bool started = false;
        Socket? socket = TryConnect();
        if (socket is null)
        {
            PhaseTrace.Mark("no server: starting one");
            socket = StartAndConnect(out string? why);
            if (socket is null)
                return Refuse(why!);
            started = true;
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
            LastOutcome = started
                ? $"by a compile server started now (Roslyn {reply.CompileTime.TotalSeconds:0.000} s of it)"
                : $"by the warm compile server (Roslyn {reply.CompileTime.TotalSeconds:0.000} s of it)";
            return new CompileResult { Image = image, Diagnostics = reply.Diagnostics, Elapsed = sw.Elapsed };
        }
    }

    private CompileResult? Refuse(string why)
    {
        LastOutcome = "in-process (compile server refused)";
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

    /// <summary>Starts this build's server (detached: its own session, no standard stream of ours) and connects to it.</summary>
    private Socket? StartAndConnect(out string? why)
    {
        why = null;
        Process server;
        try
        {
            server = Process.Start(ServerCommand(Settings))!;
        }
        catch (Exception e) when (e is System.ComponentModel.Win32Exception or IOException or InvalidOperationException)
        {
            why = $"cannot start it ({e.Message})";
            return null;
        }
        using (server)
        {
            // our ends of its pipes: the server never writes to them, and a caller that reads our output to its end
            // (a test harness, a shell's $(...)) must not wait for the server's
            server.StandardInput.Close();
            server.StandardOutput.Close();
            server.StandardError.Close();

            var wait = Stopwatch.StartNew();
            TimeSpan? lostRaceAt = null;
            while (wait.Elapsed < CompileServerSettings.StartTimeout)
            {
                if (TryConnect() is Socket s)
                    return s;
                if (server.HasExited)
                {
                    if (server.ExitCode != CompileServer.AnotherServerExitCode)
                    {
                        why = $"the server it started exited with status {server.ExitCode}";
                        return null;
                    }
                    // another client's server took the lock: it is about to listen
                    lostRaceAt ??= wait.Elapsed;
                    if (wait.Elapsed - lostRaceAt > TimeSpan.FromSeconds(5))
                        break;
                }
                Thread.Sleep(15);
            }
            why = $"no server listening at {Settings.SocketPath} after {wait.Elapsed.TotalSeconds:0.#} s";
            return null;
        }
    }

    private static ProcessStartInfo ServerCommand(CompileServerSettings settings)
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
