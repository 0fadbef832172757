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
