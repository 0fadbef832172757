using System.Globalization;

namespace CloudMpi.Run;

/// <summary>What one <c>cmpi-run</c> invocation asks for.</summary>
public sealed record RunOptions
{
    public int Ranks { get; init; } = 1;
    public string Transport { get; init; } = "inproc";
    /// <summary>Ranks as threads of this process or as processes of their own; null = the transport's default.</summary>
    public string? Hosting { get; init; }
    /// <summary>An Open MPI-style hostfile for process-per-rank jobs; null = every rank on this machine.</summary>
    public string? HostfilePath { get; init; }
    /// <summary>A file holding the Azure Storage connection string (else $CMPI_AZURE_CONNECTION_STRING).</summary>
    public string? AzureConnectionFile { get; init; }
    /// <summary>A storage account reached with a Microsoft Entra ID token (else $CMPI_AZURE_ACCOUNT).</summary>
    public string? AzureAccount { get; init; }
    /// <summary>A file naming the storage accounts to shard the job over, one a line (else $CMPI_AZURE_ACCOUNTS).</summary>
    public string? AzureAccounts { get; init; }

    /// <summary>Whether every rank is a process of its own (tcp always; azure by default).</summary>
    public bool RanksAsProcesses => (Hosting ?? (Transport == "inproc" ? "threads" : "processes")) == "processes";
    /// <summary>Seconds every live rank may sit blocked in MPI without progress before the job is declared deadlocked.</summary>
    public double DeadlockTimeoutSeconds { get; init; } = 10;
    /// <summary>Bound on the whole job, in seconds; null = none.</summary>
    public double? TimeoutSeconds { get; init; }
    public bool TagOutput { get; init; }
    public bool CheckOnly { get; init; }
    /// <summary>--check-as PATH: the file checked is compiled as PATH (its diagnostics', stack traces' and cache entry's
    /// path), so that a later <c>cmpi-run PATH</c> finds the image in the cache (cmpi-translate's compile check checks a
    /// temporary copy of the file it is about to write).</summary>
    public string? CheckAs { get; init; }
    public bool NoCache { get; init; }
    public bool Verbose { get; init; }
    /// <summary>Print the job's storage requests per rank and kind, its wall time and cost at the end (azure).</summary>
    public bool Stats { get; init; }
    /// <summary>USD per 10,000 storage transactions for the cost line of <see cref="Stats"/>; null = the list price.</summary>
    public double? PricePer10kTransactions { get; init; }
    /// <summary><c>--stats-json FILE</c>: also write the counts as JSON ("{rank}" in FILE: the joined rank's number).</summary>
    public string? StatsJson { get; init; }
    /// <summary><c>--stats-merge FILE...</c>: add up the --stats-json files of a joined job's ranks; no program.</summary>
    public IReadOnlyList<string>? StatsMerge { get; init; }
    public string SourcePath { get; init; } = "";

    /// <summary><c>--join JOB</c>: this process is one rank of job JOB, finding its peers through storage (no supervisor).</summary>
    public string? JoinJob { get; init; }
    /// <summary><c>--size N</c> of a joined job; null = from the orchestrator's environment.</summary>
    public int? JoinSize { get; init; }
    /// <summary><c>--rank R</c> of a joined job; null = from the orchestrator's environment.</summary>
    public int? JoinRank { get; init; }
    /// <summary>How long a joining rank waits for all ranks to arrive.</summary>
    public double JoinTimeoutSeconds { get; init; } = Join.JoinedRank.DefaultJoinTimeoutSeconds;
    /// <summary>Also write each rank's stdout/stderr to blobs of the job (<c>--collect-output</c>).</summary>
    public bool CollectOutput { get; init; }
    /// <summary><c>--cleanup JOB</c> or <c>--fetch-output JOB</c>: a command on a job's storage, no program.</summary>
    public (string Command, string Job)? JobCommand { get; init; }
    public IReadOnlyList<string> ProgramArgs { get; init; } = [];
    /// <summary><c>--shutdown-compile-server</c>: stop this user's compile servers; no program.</summary>
    public bool ShutdownCompileServer { get; init; }
}

