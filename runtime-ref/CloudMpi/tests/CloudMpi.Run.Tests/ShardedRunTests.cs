using System.Text.RegularExpressions;
using CloudMpi.Run.Processes;
using CloudMpi.Tests.Azure;

namespace CloudMpi.Run.Tests;

/// <summary><c>cmpi-run --azure-accounts</c>: a job over two storage accounts (two Azurites), and how the accounts are given.</summary>
public class ShardedRunTests(TwoAzurites azurites) : IClassFixture<TwoAzurites>
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(180);

    private string AccountsFile(Scratch s) =>
        s.Write("accounts", "# the job's two accounts\n" + azurites.Servers[0].ConnectionString + "\n\n" + azurites.Servers[1].ConnectionString + "\n");

    /// <summary>
    /// Ranks as processes over two accounts: each rank's 5 puts land on the other's account (its receiver's), the
    /// report has a line per account, the counts are exact (a put refused while the receiver's queue did not exist
    /// yet is a retry, not a put), and no queue is left in either account.
    /// </summary>
    [Fact]
    public void AJobOverTwoAccountsPutsEachMessageOnItsReceiversAccount()
    {
        using var s = new Scratch();
        string app = s.Write("PingPong.cs", AzureRunTests.PingPongProgram);
        Ran r = Cmpi.Process(s, Limit, "-n", "2", "--transport", "azure", "--stats", "--azure-accounts", AccountsFile(s), app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(["v 5"], r.StdoutLines);
        Assert.DoesNotContain("AccountKey", r.Stdout + r.Stderr);
        long Count(string who, string kind)
        {
            var line = r.Stderr.Split('\n').Single(l => Regex.IsMatch(l, $@"^\s+{Regex.Escape(who)}\s+\d+:"));
            var m = Regex.Match(line, $@"\b{Regex.Escape(kind)} (\d+)");
            return m.Success ? long.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) : 0;
        }
        foreach (string who in new[] { "rank 0", "rank 1", "account 0", "account 1" })
        {
            Assert.Equal(5, Count(who, "queue put"));
            Assert.Equal(5, Count(who, "queue delete"));
            Assert.Equal(1, Count(who, "create queue"));
        }
        // cmpi-run makes the job's container on each account and its table on account 0
        Assert.Equal(1, Count("account 0", "create container"));
        Assert.Equal(1, Count("account 1", "create container"));
        Assert.Equal(1, Count("account 0", "create table"));
        Assert.Equal(0, Count("account 1", "create table"));
        foreach (var server in azurites.Servers)
        {
            using var client = new CloudMpi.Transports.Azure.StorageClients(CloudMpi.Transports.Azure.StorageConnection.FromConnectionString(server.ConnectionString));
            Assert.Empty(client.Queues.List("cmpi"));
        }
    }

    [Fact]
    public void AccountsComeFromAFileOrTheEnvironmentOneALine()
    {
        using var s = new Scratch();
        var options = CommandLine.Parse(["--transport", "azure", "--azure-accounts", AccountsFile(s), "A.cs"], _ => null)!;
        var settings = AzureSettings.From(options, _ => null);
        Assert.Equal([azurites.Servers[0].ConnectionString, azurites.Servers[1].ConnectionString], settings[AzureSettings.AccountsKey].Split('\n'));
        Assert.Equal(2, WorkerTransports.Connections(settings).Count);

        string env = "cmpiprod01\ncmpiprod02\n";
        var fromEnv = AzureSettings.From(CommandLine.Parse(["--transport", "azure", "A.cs"], _ => null)!,
                                         v => v == AzureSettings.EnvAccounts ? env : null);
        Assert.Equal("cmpiprod01\ncmpiprod02", fromEnv[AzureSettings.AccountsKey]);

        // one way to name the accounts at a time; a bad line is named by its number, never quoted (it may hold a key)
        Assert.Throws<UsageException>(() => AzureSettings.From(
            CommandLine.Parse(["--transport", "azure", "--azure-accounts", AccountsFile(s), "--azure-account", "cmpiprod01", "A.cs"], _ => null)!, _ => null));
        Assert.Throws<UsageException>(() => AzureSettings.From(CommandLine.Parse(["--transport", "azure", "A.cs"], _ => null)!,
            v => v == AzureSettings.EnvAccounts ? env : v == AzureSettings.EnvConnectionString ? "UseDevelopmentStorage=true" : null));
        string bad = s.Write("bad", "cmpiprod01\nAccountName=x;AccountKey=SECRET%%\n");
        var e = Assert.Throws<UsageException>(() => AzureSettings.From(
            CommandLine.Parse(["--transport", "azure", "--azure-accounts", bad, "A.cs"], _ => null)!, _ => null));
        Assert.Contains("line 2", e.Message);
        Assert.DoesNotContain("SECRET", e.Message);
        string twice = s.Write("twice", "cmpiprod01\ncmpiprod01\n");
        Assert.Contains("twice", Assert.Throws<UsageException>(() => AzureSettings.From(
            CommandLine.Parse(["--transport", "azure", "--azure-accounts", twice, "A.cs"], _ => null)!, _ => null)).Message);
    }
}
