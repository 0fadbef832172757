using System.Diagnostics;
using System.Globalization;
using System.Net.Sockets;

namespace CloudMpi.Run.Compilation.Server;

/// <summary>
/// The warm compile server (<c>cmpi-run --compile-server DIR IDLE_SECONDS [WARM_UP]</c>, started by a client at the
/// end of a run that found none, never by hand):
/// one process per user and build that keeps Roslyn loaded and JIT-compiled, so a port's first compile costs what a
/// warm compiler costs instead of a fresh process's JIT of the compiler (issue 28, "First run"). It listens on a Unix
/// socket in a private directory (<see cref="CompileServerSettings"/>), answers only processes of its own user
/// (SO_PEERCRED) and build (the version key), writes each image to the client's cache entry (or a private temporary
/// file) and replies with its path. It exits after IDLE_SECONDS without a request, on a shutdown request, or when
/// its socket file is gone. WARM_UP is a file of the private directory holding the program that client compiled: the
/// server reads and deletes it, and compiles it once on a thread of the lowest priority (the image is dropped), so
/// that the next client finds Roslyn's code JIT-compiled; a compile request that arrives first cancels the warm-up.
/// </summary>
internal static class CompileServer
{
    public const string Flag = "--compile-server";

    /// <summary>Another server of this build holds the lock: the starting client connects to that one.</summary>
    public const int AnotherServerExitCode = 3;

    /// <summary>How long a request waits for a compile slot before the client is told to compile in-process.</summary>
    private static readonly TimeSpan BusyWait = TimeSpan.FromSeconds(10);

    /// <summary>How long a connected client may take to send its request (the client has it ready before it connects).</summary>
    private const int RequestTimeoutMs = 30_000;

    /// <summary>The name of a warm-up source a client writes into the server directory (<c>warmup-GUID.cs</c>).</summary>
    public const string WarmUpPrefix = "warmup-";

    /// <summary>Cancelled by the first request: the warm-up gives way to a client's compile.</summary>
    private static readonly CancellationTokenSource WarmUpCancel = new();

    /// <summary>A temporary image left by a client that died before reading it is deleted after this.</summary>
    private static readonly TimeSpan StaleImageAge = TimeSpan.FromHours(1);

    private static readonly object Gate = new();
    private static int s_active;
    private static long s_lastActivity = Stopwatch.GetTimestamp();
    private static volatile bool s_stopping;
    private static Socket? s_listener;
    private static SemaphoreSlim s_slots = new(1);
    private static CompileServerSettings? s_settings;

    public static int Run(string[] args)
    {
        if (args.Length is not (3 or 4) || !double.TryParse(args[2], NumberStyles.Float, CultureInfo.InvariantCulture, out double idleSeconds))
        {
            Console.Error.WriteLine($"usage: cmpi-run {Flag} DIR IDLE_SECONDS [WARM_UP] (started by cmpi-run itself)");
            return 2;
        }
        UnixIdentity.NewSession();
        var settings = new CompileServerSettings(args[1], idleSeconds, CompileServerSettings.DefaultReplyTimeoutSeconds);
        if (settings.CheckPrivateDirectory() is string problem)
        {
            Console.Error.WriteLine($"cmpi-run {Flag}: {problem}");
            return 1;
        }

        FileStream lockFile;
        try
        {
            // FileShare.None is an exclusive flock on Unix: one live server per build and directory
            lockFile = new FileStream(settings.LockPath, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None);
        }
        catch (IOException)
        {
            return AnotherServerExitCode;
        }
        s_settings = settings;
        using (lockFile)
        {
            lockFile.SetLength(0);
            byte[] pid = System.Text.Encoding.ASCII.GetBytes(Environment.ProcessId.ToString(CultureInfo.InvariantCulture) + "\n");
            lockFile.Write(pid);
            lockFile.Flush();

            DeleteStaleImages(settings.Directory);
            // with the lock held, a socket file of this build is a dead server's
            TryDelete(settings.SocketPath);
            s_slots = new SemaphoreSlim(Math.Max(1, Environment.ProcessorCount));
            var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            listener.Bind(new UnixDomainSocketEndPoint(settings.SocketPath));
            listener.Listen(64);
            s_listener = listener;
            PhaseTrace.Mark("server listening");
            // SIGTERM (kill, a session's end) ends it as an idle timeout does: no socket file of a dead server left
            using var onTerm = System.Runtime.InteropServices.PosixSignalRegistration.Create(
                System.Runtime.InteropServices.PosixSignal.SIGTERM, context =>
                {
                    context.Cancel = true;
                    Stop(settings);
                });

            var watch = new Thread(() => WatchIdle(settings)) { IsBackground = true, Name = "cmpi compile server idle watch" };
            watch.Start();
            if (args.Length == 4)
                StartWarmUp(settings, args[3]);
            AcceptLoop(listener);
            Stop(settings);
            // let replies in flight finish (their clients are waiting for them)
            var deadline = Stopwatch.StartNew();
            while (Volatile.Read(ref s_active) > 0 && deadline.Elapsed < TimeSpan.FromSeconds(30))
                Thread.Sleep(20);
            DeleteStaleImages(settings.Directory);
        }
        return 0;
    }

