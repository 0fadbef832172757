using System.Diagnostics;
using System.Text.RegularExpressions;
using CloudMpi.Tests.Azure;

namespace CloudMpi.Run.Tests;

/// <summary><c>cmpi-run --transport azure</c> on Azurite: ranks as processes (the default) and as threads.</summary>
public class AzureRunTests(AzuriteServer azurite) : IClassFixture<AzuriteServer>
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(180);

    private string ConnectionFile(Scratch s) => s.Write("azure.conn", azurite.ConnectionString);

    private static readonly string SumProgram = Sources.Program("Sum", """
                int one = rank + 1, total = 0;
                cMPI.Allreduce(ref one, ref total, 1, MPI_INT, MPI_SUM, cMPI.COMM_WORLD);
                cMPI.Barrier(cMPI.COMM_WORLD);
                printf("rank %d total %d\n", rank, total);
                cMPI.Finalize();
                return 0;
        """);

    // (ranks as processes with the default barrier run in the golden tests)
    [Theory]
    [InlineData("threads", "")]
    [InlineData("processes", "table")]
    public void JobRunsAndLeavesNothingBehind(string hosting, string barrier)
    {
        using var s = new Scratch();
        string app = s.Write("Sum.cs", SumProgram);
        Environment.SetEnvironmentVariable("CMPI_BARRIER", barrier.Length > 0 ? barrier : null);
        try
        {
            Ran r = Cmpi.Process(s, Limit, "-n", "3", "--transport", "azure", "--hosting", hosting,
                                 "--azure-connection-file", ConnectionFile(s), app);
            Assert.True(r.ExitCode == 0, r.ToString());
            Assert.Equal(["rank 0 total 6", "rank 1 total 6", "rank 2 total 6"], r.StdoutLines.Order());
            Assert.DoesNotContain("AccountKey", r.Stdout + r.Stderr);
        }
        finally
        {
            Environment.SetEnvironmentVariable("CMPI_BARRIER", null);
        }
        using var client = new CloudMpi.Transports.Azure.StorageClients(
            CloudMpi.Transports.Azure.StorageConnection.FromConnectionString(azurite.ConnectionString));
        Assert.Empty(client.Queues.List("cmpi")); // every job deleted its queues
    }

    internal static readonly string PingPongProgram = Sources.Program("PingPong", """
                int v = 0;
                for (int i = 0; i < 5; i++)
                {
                    if (rank == 0) { cMPI.Send(ref v, 1, MPI_INT, 1, 0, cMPI.COMM_WORLD); cMPI.Recv(ref v, 1, MPI_INT, 1, 0, cMPI.COMM_WORLD, out _); }
                    else { cMPI.Recv(ref v, 1, MPI_INT, 0, 0, cMPI.COMM_WORLD, out _); v++; cMPI.Send(ref v, 1, MPI_INT, 0, 0, cMPI.COMM_WORLD); }
                }
                if (rank == 0) printf("v %d\n", v);
                cMPI.Finalize();
                return 0;
        """);

    /// <summary>
    /// --stats adds up the requests of every rank, whether a thread of cmpi-run or a process of its own (which reports
    /// its counts to cmpi-run at the end): 5 round trips are 5 puts and 5 deletes by each rank, and cmpi-run's own
    /// requests create and delete the job's resources. The program's output is unchanged (the report is on stderr).
    /// </summary>
    [Theory]
    [InlineData("threads")]
    [InlineData("processes")]
    public void StatsCountEveryRanksRequests(string hosting)
    {
        using var s = new Scratch();
        string app = s.Write("PingPong.cs", PingPongProgram);
        string statsJson = Path.Combine(s.Dir, "stats.json");
        Ran r = Cmpi.Process(s, Limit, "-n", "2", "--transport", "azure", "--hosting", hosting, "--stats", "--stats-json", statsJson,
                             "--price-per-10k-transactions", "40", "--azure-connection-file", ConnectionFile(s), app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(["v 5"], r.StdoutLines);
        long Count(string who, string kind)
        {
            var line = r.Stderr.Split('\n').Single(l => Regex.IsMatch(l, $@"^\s+{Regex.Escape(who)}\s+\d+:"));
            var m = Regex.Match(line, $@"\b{Regex.Escape(kind)} (\d+)");
            return m.Success ? long.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) : 0;
        }
        foreach (string rank in new[] { "rank 0", "rank 1" })
        {
            Assert.Equal(5, Count(rank, "queue put"));
            Assert.Equal(5, Count(rank, "queue delete"));
            Assert.Equal(1, Count(rank, "create queue"));
        }
        Assert.Equal(10, Count("total", "queue put"));
        Assert.Equal(1, Count("cmpi-run", "create container"));
        Assert.Equal(2, Count("cmpi-run", "delete queue"));
        // the cost line is the total at the given price: total / 10,000 * 40 USD
        long total = long.Parse(Regex.Match(r.Stderr, @"^\s+total\s+(\d+):", RegexOptions.Multiline).Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
        Assert.Contains(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"cost {total * 40 / 10_000.0:0.000000} USD at 40 USD per 10,000"), r.Stderr);
        // --stats-json: the same counts as JSON, every rank of the job in one file ("rank": null), which --stats-merge reads back
        var file = StatsFiles.Read(statsJson);
        Assert.Equal((null, (int?)null, 2, 40.0), (file.Job, file.Rank, file.Size, file.Price));
        Assert.Equal(total, file.Cells.Values.Sum(row => row.Sum()));
        Assert.Equal(10, file.Cells.Where(c => c.Key.Rank >= 0).Sum(c => c.Value[(int)CloudMpi.Transports.Azure.RequestKind.QueuePut]));
        // the variants the chooser picked for 2 ranks from the storage model (VariantChooserTests has the switch points)
        Assert.Contains("collectives: bcast hypercube, scatter threads, barrier dissemination, allgather exchange (by rank count at 2 ranks", r.Stderr);
    }

    [Fact]
    public void StatsOptions()
    {
        var o = CommandLine.Parse(["--stats", "A.cs"], _ => null)!;
        Assert.True(o.Stats);
        Assert.Null(o.PricePer10kTransactions);
        var priced = CommandLine.Parse(["--price-per-10k-transactions=0.0036", "A.cs"], _ => null)!;
        Assert.True(priced.Stats);
        Assert.Equal(0.0036, priced.PricePer10kTransactions);
        Assert.Throws<UsageException>(() => CommandLine.Parse(["--price-per-10k-transactions", "-1", "A.cs"], _ => null));
        Assert.Throws<UsageException>(() => CommandLine.Parse(["--stats=yes", "A.cs"], _ => null));
    }

    [Fact]
    public void MissingConnectionStringIsAUsageError()
    {
        using var s = new Scratch();
        string app = s.Write("Sum.cs", SumProgram);
        Ran r = Cmpi.Process(s, Limit, "-n", "2", "--transport", "azure", app);
        Assert.Equal(2, r.ExitCode);
        Assert.Contains("needs a storage connection string", r.Stderr);
    }

    [Fact]
    public void AnAccountOrAConnectionStringFromOptionsOrEnvironment()
    {
        var options = CommandLine.Parse(["--transport", "azure", "--azure-account", "cmpiprod01", "A.cs"], _ => null)!;
        Assert.Equal("cmpiprod01", options.AzureAccount);
        var settings = Processes.AzureSettings.From(options, _ => null);
        Assert.Equal("cmpiprod01", settings[Processes.AzureSettings.AccountKey]);
        Assert.False(settings.ContainsKey(Processes.AzureSettings.ConnectionStringKey));

        var fromEnv = Processes.AzureSettings.From(CommandLine.Parse(["--transport", "azure", "A.cs"], _ => null)!,
                                                   k => k == "CMPI_AZURE_ACCOUNT" ? "cmpiprod02" : null);
        Assert.Equal("cmpiprod02", fromEnv[Processes.AzureSettings.AccountKey]);
        // the option beats the other variable
        var optionWins = Processes.AzureSettings.From(options, k => k == "CMPI_AZURE_CONNECTION_STRING" ? "UseDevelopmentStorage=true" : null);
        Assert.Equal("cmpiprod01", optionWins[Processes.AzureSettings.AccountKey]);

        UsageException Usage(string[] args, Func<string, string?> env) =>
            Assert.Throws<UsageException>(() => Processes.AzureSettings.From(CommandLine.Parse(args, _ => null)!, env));
        Assert.Contains("pass one", Usage(["--transport", "azure", "--azure-account", "a12", "--azure-connection-file", "f", "A.cs"], _ => null).Message);
        Assert.Contains("are both set", Usage(["--transport", "azure", "A.cs"], k => k.StartsWith("CMPI_AZURE_", StringComparison.Ordinal) && !k.EndsWith("_MS", StringComparison.Ordinal) ? "UseDevelopmentStorage=true" : null).Message);
        Assert.Contains("is not a storage account name", Usage(["--transport", "azure", "--azure-account", "No_Such", "A.cs"], _ => null).Message);
    }

    [Fact]
    public void AnAccountWithoutCredentialsIsAClearErrorNamingIt()
    {
        // No Microsoft Entra ID sign-in exists here (no managed identity, no az login): DefaultAzureCredential fails
        // before any request reaches https://cmpinosuchacct.*.core.windows.net, and cmpi-run says so in one line.
        using var s = new Scratch();
        string app = s.Write("Sum.cs", SumProgram);
        Ran r = Cmpi.Process(s, Limit, "-n", "2", "--transport", "azure", "--azure-account", "cmpinosuchacct", app);
        Assert.NotEqual(0, r.ExitCode);
        Assert.Contains("cmpi-run: azure transport: could not create container cmpi", r.Stderr);
        Assert.Contains("no Microsoft Entra ID token for storage account cmpinosuchacct", r.Stderr);
        Assert.DoesNotContain("   at ", r.Stderr); // no stack trace
        Assert.Empty(r.StdoutLines);
    }

    [Fact]
    public void KilledRankEndsTheJobNamingIt()
    {
        using var s = new Scratch();
        string pidFile = Path.Combine(s.Dir, "rank1.pid");
        string app = s.Write("Victim.cs", Sources.Program("Victim", $$"""
                if (rank == 1) System.IO.File.WriteAllText(@"{{pidFile}}", System.Environment.ProcessId.ToString());
                int v = 0;
                cMPI.Recv(ref v, 1, MPI_INT, (rank + 1) % size, 0, cMPI.COMM_WORLD, out _);
                cMPI.Finalize();
                return 0;
        """));
        var started = Stopwatch.StartNew();
        TimeSpan killedAt = TimeSpan.Zero;
        var killer = new Thread(() =>
        {
            while (started.Elapsed < Limit)
            {
                if (File.Exists(pidFile) && int.TryParse(File.ReadAllText(pidFile), out int pid))
                {
                    Thread.Sleep(500);
                    Process.GetProcessById(pid).Kill();
                    killedAt = started.Elapsed;
                    return;
                }
                Thread.Sleep(20);
            }
        });
        killer.Start();
        Ran r = Cmpi.Process(s, Limit, "-n", "3", "--transport", "azure", "--deadlock-timeout", "120",
                             "--azure-connection-file", ConnectionFile(s), app);
        killer.Join();
        Assert.NotEqual(TimeSpan.Zero, killedAt);
        Assert.NotEqual(0, r.ExitCode);
        Assert.Matches(new Regex(@"cmpi-run: rank 1 \(pid \d+\) was killed by signal 9 before finishing; aborting the job"), r.Stderr);
        Assert.True(started.Elapsed - killedAt < TimeSpan.FromSeconds(30), $"job ended {(started.Elapsed - killedAt).TotalSeconds:0.0} s after the kill\n{r}");
    }
}
