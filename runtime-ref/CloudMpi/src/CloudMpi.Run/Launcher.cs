using System.Globalization;
using CloudMpi.Run.Compilation;
using CloudMpi.Run.Compilation.Server;
using CloudMpi.Run.Hosting;
using CloudMpi.Run.Processes;

namespace CloudMpi.Run;

/// <summary>What <see cref="Launcher.Run"/> did.</summary>
/// <param name="ExitCode">The exit status to report (not yet reduced to 0..255).</param>
/// <param name="Compile">The compilation, when it got that far.</param>
/// <param name="Job">The job, when it ran.</param>
public sealed record LaunchResult(int ExitCode, CompileResult? Compile, RunOutcome? Job)
{
    /// <summary>Ranks were left running after an abort: the process must exit rather than return.</summary>
    public bool MustExitProcess => Job is { RanksStillRunning.Count: > 0 };
}

/// <summary><c>cmpi-run</c>: parse, compile (or take from the cache), check or run.</summary>
public static class Launcher
{
    public const int CompileErrorExitCode = 1;

    /// <summary>Runs one command line with the given standard streams.</summary>
    /// <param name="cacheDirectory">Overrides the cache location (tests); null = <see cref="ProgramCompiler.DefaultCacheDirectory"/>.</param>
    /// <param name="stdoutIsTerminal">Flush stdout after every line instead of periodically.</param>
    /// <param name="useCompileServer">Compile through the warm compile server (Compilation/Server), unless
    /// CMPI_COMPILE_SERVER=off: cmpi-run's own Main; the library's callers (tests) compile in-process.</param>
    public static LaunchResult Run(IReadOnlyList<string> args, TextWriter stdout, TextWriter stderr,
                                   string? cacheDirectory = null, bool stdoutIsTerminal = false,
                                   bool useCompileServer = false)
    {
        RunOptions? options;
        try
        {
            options = CommandLine.Parse(args);
        }
        catch (UsageException e)
        {
            stderr.Write($"cmpi-run: {e.Message}\n{CommandLine.Usage}\n");
            stderr.Flush();
            return new LaunchResult(CommandLine.UsageExitCode, null, null);
        }
        if (options is null)
        {
            stdout.Write(CommandLine.Usage + "\n");
            stdout.Flush();
            return new LaunchResult(0, null, null);
        }

        if (options.ShutdownCompileServer)
        {
            int stopped = CompileServerSettings.FromEnvironment() is { } serverSettings
                ? CompileServerClient.ShutdownAll(serverSettings, stderr)
                : 0;
            stdout.Write($"cmpi-run: {stopped} compile server(s) stopping\n");
            stdout.Flush();
            stderr.Flush();
            return new LaunchResult(0, null, null);
        }
        if (options.JobCommand is not null)
            return new LaunchResult(Join.JobStorageCommands.Run(options, stdout, stderr), null, null);
        if (options.StatsMerge is not null)
        {
            int merged = StatsFiles.Merge(options.StatsMerge, options.PricePer10kTransactions, stdout, stderr);
            stdout.Flush();
            stderr.Flush();
            return new LaunchResult(merged, null, null);
        }
        if (options.JoinJob is not null)
        {
            try
            {
                // before storage and compiling: a rank that cannot know its number is a usage error, found at once
                Join.RankSource.Resolve(options, Environment.GetEnvironmentVariable);
            }
            catch (UsageException e)
            {
                stderr.Write($"cmpi-run: {e.Message}\n");
                stderr.Flush();
                return new LaunchResult(CommandLine.UsageExitCode, null, null);
            }
            if (options.SourcePath.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
                return RunJoinedPort(options, stderr);
        }

        if (options.CheckOnly && options.ProgramArgs.Count > 0 && options.ProgramArgs.All(a => a.EndsWith(".cs", StringComparison.Ordinal)))
            return CheckAll([options.SourcePath, .. options.ProgramArgs], options, stderr, cacheDirectory, useCompileServer);

        string source;
        try
        {
            source = File.ReadAllText(options.SourcePath);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException or ArgumentException)
        {
            stderr.Write($"cmpi-run: cannot read '{options.SourcePath}': {e.Message}\n");
            stderr.Flush();
            return new LaunchResult(CommandLine.UsageExitCode, null, null);
        }

        IReadOnlyDictionary<string, string> transportSettings;
        try
        {
            // before compiling: a missing connection string or hostfile is a usage error, found at once
            transportSettings = options.CheckOnly ? new Dictionary<string, string>() : JobRunners.TransportSettings(options);
        }
        catch (UsageException e)
        {
            stderr.Write($"cmpi-run: {e.Message}\n");
            stderr.Flush();
            return new LaunchResult(CommandLine.UsageExitCode, null, null);
        }

        // the ranks will be threads of this process: their runtime paths compile while the program is read and loaded
        if (!options.CheckOnly && !options.RanksAsProcesses && options.JoinJob is null)
            Hosting.RuntimePrecompiler.Start();
        var compiler = NewCompiler(options, stderr, cacheDirectory, useCompileServer);
        try
        {
            return CompileAndRun(options, source, transportSettings, compiler, stdout, stderr, stdoutIsTerminal);
        }
        finally
        {
            // when no compile server was listening: one starts now, for the next run (never during this one's ranks)
            compiler.CompileServer?.StartServerForNextRun();
        }
    }

    private static LaunchResult CompileAndRun(RunOptions options, string source, IReadOnlyDictionary<string, string> transportSettings,
                                              ProgramCompiler compiler, TextWriter stdout, TextWriter stderr, bool stdoutIsTerminal)
    {
        PhaseTrace.Mark("compile start");
        // --check always runs Roslyn: its answer is the diagnostics, which the cache does not keep
        CompileResult compiled = compiler.Compile(options.CheckAs ?? options.SourcePath, source, forceCompile: options.CheckOnly);
        PhaseTrace.Mark(compiled.FromCache ? "compiled (cache hit)" : "compiled");
        if (options.Verbose)
        {
            // the JIT's share of the start-up so far (the launcher's own code, Roslyn's generic instantiations): what
            // ReadyToRun images and tiering settings change
            stderr.Write(string.Create(CultureInfo.InvariantCulture,
                $"cmpi-run: {(compiled.FromCache ? "cache hit" : "compiled")} {options.SourcePath} in {compiled.Elapsed.TotalSeconds:0.000} s" +
                $"{(compiler.CacheDirectory is null ? " (no cache)" : "")}" +
                $"{(compiled.FromCache ? "" : " " + CompiledHow(compiler, compiled))}; " +
                $"process up {(DateTime.Now - System.Diagnostics.Process.GetCurrentProcess().StartTime).TotalSeconds:0.000} s, " +
                $"JIT {System.Runtime.JitInfo.GetCompiledMethodCount()} methods in {System.Runtime.JitInfo.GetCompilationTime().TotalSeconds:0.000} s\n"));
        }

        if (options.CheckOnly)
        {
            foreach (CompileDiagnostic d in compiled.Diagnostics)
                stderr.Write(d + "\n");
            stderr.Flush();
            int code = compiled.Success && compiled.WarningCount == 0 ? 0 : CompileErrorExitCode;
            return new LaunchResult(code, compiled, null);
        }

        if (!compiled.Success)
        {
            foreach (CompileDiagnostic d in compiled.Diagnostics)
                stderr.Write(d + "\n");
            stderr.Write($"cmpi-run: not running the program: {compiled.ErrorCount} compile error(s)\n");
            stderr.Flush();
            return new LaunchResult(CompileErrorExitCode, compiled, null);
        }
        stderr.Flush();
        if (options.JoinJob is not null)
            return new LaunchResult(Join.JoinedRank.Run(compiled.Image!, options, stderr), compiled, null);

        using var outSink = new OutputSink(stdout, flushEveryLine: stdoutIsTerminal);
        using var errSink = new OutputSink(stderr, flushEveryLine: true, flushFirst: outSink);
        RunOutcome outcome;
        var wall = System.Diagnostics.Stopwatch.StartNew();
        try
        {
            PhaseTrace.Mark("job start");
            outcome = JobRunners.Run(compiled.Image!, options, outSink, errSink, transportSettings);
            PhaseTrace.Mark("job end");
        }
        catch (UsageException e)
        {
            errSink.WriteLine(null, $"cmpi-run: {e.Message}\n");
            return new LaunchResult(CommandLine.UsageExitCode, compiled, null);
        }
        if (options.Stats)
        {
            errSink.WriteLine(null, JobStats.Report(options, wall.Elapsed));
            JobStats.WriteJson(options, wall.Elapsed, stderr);
        }
        return new LaunchResult(outcome.ExitCode, compiled, outcome);
    }

    /// <summary>A joined rank of a published port (<c>cmpi-run --join JOB App.dll</c>): its assembly is the program, nothing compiles.</summary>
    private static LaunchResult RunJoinedPort(RunOptions options, TextWriter stderr)
    {
        byte[] image;
        try
        {
            image = File.ReadAllBytes(options.SourcePath);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException or ArgumentException)
        {
            stderr.Write($"cmpi-run: cannot read '{options.SourcePath}': {e.Message}\n");
            stderr.Flush();
            return new LaunchResult(CommandLine.UsageExitCode, null, null);
        }
        return new LaunchResult(Join.JoinedRank.Run(image, options, stderr), null, null);
    }

    /// <summary>For --verbose: by the compile server (warm or started now), or in this process (Roslyn's parse and
    /// bind + emit times: what grows with the program's size; the rest of a first run is start-up and JIT).</summary>
    private static string CompiledHow(ProgramCompiler compiler, CompileResult compiled) =>
        compiled.RoslynTime > TimeSpan.Zero
            ? string.Create(CultureInfo.InvariantCulture,
                $"in-process (Roslyn: parse {compiled.ParseTime.TotalSeconds:0.000} s, bind and emit {(compiled.RoslynTime - compiled.ParseTime).TotalSeconds:0.000} s)")
              + (compiler.CompileServer?.LastOutcome is { Length: > 0 } why ? $", {why}" : "")
            : compiler.CompileServer?.LastOutcome ?? "";

    private static ProgramCompiler NewCompiler(RunOptions options, TextWriter stderr, string? cacheDirectory, bool useCompileServer) =>
        new(options.NoCache ? null : cacheDirectory ?? ProgramCompiler.DefaultCacheDirectory(),
            useCompileServer ? CompileServerClient.FromEnvironment(stderr, options.Verbose) : null);

    /// <summary>
    /// <c>cmpi-run --check A.cs B.cs ...</c>: each file compiled in turn by one Roslyn (scripts/fuzz.py checks its
    /// translations so, a file's start-up paid once); each diagnostic names its file. 0 when all compile cleanly.
    /// </summary>
    private static LaunchResult CheckAll(IReadOnlyList<string> paths, RunOptions options, TextWriter stderr, string? cacheDirectory,
                                         bool useCompileServer)
    {
        var compiler = NewCompiler(options, stderr, cacheDirectory, useCompileServer);
        try
        {
            return new LaunchResult(CheckEach(paths, compiler, stderr), null, null);
        }
        finally
        {
            compiler.CompileServer?.StartServerForNextRun();
        }
    }

    private static int CheckEach(IReadOnlyList<string> paths, ProgramCompiler compiler, TextWriter stderr)
    {
        int code = 0;
        foreach (string path in paths)
        {
            string source;
            try
            {
                source = File.ReadAllText(path);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException or ArgumentException)
            {
                stderr.Write($"cmpi-run: cannot read '{path}': {e.Message}\n");
                code = CommandLine.UsageExitCode;
                continue;
            }
            CompileResult compiled = compiler.Compile(path, source, forceCompile: true);
            foreach (CompileDiagnostic d in compiled.Diagnostics)
                stderr.Write(d + "\n");
            if ((!compiled.Success || compiled.WarningCount > 0) && code == 0)
                code = CompileErrorExitCode;
        }
        stderr.Flush();
        return code;
    }

    /// <summary>An exit status the operating system reports as given: 0..255, and never 0 for a failure.</summary>
    public static int ProcessExitCode(int code)
    {
        if (code is >= 0 and <= 255)
            return code;
        int low = code & 0xFF;
        return low == 0 ? 1 : low;
    }
}