/// <summary>A command line that cannot be run; the launcher prints it with the usage and exits 2.</summary>
public sealed class UsageException(string message) : Exception(message);

public static class CommandLine
{
    public const int UsageExitCode = 2;

    public const string Usage =
        """
        usage: cmpi-run [-n N] [--transport inproc|tcp|azure] [--hosting threads|processes]
                        [--hostfile F] [--azure-connection-file F] [--azure-account NAME]
                        [--azure-accounts F] [--deadlock-timeout S]
                        [--timeout S] [--tag-output] [--check [--check-as PATH]] [--no-cache]
                        [--verbose] [--stats] [--stats-json F] [--price-per-10k-transactions USD]
                        App.cs [program args...]
               cmpi-run --join JOB [--size N] [--rank R] [--join-timeout S] [--collect-output]
                        [--azure-connection-file F | --azure-account NAME | --azure-accounts F]
                        [--stats] [--stats-json F] App.cs|App.dll [args...]
               cmpi-run --cleanup JOB | --fetch-output JOB [--tag-output]
               cmpi-run [--price-per-10k-transactions USD] --stats-merge FILE...
               cmpi-run --shutdown-compile-server

        Compiles App.cs (a program translated by cmpi-translate) in memory with Roslyn
        against CloudMpi and CloudMpi.Libc, then runs it as an N-rank MPI job.
        Everything after App.cs is passed to the program. A program the cache has not
        seen is compiled by a compile server that cmpi-run starts on first use and that
        stays warm for the next one (a process of this user on a socket in
        $XDG_RUNTIME_DIR/cmpi or /tmp/cmpi-UID; it exits after 10 idle minutes,
        $CMPI_COMPILE_SERVER_IDLE seconds; CMPI_COMPILE_SERVER=off compiles in-process).

          -n, -np N             number of ranks (default 1)
          --transport T         inproc (default): all ranks are threads of this process;
                                tcp: one process per rank, messages over TCP (loopback,
                                or the hosts of --hostfile);
                                azure: Azure Storage queues, blobs and tables; connection
                                string from $CMPI_AZURE_CONNECTION_STRING or
                                --azure-connection-file (never printed), or
                                --azure-account
          --hosting H           threads (one process) or processes (one per rank);
                                default: threads for inproc, processes for tcp and azure
          --hostfile F          hosts for the rank processes, one per line, optional
                                slots=N (ranks fill slots in order); other hosts are
                                reached with ssh and need cmpi-run at the same path
          --azure-connection-file F
                                read the Azure Storage connection string from F
          --azure-account NAME  use storage account NAME with a Microsoft Entra ID token
                                (DefaultAzureCredential: managed identity, workload
                                identity, az login ...); else $CMPI_AZURE_ACCOUNT
          --azure-accounts F    shard the job over several storage accounts: F holds one
                                connection string or account name a line (else
                                $CMPI_AZURE_ACCOUNTS, same lines); rank r's queues on
                                account r mod k, the job's table on the first
                                (docs/scale.md)
          --deadlock-timeout S  seconds every live rank may stay blocked in MPI with no
                                progress before the job ends as deadlocked (exit 124);
                                default 10, or $CMPI_DEADLOCK_TIMEOUT
          --timeout S           bound on the whole job in seconds (exit 124)
          --tag-output          prefix output lines like mpirun: [1,R]<stdout>: / [1,R]<stderr>:
          --check               compile only; print diagnostics as file:line:col: ...;
                                exit 0 only when there is no error and no warning;
                                --check A.cs B.cs ... checks each file (one Roslyn start-up)
          --check-as PATH       with --check of one file: compile it as if it were PATH
                                (the path its diagnostics name; the cache entry is PATH's,
                                so `cmpi-run PATH` of the same text is a cache hit)
          --no-cache            neither read nor write the compiled-assembly cache
                                ($XDG_CACHE_HOME/cmpi or ~/.cache/cmpi)
          --verbose             say on stderr whether the cache was used and how long
                                compiling took
          --stats               at the end, print on stderr the storage requests of each
                                rank by kind (queue put/get/delete, empty polls, blob and
                                table operations), the total, the wall time and the cost
                                (azure; the other transports make none); per account
                                when sharded; with --join each rank prints its own
          --stats-json F        also write those counts to F as JSON; with --join, "{rank}"
                                in F is the rank's number (one file per rank)
          --stats-merge FILE... add up the --stats-json files of a joined job's ranks and
                                print the job's report: totals, wall time, cost
          --price-per-10k-transactions USD
                                price for the --stats cost line (default 0.004: Azure
                                Queue Storage's list price, GPv2 Standard LRS)
          --join JOB            run ONE rank of job JOB (azure transport), started by anyone
                                (an orchestrator, a shell loop); the ranks find each other
                                through the job's storage (docs/deploy.md)
          --size N, --rank R    the job's size and this rank; default: from the
                                orchestrator (JOB_COMPLETION_INDEX, Azure Batch, SLURM_*,
                                OMPI_COMM_WORLD_*, PMI_*)
          --join-timeout S      how long the ranks wait for each other at start (default 120)
          --collect-output      also write each rank's stdout/stderr to blobs of the job
          --cleanup JOB         delete what job JOB left in storage
          --fetch-output JOB    print the output a --collect-output job left, rank by rank
          --shutdown-compile-server
                                stop this user's compile servers (they restart on use)
          -h, --help            this text

        exit status: 0 when every rank returns 0; otherwise the first failing rank's code
        (MPI_Abort's errorcode, main's return value, exit()'s code, 1 for an unhandled
        exception); 1 for a compile error; 2 for a bad command line; 124 for a deadlock
        or a timeout; a joined rank: 81 a rank never arrived, 82 a rank started twice,
        83 a rank with another --size, 84 a rank lost (no heartbeat).
        """;

