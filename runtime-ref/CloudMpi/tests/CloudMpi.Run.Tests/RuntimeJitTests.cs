using System.Text.RegularExpressions;
using CloudMpi.Run.Hosting;

namespace CloudMpi.Run.Tests;

/// <summary>What the JIT compiles before the ranks run and on their threads (issue 28: first-call compiles in timed sections).</summary>
public class RuntimeJitTests
{
    [Fact]
    public void TheRuntimesHotPathsCompileAhead()
    {
        // every non-generic AggressiveOptimization method of CloudMpi (the message paths: mailboxes, matching, checks)
        int compiled = RuntimePrecompiler.CompileHotPaths(typeof(CloudMpi.cMPI).Assembly);
        Assert.True(compiled >= 30, $"{compiled} methods compiled");
    }

    [Fact]
    public void StatsShowTheCompilingOnEachRankThread()
    {
        using var s = new Scratch();
        string app = s.Write("Hello.cs", Sources.Hello);
        Ran r = Cmpi.InProc(s, "-n", "2", "--stats", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Matches(new Regex(@"JIT on the rank threads while the program ran: rank 0: \d+ methods, [0-9.]+ ms; rank 1: \d+ methods, [0-9.]+ ms"),
                       r.Stderr);
    }
}