    /// <summary>
    /// Compiles the program the starting client compiled once, in the background: its first compile in a process costs
    /// ~0.6-1.5 s of CPU, mostly the JIT of Roslyn's code that has no ReadyToRun code, which the next client would
    /// otherwise wait for. The thread runs at nice 19 and the compile is serial (Roslyn's parallel binding would run on
    /// pool threads of normal priority), so a program running then keeps its cores; the first compile request cancels it.
    /// </summary>
    private static void StartWarmUp(CompileServerSettings settings, string path)
    {
        // only a file of the private directory, as the client writes it
        if (Path.GetDirectoryName(Path.GetFullPath(path)) != Path.GetFullPath(settings.Directory)
            || !Path.GetFileName(path).StartsWith(WarmUpPrefix, StringComparison.Ordinal))
            return;
        var thread = new Thread(() =>
        {
            string source;
            try
            {
                source = File.ReadAllText(path);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                return;
            }
            finally
            {
                TryDelete(path);
            }
            UnixIdentity.LowerThreadPriority();
            try
            {
                PhaseTrace.Mark("server: warm-up start");
                RoslynCompiler.Compile(path, source, "WarmUp", ProgramCompiler.RuntimeAssemblies.Select(a => a.Location).ToList(),
                                       concurrentBuild: false, WarmUpCancel.Token);
                PhaseTrace.Mark("server: warm-up done");
            }
            catch (OperationCanceledException)
            {
                PhaseTrace.Mark("server: warm-up cancelled");
            }
            catch (Exception)
            {
                // a compiler crash on the warm-up only leaves the server cold; the client's own compile reports it
            }
        })
        {
            IsBackground = true,
            Name = "cmpi compile server warm-up",
        };
        thread.Start();
    }

    private static void AcceptLoop(Socket listener)
    {
        while (!s_stopping)
        {
            Socket client;
            try
            {
                client = listener.Accept();
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                if (s_stopping)
                    return;
                Thread.Sleep(10);
                continue;
            }
            Interlocked.Increment(ref s_active);
            var t = new Thread(() => Serve(client)) { IsBackground = true, Name = "cmpi compile request" };
            t.Start();
        }
    }

    /// <summary>Ends the server: no new connections (the socket file goes first, so clients start a new one).</summary>
    private static void Stop(CompileServerSettings settings)
    {
        lock (Gate)
        {
            if (s_listener is null)
                return;
            s_stopping = true;
            TryDelete(settings.SocketPath);
            s_listener.Dispose();
            s_listener = null;
        }
    }

    private static void WatchIdle(CompileServerSettings settings)
    {
        var idle = TimeSpan.FromSeconds(settings.IdleSeconds);
        while (!s_stopping)
        {
            Thread.Sleep(TimeSpan.FromMilliseconds(Math.Clamp(settings.IdleSeconds * 1000 / 4, 50, 1000)));
            bool quiet = Volatile.Read(ref s_active) == 0
                         && Stopwatch.GetElapsedTime(Interlocked.Read(ref s_lastActivity)) > idle;
            // a socket file removed (a /tmp cleaner, a user) leaves a server nobody can reach: end it too
            if (quiet || !File.Exists(settings.SocketPath))
                Stop(settings);
        }
    }