    /// <summary>Parses the launcher's options; returns null when help was asked for.</summary>
    public static RunOptions? Parse(IReadOnlyList<string> args, Func<string, string?>? getEnv = null)
    {
        getEnv ??= Environment.GetEnvironmentVariable;
        var o = new RunOptions();
        string? envDeadlock = getEnv("CMPI_DEADLOCK_TIMEOUT");
        if (!string.IsNullOrWhiteSpace(envDeadlock))
        {
            o = o with { DeadlockTimeoutSeconds = ParseSeconds("CMPI_DEADLOCK_TIMEOUT", envDeadlock) };
        }

        int i = 0;
        while (i < args.Count)
        {
            string a = args[i];
            string name = a;
            string? inlineValue = null;
            if (a.StartsWith("--", StringComparison.Ordinal) && a.Contains('=', StringComparison.Ordinal))
            {
                int eq = a.IndexOf('=', StringComparison.Ordinal);
                name = a[..eq];
                inlineValue = a[(eq + 1)..];
            }

            string Value()
            {
                if (inlineValue is not null)
                    return inlineValue;
                if (i + 1 >= args.Count)
                    throw new UsageException($"option {name} needs a value");
                i++;
                return args[i];
            }

            void NoValue()
            {
                if (inlineValue is not null)
                    throw new UsageException($"option {name} takes no value");
            }

            switch (name)
            {
                case "-h":
                case "--help":
                    return null;
                case "-n":
                case "-np":
                case "--np":
                case "--n":
                    o = o with { Ranks = ParseRanks(Value()) };
                    break;
                case "--transport":
                    {
                        string t = Value();
                        if (t is not ("inproc" or "tcp" or "azure"))
                            throw new UsageException($"unknown transport '{t}' (known: inproc, tcp, azure)");
                        o = o with { Transport = t };
                        break;
                    }
                case "--hosting":
                    {
                        string h = Value();
                        if (h is not ("threads" or "processes"))
                            throw new UsageException($"--hosting is threads or processes, got '{h}'");
                        o = o with { Hosting = h };
                        break;
                    }
                case "--hostfile":
                    o = o with { HostfilePath = Value() };
                    break;
                case "--azure-connection-file":
                    o = o with { AzureConnectionFile = Value() };
                    break;
                case "--azure-account":
                    o = o with { AzureAccount = Value() };
                    break;
                case "--azure-accounts":
                    o = o with { AzureAccounts = Value() };
                    break;
                case "--deadlock-timeout":
                    o = o with { DeadlockTimeoutSeconds = ParseSeconds(name, Value()) };
                    break;
                case "--timeout":
                    o = o with { TimeoutSeconds = ParseSeconds(name, Value()) };
                    break;
                case "--join":
                    o = o with { JoinJob = Value() };
                    break;
                case "--size":
                    o = o with { JoinSize = ParseRanks(Value()) };
                    break;
                case "--rank":
                    {
                        string r = Value();
                        if (!int.TryParse(r, NumberStyles.None, CultureInfo.InvariantCulture, out int rank))
                            throw new UsageException($"--rank needs a rank number (0, 1, ...), got '{r}'");
                        o = o with { JoinRank = rank };
                        break;
                    }
                case "--join-timeout":
                    o = o with { JoinTimeoutSeconds = ParseSeconds(name, Value()) };
                    break;
                case "--collect-output":
                    NoValue();
                    o = o with { CollectOutput = true };
                    break;
                case "--cleanup":
                case "--fetch-output":
                    o = o with { JobCommand = (name, Value()) };
                    break;
                case "--tag-output":
                    NoValue();
                    o = o with { TagOutput = true };
                    break;
                case "--check":
                    NoValue();
                    o = o with { CheckOnly = true };
                    break;
                case "--check-as":
                    o = o with { CheckAs = Value() };
                    break;
                case "--no-cache":
                    NoValue();
                    o = o with { NoCache = true };
                    break;
                case "--stats":
                    NoValue();
                    o = o with { Stats = true };
                    break;
                case "--stats-json":
                    o = o with { StatsJson = Value(), Stats = true };
                    break;
                case "--stats-merge":
                    {
                        NoValue();
                        var files = args.Skip(i + 1).ToArray();
                        if (files.Length == 0)
                            throw new UsageException("--stats-merge needs the --stats-json files of the job's ranks");
                        if (o.JoinJob is not null || o.JobCommand is not null)
                            throw new UsageException("--stats-merge is a command of its own: it takes no --join, --cleanup or --fetch-output");
                        return o with { StatsMerge = files };
                    }
                case "--shutdown-compile-server":
                    NoValue();
                    if (i != args.Count - 1 || i != 0)
                        throw new UsageException("--shutdown-compile-server is a command of its own: it takes no other argument");
                    return o with { ShutdownCompileServer = true };
                case "--price-per-10k-transactions":
                    {
                        string v = Value();
                        if (!double.TryParse(v, NumberStyles.Float, CultureInfo.InvariantCulture, out double price)
                            || double.IsNaN(price) || double.IsInfinity(price) || price < 0)
                            throw new UsageException($"--price-per-10k-transactions needs a price in USD (0 or more), got '{v}'");
                        o = o with { PricePer10kTransactions = price, Stats = true };
                        break;
                    }
                case "-v":
                case "--verbose":
                    NoValue();
                    o = o with { Verbose = true };
                    break;
                case "--":
                    if (i + 1 >= args.Count)
                        throw new UsageException("missing the program to run (App.cs)");
                    return Finish(o, args, i + 1);
                default:
                    if (a.StartsWith("-n", StringComparison.Ordinal) && a.Length > 2 && char.IsAsciiDigit(a[2]))
                    {
                        o = o with { Ranks = ParseRanks(a[2..]) };
                        break;
                    }
                    if (a.StartsWith('-') && a != "-")
                        throw new UsageException($"unknown option '{a}'");
                    return Finish(o, args, i);
            }
            i++;
        }
        if (o.JobCommand is not null)
            return FinishJobCommand(o);
        throw new UsageException("missing the program to run (App.cs)");
    }

