using System.Text.RegularExpressions;

namespace CloudMpi.Run.Tests;

/// <summary>The built <c>cmpi-run.dll</c> run as a process, as the Makefile and the golden tests use it.</summary>
public class ProcessTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);

    [Fact]
    public void HelloWithFourRanksThenFromTheCache()
    {
        using var s = new Scratch();
        string app = s.Write("Hello.cs", Sources.Hello);
        Ran cold = Cmpi.Process(s, Limit, "-n", "4", "--verbose", app);
        Assert.True(cold.ExitCode == 0, cold.ToString());
        Assert.Equal(4, cold.StdoutLines.Length);
        Assert.Contains("cmpi-run: compiled", cold.Stderr);

        Ran warm = Cmpi.Process(s, Limit, "-n", "4", "--verbose", app);
        Assert.True(warm.ExitCode == 0, warm.ToString());
        Assert.Equal(cold.StdoutLines.Order(), warm.StdoutLines.Order());
        Assert.Contains("cmpi-run: cache hit", warm.Stderr);
    }

    [Fact]
    public void CacheHitSkipsCompilation()
    {
        // Proof that the second run does not compile: swap the cache entry for another program's.
        using var s = new Scratch();
        string a = s.Write("A.cs", Sources.Program("A", """
                printf("I am A\n");
                cMPI.Finalize();
                return 0;
        """));
        string b = s.Write("B.cs", Sources.Program("B", """
                printf("I am B\n");
                cMPI.Finalize();
                return 0;
        """));
        Ran ra = Cmpi.Process(s, Limit, a);
        Assert.True(ra.ExitCode == 0, ra.ToString());
        string entryA = Directory.GetFiles(s.CacheDir).Single();
        Ran rb = Cmpi.Process(s, Limit, b);
        Assert.Equal("I am B", rb.Stdout.Trim());
        string entryB = Directory.GetFiles(s.CacheDir).Single(f => f != entryA);

        File.Copy(entryB, entryA, overwrite: true);
        Ran again = Cmpi.Process(s, Limit, a);
        Assert.True(again.ExitCode == 0, again.ToString());
        Assert.Equal("I am B", again.Stdout.Trim());
    }

    [Fact]
    public void ExitStatusesReachTheShell()
    {
        using var s = new Scratch();
        string app = s.Write("Codes.cs", Sources.Program("Codes", """
                int mode = argc > 1 ? atoi(argv[1]) : 0;
                if (rank == 1 && mode == 1) exit(3);
                if (rank == 1 && mode == 2) cMPI.Abort(cMPI.COMM_WORLD, 42);
                if (rank == 1 && mode == 3) return 9;
                if (rank == 1 && mode == 4) cMPI.Send(new int[1], 0, 1, MPI_INT, 5, 0, cMPI.COMM_WORLD);
                cMPI.Barrier(cMPI.COMM_WORLD);
                cMPI.Finalize();
                return 0;
        """));
        Assert.Equal(0, Cmpi.Process(s, Limit, "-n", "2", app, "0").ExitCode);
        Assert.Equal(3, Cmpi.Process(s, Limit, "-n", "2", app, "1").ExitCode);
        Ran abort = Cmpi.Process(s, Limit, "-n", "2", app, "2");
        Assert.Equal(42, abort.ExitCode);
        Assert.Contains("MPI_ABORT was invoked on rank 1 in communicator MPI_COMM_WORLD with errorcode 42", abort.Stderr);
        Assert.Equal(9, Cmpi.Process(s, Limit, "-n", "2", app, "3").ExitCode);
        // a fatal MPI error: the error class, as mpirun (MPI_ERR_RANK = 6)
        Ran fatal = Cmpi.Process(s, Limit, "-n", "2", app, "4");
        Assert.True(fatal.ExitCode == 6, fatal.ToString());
    }

    [Fact]
    public void CompileErrorExitsOneAndCheckPrintsMappedLocations()
    {
        using var s = new Scratch();
        string app = s.Write("Bad.cs", """
            using CloudMpi.Libc;
            public static class Bad
            {
                public static int main(int argc, string[] argv)
                {
            #line 3 "bad.c"
                    return y;
                }
                public static int Main(string[] args) => CProgram.Run("bad", args, main);
            }
            """);
        Ran r = Cmpi.Process(s, Limit, "--check", app);
        Assert.Equal(1, r.ExitCode);
        Assert.Matches(new Regex(@"^bad\.c:3:\d+: error: .*'y'.* \[CS0103\]$", RegexOptions.Multiline), r.Stderr);
    }

    [Fact]
    public void DeadlockEndsTheProcessWith124()
    {
        using var s = new Scratch();
        string app = s.Write("Dead.cs", Sources.Program("Dead", """
                int[] buf = new int[1];
                cMPI.Recv(buf, 0, 1, MPI_INT, 1 - rank, 0, cMPI.COMM_WORLD, out _);
                cMPI.Finalize();
                return 0;
        """));
        Assert.Equal(0, Cmpi.Process(s, Limit, "--check", app).ExitCode);
        Ran r = Cmpi.Process(s, TimeSpan.FromSeconds(30), "-n", "2", "--deadlock-timeout", "1", app);
        Assert.True(r.ExitCode == 124, r.ToString());
        Assert.Contains("rank 0: MPI_Recv", r.Stderr);
        Assert.Contains("rank 1: MPI_Recv", r.Stderr);
        // ended by the detector, not by the 30 s limit: a bound for "no hang", loose enough for a loaded 2-core CI host
        Assert.True(r.Elapsed < TimeSpan.FromSeconds(1 + 20), $"took {r.Elapsed}");
    }

    [Fact]
    public void TimeoutEndsARankStuckInComputeWith124()
    {
        using var s = new Scratch();
        string app = s.Write("Spin.cs", Sources.Program("Spin", """
                long k = 1;
                while (k > 0)              // never ends, never calls MPI: cannot be interrupted
                    k = (k * 3) % 1000003 + 1;
                cMPI.Finalize();
                return 0;
        """));
        Assert.Equal(0, Cmpi.Process(s, Limit, "--check", app).ExitCode);
        Ran r = Cmpi.Process(s, TimeSpan.FromSeconds(30), "-n", "2", "--timeout", "1", app);
        Assert.True(r.ExitCode == 124, r.ToString());
        Assert.Contains("--timeout", r.Stderr);
        // ended by the timeout, not by the 30 s limit: a bound for "no hang", loose enough for a loaded 2-core host
        Assert.True(r.Elapsed < TimeSpan.FromSeconds(1 + 20), $"took {r.Elapsed}");
    }

    [Fact]
    public void FailingRankDoesNotWaitForliveComputingRanks()
    {
        using var s = new Scratch();
        string app = s.Write("Half.cs", Sources.Program("Half", """
                if (rank == 1)
                    return 4;
                long k = 1;
                while (k > 0)
                    k = (k * 3) % 1000003 + 1;
                return 0;
        """));
        Assert.Equal(0, Cmpi.Process(s, Limit, "--check", app).ExitCode);
        Ran r = Cmpi.Process(s, TimeSpan.FromSeconds(30), "-n", "2", app);
        Assert.True(r.ExitCode == 4, r.ToString());
        Assert.Contains("rank 1 exited with status 4", r.Stderr);
        Assert.Contains("rank 0 did not stop", r.Stderr);
        // the computing rank is not waited for: well under the 30 s limit (a bound for "no wait", not a speed claim)
        Assert.True(r.Elapsed < TimeSpan.FromSeconds(20), $"took {r.Elapsed}");
    }

    [Fact]
    public void RanksHaveBigStacksForDeepRecursion()
    {
        using var s = new Scratch();
        // ~2 million frames: far beyond a default 1.5 MiB thread stack, well within 256 MiB
        string app = s.Write("Deep.cs", Sources.Program("Deep", """
                printf("rank %d depth %d\n", rank, depth(2000000 + rank));
                cMPI.Finalize();
                return 0;
        """, members: "    static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }\n"));
        Ran r = Cmpi.Process(s, Limit, "-n", "2", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(["rank 0 depth 2000000", "rank 1 depth 2000001"], r.StdoutLines.Order(StringComparer.Ordinal));
    }
}
