using System.Reflection;
using CloudMpi.Run.Hosting;
using CloudMpi.Run.Processes;

namespace CloudMpi.Run;

/// <summary>
/// The entry point of a standalone port (a project cmpi-port wrote: the translated program plus a two-line
/// <c>Main</c> that calls <see cref="Run"/>): <c>dotnet run --project ported/ep -- -n 4 [--transport tcp] [args]</c>
/// takes cmpi-run's options and runs the port's own, already compiled, assembly as the job, with nothing compiled
/// at run time. The port's entry point is called twice over: once by the operating system (then it launches the job)
/// and once per rank by the runner (then it runs the C program's main); <see cref="InRank"/> tells which.
/// </summary>
public static class PortLauncher
{
    private static volatile bool s_launched;

    /// <summary>True once this process runs a job (or is a rank's worker): the entry point then runs the program.</summary>
    public static bool InRank => s_launched;

    /// <summary>A joined rank runs a port's App.dll: its entry point must run the C program's main, not launch a job.</summary>
    internal static void MarkLaunched() => s_launched = true;

    /// <summary>The port's assembly, which process-per-rank jobs start as their rank workers; null under cmpi-run.</summary>
    public static string? WorkerAssemblyPath { get; private set; }

    /// <summary>Options that take a value (as <see cref="CommandLine"/> reads them).</summary>
    private static readonly HashSet<string> ValueOptions =
        ["-n", "-np", "--np", "--n", "--transport", "--hosting", "--hostfile", "--azure-connection-file", "--azure-account", "--azure-accounts", "--deadlock-timeout", "--timeout",
         "--join", "--size", "--rank", "--join-timeout", "--cleanup", "--fetch-output", "--price-per-10k-transactions", "--stats-json"];

    private static readonly HashSet<string> FlagOptions = ["--tag-output", "--no-cache", "-v", "--verbose", "-h", "--help", "--collect-output", "--stats"];

    /// <param name="args">The port's command line: cmpi-run's options, then (after the first argument that is not
    /// one of them, or after <c>--</c>) the program's own arguments.</param>
    /// <param name="program">The port's assembly, whose entry point calls this method.</param>
    /// <param name="runProgram">The C program's main, run when called as a rank.</param>
    public static int Run(string[] args, Assembly program, Func<string[], int> runProgram)
    {
        if (s_launched)
            return runProgram(args);
        if (args.Length > 0 && args[0] == RankWorker.Flag)
        {
            s_launched = true;
            return RankWorker.Run(args);
        }
        return Launch(args, program);
    }

    /// <summary>cmpi-run's command line with a stand-in for App.cs inserted where the program's arguments start.</summary>
    internal static List<string> WithSource(IReadOnlyList<string> args, string source)
    {
        var list = new List<string>();
        int i = 0;
        while (i < args.Count)
        {
            string a = args[i];
            string name = a.StartsWith("--", StringComparison.Ordinal) && a.Contains('=') ? a[..a.IndexOf('=')] : a;
            if (a == "--")
            {
                i++;
                break;
            }
            if (ValueOptions.Contains(name))
            {
                list.Add(a);
                if (name == a && i + 1 < args.Count)
                    list.Add(args[++i]);
                i++;
                continue;
            }
            if (FlagOptions.Contains(name) || (a.StartsWith("-n", StringComparison.Ordinal) && a.Length > 2 && char.IsAsciiDigit(a[2])))
            {
                list.Add(a);
                i++;
                continue;
            }
            break;
        }
        list.Add("--");
        list.Add(source);
        for (; i < args.Count; i++)
            list.Add(args[i]);
        return list;
    }

    private static int Launch(string[] args, Assembly program)
    {
        string name = program.GetName().Name ?? "port";
        TextWriter stdout = OutputSink.OpenStandard(Console.OpenStandardOutput());
        TextWriter stderr = OutputSink.OpenStandard(Console.OpenStandardError());
        RunOutcome? outcome = null;
        int code;
        try
        {
            RunOptions? options;
            try
            {
                options = Join.JobStorageCommands.IsCommand(args)
                    ? CommandLine.Parse(args)
                    : CommandLine.Parse(WithSource(args, name + ".cs"));
            }
            catch (UsageException e)
            {
                stderr.Write($"{name}: {e.Message}\n{Usage(name)}\n");
                return CommandLine.UsageExitCode;
            }
            if (options is null)
            {
                stdout.Write(Usage(name) + "\n");
                return 0;
            }
            if (options.JobCommand is not null)
                return Launcher.ProcessExitCode(Join.JobStorageCommands.Run(options, stdout, stderr));
            byte[] image = File.ReadAllBytes(program.Location);
            if (options.JoinJob is not null)
            {
                s_launched = true;
                return Launcher.ProcessExitCode(Join.JoinedRank.Run(image, options, stderr));
            }
            WorkerAssemblyPath = program.Location;
            s_launched = true;
            using var outSink = new OutputSink(stdout, flushEveryLine: !Console.IsOutputRedirected);
            using var errSink = new OutputSink(stderr, flushEveryLine: true, flushFirst: outSink);
            var wall = System.Diagnostics.Stopwatch.StartNew();
            try
            {
                outcome = JobRunners.Run(image, options, outSink, errSink);
                code = outcome.ExitCode;
                if (options.Stats)
                {
                    errSink.WriteLine(null, JobStats.Report(options, wall.Elapsed));
                    JobStats.WriteJson(options, wall.Elapsed, stderr);
                }
            }
            catch (UsageException e)
            {
                errSink.WriteLine(null, $"{name}: {e.Message}\n");
                code = CommandLine.UsageExitCode;
            }
        }
        finally
        {
            stdout.Flush();
            stderr.Flush();
        }
        code = Launcher.ProcessExitCode(code);
        if (outcome is { RanksStillRunning.Count: > 0 })
            Environment.Exit(code);
        return code;
    }

    private static string Usage(string name) =>
        $"usage: {name} [-n N] [--transport inproc|tcp|azure] [--hosting threads|processes] [--hostfile F]\n" +
        $"       {new string(' ', name.Length)} [--azure-connection-file F] [--azure-account NAME] [--azure-accounts F] [--deadlock-timeout S] [--timeout S] [--tag-output] [--] [program args...]\n" +
        $"       {name} --join JOB [--size N] [--rank R] [--join-timeout S] [--collect-output] [--azure-account NAME] [--] [program args...]\n" +
        $"       {name} --cleanup JOB | --fetch-output JOB [--tag-output]\n" +
        "A program ported by cmpi-port: runs as an N-rank CloudMpi job, with cmpi-run's options (cmpi-run --help).";
}