    /// <summary><c>--cleanup JOB</c> / <c>--fetch-output JOB</c>: storage options only, no program.</summary>
    private static RunOptions FinishJobCommand(RunOptions o)
    {
        if (o.JoinJob is not null)
            throw new UsageException($"{o.JobCommand!.Value.Command} is a command of its own: it takes no --join");
        Join.JobNames.Check(o.JobCommand!.Value.Job);
        return o with { Transport = "azure" };
    }

    private static RunOptions Finish(RunOptions o, IReadOnlyList<string> args, int sourceIndex)
    {
        if (o.JobCommand is not null)
            throw new UsageException($"{o.JobCommand.Value.Command} JOB takes no program ('{args[sourceIndex]}')");
        if (o.JoinJob is not null)
            return FinishJoin(o, args, sourceIndex);
        if (o.JoinSize is not null || o.JoinRank is not null || o.CollectOutput)
            throw new UsageException("--size, --rank and --collect-output belong to --join JOB");
        if (o.Transport == "tcp" && o.Hosting == "threads")
            throw new UsageException("--transport tcp runs one process per rank; --hosting threads needs inproc or azure");
        if (o.Transport == "inproc" && o.Hosting == "processes")
            throw new UsageException("--transport inproc keeps every rank in this process; use tcp or azure for --hosting processes");
        if (o.HostfilePath is not null && !o.RanksAsProcesses)
            throw new UsageException("--hostfile needs one process per rank (--transport tcp or azure)");
        string src = args[sourceIndex];
        if (!src.EndsWith(".cs", StringComparison.OrdinalIgnoreCase))
            throw new UsageException($"expected a C# source file (App.cs), got '{src}'");
        if (o.CheckAs is not null && (!o.CheckOnly || sourceIndex != args.Count - 1))
            throw new UsageException("--check-as PATH goes with --check of one file");
        return o with
        {
            SourcePath = src,
            ProgramArgs = args.Skip(sourceIndex + 1).ToArray(),
        };
    }

