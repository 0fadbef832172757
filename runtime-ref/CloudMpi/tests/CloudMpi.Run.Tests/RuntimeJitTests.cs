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
    public void AProgramIsCompiledBeforeItsMainRuns()
    {
        // compiled ahead: the program's own methods and the runtime's generic methods at the program's instantiations
        // (cMPI.Send over double brings Buffers.Data over double); at its first timed call nothing is left to compile
        using var s = new Scratch();
        string app = s.Write("Ahead.cs", Sources.Program("Ahead", """
                double[] x = new double[4];
                if (rank == 0) cMPI.Send(x, 0, 4, MPI_DOUBLE, 1, 0, cMPI.COMM_WORLD);
                else if (rank == 1) cMPI.Recv(x, 0, 4, MPI_DOUBLE, 0, 0, cMPI.COMM_WORLD, out _);
                cMPI.Finalize();
                return 0;
        """));
        var r = Cmpi.InProc(s, "-n", "2", "--check", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        byte[] image = new Compilation.ProgramCompiler(null).Compile(app, File.ReadAllText(app)).Image!;
        var alc = new RankLoadContext("test");
        try
        {
            int compiled = PortPrecompiler.Compile(alc.LoadProgram(image));
            // main, Main, its lambda, Send<double>, Recv<double>, and below them Buffers' generic methods
            Assert.True(compiled >= 8, $"{compiled} methods compiled");
        }
        finally
        {
            alc.Unload();
        }
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