    private static void Serve(Socket client)
    {
        try
        {
            using (client)
            {
                // only this user's processes: the image path and the cache entry are written as this user
                if (UnixIdentity.PeerUid(client) != UnixIdentity.EffectiveUid)
                    return;
                client.ReceiveTimeout = RequestTimeoutMs;
                using var stream = new NetworkStream(client, ownsSocket: false);
                using var reader = new BinaryReader(stream);
                using var writer = new BinaryWriter(stream);
                CompileRequest request;
                try
                {
                    request = CompileProtocol.ReadRequest(reader);
                    PhaseTrace.Mark("server: request read");
                }
                catch (Exception e) when (e is IOException or InvalidDataException or EndOfStreamException)
                {
                    return;
                }
                CompileProtocol.Write(writer, Answer(request));
                PhaseTrace.Mark("server: reply written");
                if (request.Kind == RequestKind.Shutdown)
                    Stop(s_settings!);
            }
        }
        catch (Exception e) when (e is IOException or SocketException or ObjectDisposedException)
        {
            // the client went away: nothing to answer
        }
        finally
        {
            Interlocked.Exchange(ref s_lastActivity, Stopwatch.GetTimestamp());
            Interlocked.Decrement(ref s_active);
        }
    }

    private static CompileReply Answer(CompileRequest request)
    {
        // a shutdown comes from any build's cmpi-run (--shutdown-compile-server stops every server of the user)
        if (request.Kind == RequestKind.Shutdown)
            return Reply(ReplyStatus.Stopping, $"stopping (pid {Environment.ProcessId})");
        if (request.BuildKey != CompileServerSettings.BuildKey)
            return Reply(ReplyStatus.OtherBuild, $"this server is of build {CompileServerSettings.BuildKey[..16]}");
        if (request.Kind != RequestKind.Compile)
            return Reply(ReplyStatus.Failed, $"unknown request {request.Kind}");
        // a client's compile goes first: what the warm-up JIT-compiled so far stays
        WarmUpCancel.Cancel();
        if (!s_slots.Wait(BusyWait))
            return Reply(ReplyStatus.Busy, "every compile slot is taken");
        try
        {
            CompileResult result = RoslynCompiler.Compile(request.DisplayPath, request.Source,
                ProgramCompiler.AssemblyNameFor(request.DisplayPath),
                ProgramCompiler.RuntimeAssemblies.Select(a => a.Location).ToList());
            string? imagePath = null;
            bool temporary = false;
            if (result.Image is not null)
            {
                if (request.CacheFile is not null && ProgramCompiler.TryWrite(request.CacheFile, result.Image))
                {
                    imagePath = request.CacheFile;
                }
                else
                {
                    imagePath = Path.Combine(s_settings!.Directory, $"image-{Guid.NewGuid():N}.dll");
                    File.WriteAllBytes(imagePath, result.Image);
                    temporary = true;
                }
            }
            return new CompileReply(ReplyStatus.Compiled, "", imagePath, temporary, result.Diagnostics, result.Elapsed);
        }
        catch (Exception e)
        {
            // a compiler crash must not end the server silently: the client says why and compiles in-process
            return Reply(ReplyStatus.Failed, $"{e.GetType().Name}: {e.Message}");
        }
        finally
        {
            s_slots.Release();
        }
    }

    private static CompileReply Reply(ReplyStatus status, string message) =>
        new(status, message, null, false, [], TimeSpan.Zero);

    private static void DeleteStaleImages(string directory)
    {
        try
        {
            // and warm-up sources of servers that never started
            foreach (string f in Directory.EnumerateFiles(directory, "image-*.dll").Concat(Directory.EnumerateFiles(directory, WarmUpPrefix + "*.cs")))
            {
                if (DateTime.UtcNow - File.GetLastWriteTimeUtc(f) > StaleImageAge)
                    TryDelete(f);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException) { }
    }

    private static void TryDelete(string path)
    {
        try { File.Delete(path); } catch (Exception e) when (e is IOException or UnauthorizedAccessException) { }
    }
}
