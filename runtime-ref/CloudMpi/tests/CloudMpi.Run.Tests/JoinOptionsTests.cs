using System.Net;
using CloudMpi.Run;
using CloudMpi.Run.Join;
using Xunit;

namespace CloudMpi.Run.Tests;

/// <summary>A joined rank's command line, where its rank and size come from, and its job's storage names (issue 25).</summary>
public class JoinOptionsTests
{
    private static Func<string, string?> Env(params (string Key, string Value)[] vars) =>
        k => vars.FirstOrDefault(v => v.Key == k).Value;

    private static RunOptions Join(params string[] args) => CommandLine.Parse(args, Env())!;

    [Fact]
    public void JoinTakesTheAzureTransportAndADllOrACsFile()
    {
        var o = Join("--join", "Ring-7", "--size", "4", "--rank", "2", "--collect-output", "App.dll", "x");
        Assert.Equal(("Ring-7", 4, 2, true, "azure", "App.dll"), (o.JoinJob, o.JoinSize, o.JoinRank, o.CollectOutput, o.Transport, o.SourcePath));
        Assert.Equal(["x"], o.ProgramArgs);
        Assert.Equal(JoinedRank.DefaultJoinTimeoutSeconds, o.JoinTimeoutSeconds);
        Assert.Equal(("--cleanup", "j1"), CommandLine.Parse(["--cleanup", "j1"], Env())!.JobCommand);
    }

    [Theory]
    [InlineData(new[] { "--join", "j", "--transport", "tcp", "A.cs" }, "--join needs --transport azure")]
    [InlineData(new[] { "--join", "j", "--hosting", "threads", "A.cs" }, "--join runs one rank in this process")]
    [InlineData(new[] { "--join", "j", "A.exe" }, "or a published port (App.dll)")]
    [InlineData(new[] { "--join", "a.b", "A.cs" }, "job name 'a.b' must be letters, digits, dashes and underscores")]
    [InlineData(new[] { "--rank", "1", "A.cs" }, "belong to --join JOB")]
    [InlineData(new[] { "--cleanup", "j", "A.cs" }, "--cleanup JOB takes no program")]
    [InlineData(new[] { "--rank", "x", "A.cs" }, "--rank needs a rank number")]
    public void UsageErrors(string[] args, string message) =>
        Assert.Contains(message, Assert.Throws<UsageException>(() => CommandLine.Parse(args, Env())).Message);

    [Fact]
    public void StorageNamesFitQueuesAndTables()
    {
        Assert.Equal("cmpiring7", JobNames.StorageId("Ring-7"));
        Assert.Equal("cmpiabatchjob1task2", JobNames.StorageId("a_batch-job1-task_2"));
        Assert.Equal("cmpi3f1c9a527d2e4b8f9a410c5e6d7f8a9b", JobNames.StorageId("3f1c9a52-7d2e-4b8f-9a41-0c5e6d7f8a9b"));
        Assert.Equal("cmpiring7-output", JobNames.OutputContainer("ring-7"));
        Assert.Throws<UsageException>(() => JobNames.Check(new string('a', JobNames.MaxLetters + 1)));
        JobNames.Check(new string('a', JobNames.MaxLetters));
    }

    [Fact]
    public void RankAndSizeComeFromTheOrchestratorFirstMatchWins()
    {
        var o = Join("--join", "j", "A.cs");
        Assert.Equal(new RankPlacement(3, 8, "JOB_COMPLETION_INDEX=3", "--size"),
            RankSource.Resolve(Join("--join", "j", "--size", "8", "A.cs"), Env(("JOB_COMPLETION_INDEX", "3"), ("SLURM_PROCID", "5"))));
        Assert.Equal(new RankPlacement(5, 6, "SLURM_PROCID=5", "SLURM_NTASKS=6"),
            RankSource.Resolve(o, Env(("SLURM_PROCID", "5"), ("SLURM_NTASKS", "6"))));
        Assert.Equal(new RankPlacement(1, 2, "OMPI_COMM_WORLD_RANK=1", "OMPI_COMM_WORLD_SIZE=2"),
            RankSource.Resolve(o, Env(("OMPI_COMM_WORLD_RANK", "1"), ("OMPI_COMM_WORLD_SIZE", "2"))));
        Assert.Equal(new RankPlacement(0, 3, "PMI_RANK=0", "PMI_SIZE=3"),
            RankSource.Resolve(o, Env(("PMI_RANK", "0"), ("PMI_SIZE", "3"))));
        // --rank beats the environment; a size from the same orchestrator still counts
        Assert.Equal(new RankPlacement(1, 6, "--rank", "SLURM_NTASKS=6"),
            RankSource.Resolve(Join("--join", "j", "--rank", "1", "A.cs"), Env(("SLURM_PROCID", "5"), ("SLURM_NTASKS", "6"))));
    }

    [Fact]
    public void AzureBatchRankIsThisNodesPlaceInTheHostList()
    {
        var me = new[] { IPAddress.Parse("10.0.0.6") };
        var place = RankSource.Resolve(Join("--join", "j", "A.cs"), Env(("AZ_BATCH_HOST_LIST", "10.0.0.4,10.0.0.5,10.0.0.6")), me);
        Assert.Equal(new RankPlacement(2, 3, "this node's place in AZ_BATCH_HOST_LIST (10.0.0.6)", "AZ_BATCH_HOST_LIST (3 nodes)"), place);
        var e = Assert.Throws<UsageException>(() =>
            RankSource.Resolve(Join("--join", "j", "A.cs"), Env(("AZ_BATCH_HOST_LIST", "10.0.0.4,10.0.0.5")), me));
        Assert.Contains("does not list an address of this node (10.0.0.6): pass --rank", e.Message);
    }

    [Theory]
    [InlineData("JOB_COMPLETION_INDEX", "1", "--join needs the job's size: pass --size N (the rank came from JOB_COMPLETION_INDEX=1")]
    [InlineData("SLURM_PROCID", "-1", "SLURM_PROCID is '-1', not a number")]
    [InlineData("NOTHING", "", "--join needs this rank's number")]
    public void MissingOrBadNumbersAreUsageErrors(string variable, string value, string message)
    {
        var e = Assert.Throws<UsageException>(() => RankSource.Resolve(Join("--join", "j", "A.cs"), Env((variable, value))));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void APortTakesTheJoinOptionsBeforeItsProgramArguments()
    {
        Assert.Equal(["--join", "j", "--size", "2", "--collect-output", "--", "Port.cs", "5"],
            PortLauncher.WithSource(["--join", "j", "--size", "2", "--collect-output", "5"], "Port.cs"));
    }
}
