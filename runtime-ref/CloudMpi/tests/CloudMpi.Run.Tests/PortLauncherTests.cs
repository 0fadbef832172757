namespace CloudMpi.Run.Tests;

/// <summary>A standalone port's command line (cmpi-port's ports): cmpi-run's options, then the program's arguments.</summary>
public class PortLauncherTests
{
    private static readonly Func<string, string?> NoEnv = _ => null;

    private static RunOptions Parse(params string[] args) => CommandLine.Parse(PortLauncher.WithSource(args, "Ep.cs"), NoEnv)!;

    [Fact]
    public void LauncherOptionsThenProgramArguments()
    {
        RunOptions o = Parse("-n", "4", "--transport", "tcp", "--deadlock-timeout=5", "input.dat", "-n", "2");
        Assert.Equal(4, o.Ranks);
        Assert.Equal("tcp", o.Transport);
        Assert.Equal(5, o.DeadlockTimeoutSeconds);
        Assert.Equal("Ep.cs", o.SourcePath);
        Assert.Equal(["input.dat", "-n", "2"], o.ProgramArgs);
    }

    [Fact]
    public void DoubleDashStartsTheProgramArguments()
    {
        RunOptions o = Parse("-n3", "--tag-output", "--", "--verbose");
        Assert.Equal(3, o.Ranks);
        Assert.True(o.TagOutput);
        Assert.False(o.Verbose);
        Assert.Equal(["--verbose"], o.ProgramArgs);
        Assert.Empty(Parse().ProgramArgs);
    }

    [Fact]
    public void BadValuesAreUsageErrors()
    {
        Assert.Throws<UsageException>(() => Parse("-n", "0"));
        Assert.Throws<UsageException>(() => Parse("--transport", "carrier-pigeon"));
    }
}