    /// <summary>A joined rank: the azure transport (tcp ranks need cmpi-run to tell them their peers), App.cs or a port's App.dll.</summary>
    private static RunOptions FinishJoin(RunOptions o, IReadOnlyList<string> args, int sourceIndex)
    {
        Join.JobNames.Check(o.JoinJob!);
        if (o.Transport == "tcp")
            throw new UsageException("--join needs --transport azure: tcp ranks learn each other's addresses from the cmpi-run that starts them (docs/deploy.md)");
        if (o.Hosting == "threads" || o.HostfilePath is not null)
            throw new UsageException("--join runs one rank in this process: it takes no --hosting threads nor --hostfile");
        if (o.Ranks != 1)
            throw new UsageException("--join takes the job's size as --size N (or from the orchestrator), not -n");
        string src = args[sourceIndex];
        if (!src.EndsWith(".cs", StringComparison.OrdinalIgnoreCase) && !src.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            throw new UsageException($"expected a C# source file (App.cs) or a published port (App.dll), got '{src}'");
        if (o.JoinRank is int r && o.JoinSize is int n && r >= n)
            throw new UsageException($"--rank {r} is not a rank of a job of --size {n} (0..{n - 1})");
        return o with
        {
            Transport = "azure",
            SourcePath = src,
            ProgramArgs = args.Skip(sourceIndex + 1).ToArray(),
        };
    }

    private static int ParseRanks(string s)
    {
        if (!int.TryParse(s, NumberStyles.None, CultureInfo.InvariantCulture, out int n) || n < 1)
            throw new UsageException($"-n needs a positive number of ranks, got '{s}'");
        if (n > 4096)
            throw new UsageException($"-n {n}: at most 4096 ranks run in one process");
        return n;
    }

    private static double ParseSeconds(string what, string s)
    {
        if (!double.TryParse(s, NumberStyles.Float, CultureInfo.InvariantCulture, out double v)
            || double.IsNaN(v) || double.IsInfinity(v) || v <= 0)
        {
            throw new UsageException($"{what} needs a positive number of seconds, got '{s}'");
        }
        return v;
    }
}
