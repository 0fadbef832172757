namespace CloudMpi.Run.Tests;

public class CommandLineTests
{
    private static readonly Func<string, string?> NoEnv = _ => null;

    [Fact]
    public void DefaultsAndProgramArguments()
    {
        RunOptions o = CommandLine.Parse(["App.cs", "-n", "4", "--timeout", "x"], NoEnv)!;
        Assert.Equal(1, o.Ranks);
        Assert.Equal("inproc", o.Transport);
        Assert.Equal(10, o.DeadlockTimeoutSeconds);
        Assert.Null(o.TimeoutSeconds);
        Assert.Equal("App.cs", o.SourcePath);
        Assert.Equal(["-n", "4", "--timeout", "x"], o.ProgramArgs);
    }

    [Fact]
    public void AllOptions()
    {
        RunOptions o = CommandLine.Parse(
            ["-n", "3", "--transport", "inproc", "--deadlock-timeout", "2.5", "--timeout=30", "--tag-output",
             "--check", "--no-cache", "dir/App.cs", "a"], NoEnv)!;
        Assert.Equal(3, o.Ranks);
        Assert.Equal(2.5, o.DeadlockTimeoutSeconds);
        Assert.Equal(30, o.TimeoutSeconds);
        Assert.True(o.TagOutput && o.CheckOnly && o.NoCache);
        Assert.Equal("dir/App.cs", o.SourcePath);
        Assert.Equal(["a"], o.ProgramArgs);
        Assert.Equal(8, CommandLine.Parse(["-np", "8", "A.cs"], NoEnv)!.Ranks);
        Assert.Equal(6, CommandLine.Parse(["-n6", "A.cs"], NoEnv)!.Ranks);
    }

    [Fact]
    public void DeadlockTimeoutFromTheEnvironmentYieldsToTheOption()
    {
        Func<string, string?> env = k => k == "CMPI_DEADLOCK_TIMEOUT" ? "3" : null;
        Assert.Equal(3, CommandLine.Parse(["A.cs"], env)!.DeadlockTimeoutSeconds);
        Assert.Equal(7, CommandLine.Parse(["--deadlock-timeout", "7", "A.cs"], env)!.DeadlockTimeoutSeconds);
        Assert.Throws<UsageException>(() => CommandLine.Parse(["A.cs"], k => k == "CMPI_DEADLOCK_TIMEOUT" ? "soon" : null));
    }

    [Fact]
    public void CheckAsNamesThePathTheFileIsCompiledAs()
    {
        RunOptions o = CommandLine.Parse(["--check", "--check-as", "/port/App.cs", "/tmp/x/App.cs"], NoEnv)!;
        Assert.True(o.CheckOnly);
        Assert.Equal("/port/App.cs", o.CheckAs);
        Assert.Equal("/tmp/x/App.cs", o.SourcePath);
        Assert.Null(CommandLine.Parse(["--check", "A.cs"], NoEnv)!.CheckAs);
    }

    [Fact]
    public void ShutdownCompileServerIsACommandOfItsOwn()
    {
        RunOptions o = CommandLine.Parse(["--shutdown-compile-server"], NoEnv)!;
        Assert.True(o.ShutdownCompileServer);
        Assert.False(CommandLine.Parse(["A.cs"], NoEnv)!.ShutdownCompileServer);
    }

    [Theory]
    [InlineData(new string[0], "missing the program")]
    [InlineData(new[] { "-n" }, "needs a value")]
    [InlineData(new[] { "-n", "0", "A.cs" }, "positive number of ranks")]
    [InlineData(new[] { "-n", "two", "A.cs" }, "positive number of ranks")]
    [InlineData(new[] { "--bogus", "A.cs" }, "unknown option '--bogus'")]
    [InlineData(new[] { "--transport", "carrier-pigeon", "A.cs" }, "unknown transport")]
    [InlineData(new[] { "--transport", "tcp", "--hosting", "threads", "A.cs" }, "one process per rank")]
    [InlineData(new[] { "--hosting", "processes", "A.cs" }, "keeps every rank in this process")]
    [InlineData(new[] { "--hosting", "fibers", "A.cs" }, "threads or processes")]
    [InlineData(new[] { "--hostfile", "h", "A.cs" }, "needs one process per rank")]
    [InlineData(new[] { "--timeout", "-1", "A.cs" }, "positive number of seconds")]
    [InlineData(new[] { "--check=yes", "A.cs" }, "takes no value")]
    [InlineData(new[] { "App.c" }, "expected a C# source file")]
    [InlineData(new[] { "--shutdown-compile-server", "A.cs" }, "a command of its own")]
    [InlineData(new[] { "--check-as", "B.cs", "A.cs" }, "goes with --check of one file")]
    [InlineData(new[] { "--check", "--check-as", "B.cs", "A.cs", "C.cs" }, "goes with --check of one file")]
    [InlineData(new[] { "-n", "2", "--shutdown-compile-server" }, "a command of its own")]
    public void UsageErrors(string[] args, string message)
    {
        var e = Assert.Throws<UsageException>(() => CommandLine.Parse(args, NoEnv));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void UsageErrorExitsTwoWithTheUsageOnStderr()
    {
        using var s = new Scratch();
        Ran r = Cmpi.InProc(s, "-n", "0", "A.cs");
        Assert.Equal(2, r.ExitCode);
        Assert.StartsWith("cmpi-run: -n needs a positive number of ranks", r.Stderr);
        Assert.Contains("usage: cmpi-run", r.Stderr);
        Assert.Equal("", r.Stdout);

        Ran missing = Cmpi.InProc(s, Path.Combine(s.Dir, "Nope.cs"));
        Assert.Equal(2, missing.ExitCode);
        Assert.Contains("cannot read", missing.Stderr);

        Ran help = Cmpi.InProc(s, "--help");
        Assert.Equal(0, help.ExitCode);
        Assert.StartsWith("usage: cmpi-run", help.Stdout);
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(7, 7)]
    [InlineData(255, 255)]
    [InlineData(256, 1)]
    [InlineData(257, 1)]
    [InlineData(-1, 255)]
    public void ExitCodesFitTheProcessStatus(int code, int expected)
    {
        Assert.Equal(expected, Launcher.ProcessExitCode(code));
    }
}
