using System.Text.RegularExpressions;
using CloudMpi.Run.Hosting;

namespace CloudMpi.Run.Tests;

/// <summary>Jobs run through the launcher's in-process API (the code path of cmpi-run's Main).</summary>
public class RunTests
{
    [Fact]
    public void FourRanksEachSayHello()
    {
        using var s = new Scratch();
        string app = s.Write("Hello.cs", Sources.Hello);
        Ran r = Cmpi.InProc(s, "-n", "4", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(
            ["Hello from rank 0 of 4", "Hello from rank 1 of 4", "Hello from rank 2 of 4", "Hello from rank 3 of 4"],
            r.StdoutLines.Order(StringComparer.Ordinal));
        Assert.Equal(JobEnd.Success, r.Result!.Job!.End);
        Assert.Empty(r.Result.Job.RanksStillRunning);
    }

    [Fact]
    public void StaticsThatHoldStateGetALoadPerRank()
    {
        using var s = new Scratch();
        // hand-written, with its state in a static: each rank must still see only its own value
        string app = s.Write("Statics.cs", Sources.Program("Statics", """
                mine = rank;
                cMPI.Barrier(cMPI.COMM_WORLD);
                string load = System.Runtime.Loader.AssemblyLoadContext.GetLoadContext(typeof(Statics).Assembly)!.Name!;
                printf("rank %d sees %d in %s\n", rank, mine, load);
                cMPI.Finalize();
                return 0;
        """, members: "    static int mine = -1;"));
        Ran r = Cmpi.InProc(s, "-n", "4", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(Enumerable.Range(0, 4).Select(i => $"rank {i} sees {i} in cmpi rank {i}"),
                     r.StdoutLines.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void AProgramWithOnlyConstantsInStaticsIsLoadedOnceForAllRanks()
    {
        using var s = new Scratch();
        // the translator's shape: state in an object per rank, constants and a lambda (its cache is static) in statics
        string app = s.Write("Shared.cs", Sources.Program("Shared", """
                var state = new State { Mine = rank };
                cMPI.Barrier(cMPI.COMM_WORLD);
                System.Func<int, int> twice = x => 2 * x;
                string load = System.Runtime.Loader.AssemblyLoadContext.GetLoadContext(typeof(Shared).Assembly)!.Name!;
                printf("rank %d sees %d in %s\n", rank, (int)(twice(state.Mine) / Scale * (Pi / Pi)), load);
                cMPI.Finalize();
                return 0;
        """, members: "    const int Scale = 2; static readonly double Pi = 3.14; sealed class State { public int Mine; }"));
        Ran r = Cmpi.InProc(s, "-n", "4", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(Enumerable.Range(0, 4).Select(i => $"rank {i} sees {i} in cmpi all ranks"),
                     r.StdoutLines.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void LinesOfFourRanksAreNeverTorn()
    {
        using var s = new Scratch();
        // every line is made of three printf calls, so an unmerged writer would interleave fragments
        string app = s.Write("Lines.cs", Sources.Program("Lines", """
                string pad = new string((char)('a' + rank), 150);
                for (int i = 0; i < 300; i++)
                {
                    printf("rank %d", rank);
                    printf(" line %04d ", i);
                    printf("%s\n", pad);
                }
                fprintf(stderr, "rank %d ", rank);
                fprintf(stderr, "done\n");
                printf("rank %d unterminated", rank);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "4", app);
        Assert.True(r.ExitCode == 0, r.ToString());

        var lineRe = new Regex(@"^rank (\d) line (\d{4}) ([a-d]{150})$");
        var next = new int[4];
        int unterminated = 0;
        foreach (string line in r.Stdout.Split('\n'))
        {
            if (line.Length == 0)
                continue;
            Match m = lineRe.Match(line);
            if (!m.Success)
            {
                // each rank's unterminated last line is handed over whole, on a line of its own, when the rank ends
                Assert.Matches(@"^rank \d unterminated$", line);
                unterminated++;
                continue;
            }
            int rank = int.Parse(m.Groups[1].Value);
            Assert.Equal(next[rank], int.Parse(m.Groups[2].Value));
            Assert.Equal(new string((char)('a' + rank), 150), m.Groups[3].Value);
            next[rank]++;
        }
        Assert.Equal([300, 300, 300, 300], next);
        Assert.Equal(4, unterminated);
        Assert.Equal(
            ["rank 0 done", "rank 1 done", "rank 2 done", "rank 3 done"],
            r.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void TagOutputPrefixesEachLineLikeMpirun()
    {
        using var s = new Scratch();
        string app = s.Write("Tag.cs", Sources.Program("Tag", """
                printf("out %d\n", rank);
                fprintf(stderr, "err %d\n", rank);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "2", "--tag-output", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(["[1,0]<stdout>:out 0", "[1,1]<stdout>:out 1"], r.StdoutLines.Order(StringComparer.Ordinal));
        Assert.Equal(["[1,0]<stderr>:err 0", "[1,1]<stderr>:err 1"],
                     r.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void GlobalsArePerRank()
    {
        using var s = new Scratch();
        string app = s.Write("Globals.cs", Sources.Program("Globals", """
                cMPI.Barrier(cMPI.COMM_WORLD);          // all ranks are alive at once
                for (int i = 0; i < 1000 * rank; i++)
                    counter++;
                cMPI.Barrier(cMPI.COMM_WORLD);
                printf("rank %d counter %d\n", rank, counter);
                cMPI.Finalize();
                return 0;
        """, members: "    static int counter;   // a C global\n"));
        Ran r = Cmpi.InProc(s, "-n", "4", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(
            ["rank 0 counter 0", "rank 1 counter 1000", "rank 2 counter 2000", "rank 3 counter 3000"],
            r.StdoutLines.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void ProgramArgumentsFollowTheSourceFile()
    {
        using var s = new Scratch();
        string app = s.Write("Args.cs", Sources.Program("Args", """
                if (rank == 0)
                    for (int i = 0; i < argc; i++)
                        printf("argv[%d]=%s\n", i, argv[i]);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "2", app, "-n", "7", "--check", "x y");
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(["argv[0]=args", "argv[1]=-n", "argv[2]=7", "argv[3]=--check", "argv[4]=x y"], r.StdoutLines);
    }

    [Fact]
    public void NonZeroReturnFromMainIsTheJobsStatus()
    {
        using var s = new Scratch();
        string app = s.Write("Ret.cs", Sources.Program("Ret", """
                if (rank == 1)
                    return 5;
                int[] buf = new int[1];
                if (rank == 0)   // waits for rank 1, which never sends: woken by the abort
                    cMPI.Recv(buf, 0, 1, MPI_INT, 1, 0, cMPI.COMM_WORLD, out _);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "3", app);
        Assert.True(r.ExitCode == 5, r.ToString());
        Assert.Contains("rank 1 exited with status 5", r.Stderr);
        Assert.Equal(JobEnd.RankExitCode, r.Result!.Job!.End);
        Assert.Equal(1, r.Result.Job.FailedRank);
        Assert.Empty(r.Result.Job.RanksStillRunning);
    }

    [Fact]
    public void ExitCallIsTheJobsStatus()
    {
        using var s = new Scratch();
        string app = s.Write("Exit.cs", Sources.Program("Exit", """
                if (rank == 2)
                    exit(3);
                cMPI.Barrier(cMPI.COMM_WORLD);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "4", app);
        Assert.True(r.ExitCode == 3, r.ToString());
        Assert.Contains("rank 2 exited with status 3", r.Stderr);
    }

    [Fact]
    public void MpiAbortCodeIsTheJobsStatus()
    {
        using var s = new Scratch();
        string app = s.Write("Abort.cs", Sources.Program("Abort", """
                int[] buf = new int[1];
                if (rank == 1)
                    cMPI.Abort(cMPI.COMM_WORLD, 7);
                else
                    cMPI.Recv(buf, 0, 1, MPI_INT, 1, 0, cMPI.COMM_WORLD, out _);
                printf("not reached\n");
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "3", app);
        Assert.True(r.ExitCode == 7, r.ToString());
        Assert.Contains("MPI_ABORT was invoked on rank 1 in communicator MPI_COMM_WORLD with errorcode 7", r.Stderr);
        Assert.DoesNotContain("not reached", r.Stdout);
        Assert.Equal(JobEnd.MpiAbort, r.Result!.Job!.End);
    }

    [Fact]
    public void FatalMpiErrorPrintsOpenMpisText()
    {
        using var s = new Scratch();
        string app = s.Write("Fatal.cs", Sources.Program("Fatal", """
                int[] buf = new int[1];
                if (rank == 1)
                    cMPI.Send(buf, 0, 1, MPI_INT, 5, 0, cMPI.COMM_WORLD);
                cMPI.Barrier(cMPI.COMM_WORLD);
                printf("not reached\n");
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "2", app);
        // mpirun's status: Open MPI's fatal handler aborts with the error class (MPI_ERR_RANK = 6)
        Assert.True(r.ExitCode == 6, r.ToString());
        Assert.Contains("*** An error occurred in MPI_Send\n*** MPI_ERR_RANK: invalid rank\n*** MPI_ERRORS_ARE_FATAL", r.Stderr);
        Assert.Contains("cmpi-run: rank 1 failed: CloudMpi.MpiException: MPI_Send: invalid rank 5", r.Stderr);
        Assert.DoesNotContain("not reached", r.Stdout);
    }

    [Fact]
    public void CallAfterFinalizeEndsWithOpenMpisTextAndStatusOne()
    {
        // Open MPI: "*** The MPI_Comm_size() function was called after MPI_FINALIZE was invoked." and the process exits
        // with 1 (not the error class, 16, of MPI_ERR_OTHER), the same before MPI_Init (LLNL's mpi_bug3.c)
        using var s = new Scratch();
        string app = s.Write("Late.cs", Sources.Program("Late", """
                cMPI.Finalize();
                cMPI.Comm_size(cMPI.COMM_WORLD, out size);
                printf("not reached\n");
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "2", app);
        Assert.True(r.ExitCode == 1, r.ToString());
        Assert.Contains("*** The MPI_Comm_size() function was called after MPI_FINALIZE was invoked.\n" +
                        "*** This is disallowed by the MPI standard.\n*** Your MPI job will now abort.\n", r.Stderr);
        Assert.DoesNotContain("not reached", r.Stdout);
    }

    [Fact]
    public void IntegerDivisionByZeroEndsWithSigfpesStatus()
    {
        // natively the division traps (SIGFPE) and mpirun returns 128 + 8 (Parallel Etudes' mpi-rank.c, run without
        // its argument); the port's DivideByZeroException ended the job with 1
        using var s = new Scratch();
        string app = s.Write("Div.cs", Sources.Program("Div", """
                int zero = size - size;
                if (rank == 1)
                    printf("%d\n", 10 / zero);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "2", app);
        Assert.True(r.ExitCode == 136, r.ToString());
        Assert.Contains("rank 1 failed: System.DivideByZeroException", r.Stderr);
        Assert.Contains("(in C: an integer division by zero, natively SIGFPE)", r.Stderr);
    }

    [Fact]
    public void SignedDivisionOverflowEndsWithSigfpesStatus()
    {
        // natively INT_MIN / -1 traps as a division by zero does (x86's idiv: SIGFPE, 128 + 8); the port's
        // OverflowException ended the job with 1
        using var s = new Scratch();
        string app = s.Write("Ovf.cs", Sources.Program("Ovf", """
                int lowest = int.MinValue + size - size, minusOne = size - size - 1;
                if (rank == 1)
                    printf("%d\n", lowest % minusOne);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "2", app);
        Assert.True(r.ExitCode == 136, r.ToString());
        Assert.Contains("rank 1 failed: System.OverflowException", r.Stderr);
        Assert.Contains("(in C: a signed integer division overflow, INT_MIN / -1, natively SIGFPE)", r.Stderr);
    }

    [Fact]
    public void NullPointerDereferenceEndsWithSigsegvsStatus()
    {
        // natively `int *p = NULL; *p = 3;` faults (SIGSEGV) and mpirun returns 128 + 11; the port's
        // NullReferenceException ended the job with 1
        using var s = new Scratch();
        string app = s.Write("Segv.cs", Sources.Program("Segv", """
                int[]? p = size > 0 ? null : new int[1];
                if (rank == 1)
                    p![0] = 3;
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "2", app);
        Assert.True(r.ExitCode == 139, r.ToString());
        Assert.Contains("rank 1 failed: System.NullReferenceException", r.Stderr);
        Assert.Contains("(in C: a NULL pointer dereference, natively SIGSEGV)", r.Stderr);
    }

    [Fact]
    public void NullPtrDereferenceEndsWithSigsegvsStatus()
    {
        // a moved pointer (Ptr<T>) that is NULL, dereferenced: natively SIGSEGV as for any NULL (csmith
        // --null-ptr-deref-prob seed 7400012); the port's PointerException ended the job with 1
        using var s = new Scratch();
        string app = s.Write("PtrSegv.cs", Sources.Program("PtrSegv", """
                Ptr<int> p = size > 0 ? default : new int[2];
                if (rank == 1)
                    printf("%d\n", p[1]);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.InProc(s, "-n", "2", app);
        Assert.True(r.ExitCode == 139, r.ToString());
        Assert.Contains("rank 1 failed: CloudMpi.Libc.PointerException: null pointer dereference (natively SIGSEGV)", r.Stderr);
    }

    [Fact]
    public void UnhandledExceptionNamesTheRankAndTheCLine()
    {
        using var s = new Scratch();
        string app = s.Write("Crash.cs", """
            // Translated by cmpi-translate from crash.c
            using CloudMpi;
            using CloudMpi.Libc;
            using static CloudMpi.Libc.Stdio;

            public static class Crash
            {
                static int[] table = new int[4];

                static void poke(int i)
                {
            #line 7 "crash.c"
                    table[i] = i;
            #line default
                }

                public static int main(int argc, string[] argv)
                {
                    int rank = 0;
                    cMPI.Init(ref argc, ref argv);
                    cMPI.Comm_rank(cMPI.COMM_WORLD, out rank);
            #line 20 "crash.c"
                    poke(rank == 1 ? 40 : 0);
            #line default
                    cMPI.Barrier(cMPI.COMM_WORLD);
                    cMPI.Finalize();
                    return 0;
                }

                public static int Main(string[] args) => CProgram.Run("crash", args, main);
            }
            """);
        Ran r = Cmpi.InProc(s, "-n", "2", app);
        Assert.True(r.ExitCode == 1, r.ToString());
        Assert.Contains("cmpi-run: rank 1 failed: System.IndexOutOfRangeException: ", r.Stderr);
        // frames in the user's code; their lines are only approximate, since the JIT optimizes and inlines
        Assert.Matches(@"\n   at Crash\.(main|poke)( in [^\n]+:\d+)?\n", r.Stderr);
        Assert.DoesNotContain("CloudMpi.Run", r.Stderr);
        Assert.Equal(JobEnd.UnhandledException, r.Result!.Job!.End);
    }

    [Fact]
    public void DeadlockEndsWith124AndNamesBothRanks()
    {
        using var s = new Scratch();
        string app = s.Write("Dead.cs", Sources.Program("Dead", """
                int[] buf = new int[1];
                int other = 1 - rank;
                cMPI.Recv(buf, 0, 1, MPI_INT, other, 0, cMPI.COMM_WORLD, out _);
                cMPI.Send(buf, 0, 1, MPI_INT, other, 0, cMPI.COMM_WORLD);
                cMPI.Finalize();
                return 0;
        """));
        Cmpi.InProc(s, "--check", app); // compile (and cache) outside the timed run
        Ran r = Cmpi.InProc(s, "-n", "2", "--deadlock-timeout", "1", app);
        Assert.True(r.ExitCode == 124, r.ToString());
        Assert.Matches(@"rank 0: MPI_Recv\(source=1", r.Stderr);
        Assert.Matches(@"rank 1: MPI_Recv\(source=0", r.Stderr);
        Assert.Equal(JobEnd.Deadlock, r.Result!.Job!.End);
        Assert.True(r.Elapsed < TimeSpan.FromSeconds(1 + 4), $"took {r.Elapsed}");
    }

    [Fact]
    public void SecondRunUsesTheCache()
    {
        using var s = new Scratch();
        string app = s.Write("Hello.cs", Sources.Hello);
        Ran first = Cmpi.InProc(s, "-n", "2", app);
        Assert.True(first.ExitCode == 0, first.ToString());
        Assert.False(first.Result!.Compile!.FromCache);
        string[] entries = Directory.GetFiles(s.CacheDir);
        Assert.Single(entries);
        Assert.EndsWith(".dll", entries[0]);

        Ran second = Cmpi.InProc(s, "-n", "2", app);
        Assert.True(second.ExitCode == 0, second.ToString());
        Assert.True(second.Result!.Compile!.FromCache);
        Assert.Equal(first.StdoutLines.Order(), second.StdoutLines.Order());
        Assert.Single(Directory.GetFiles(s.CacheDir)); // no temporary files left behind

        // a different source is a different entry; --no-cache neither reads nor writes
        s.Write("Hello.cs", Sources.Hello + "\n// changed\n");
        Ran changed = Cmpi.InProc(s, "--no-cache", app);
        Assert.False(changed.Result!.Compile!.FromCache);
        Assert.Single(Directory.GetFiles(s.CacheDir));
        Ran third = Cmpi.InProc(s, app);
        Assert.False(third.Result!.Compile!.FromCache);
        Assert.Equal(2, Directory.GetFiles(s.CacheDir).Length);
    }

    [Fact]
    public void ACheckAsAnotherPathLeavesThatPathsCacheEntry()
    {
        // cmpi-translate's compile check: a temporary copy checked as the file about to be written; the written file's
        // first run is then a cache hit, under its full path however the run names it
        using var s = new Scratch();
        string app = s.Write("Hello.cs", Sources.Hello);
        Directory.CreateDirectory(Path.Combine(s.Dir, "checked"));
        string copy = s.Write(Path.Combine("checked", "Hello.cs"), Sources.Hello);
        Ran check = Cmpi.InProc(s, "--check", "--check-as", app, copy);
        Assert.True(check.ExitCode == 0, check.ToString());
        Ran run = Cmpi.InProc(s, "-n", "2", Path.GetRelativePath(Directory.GetCurrentDirectory(), app));
        Assert.True(run.ExitCode == 0, run.ToString());
        Assert.True(run.Result!.Compile!.FromCache);
        // the copy's own path was never compiled: its run compiles
        Ran other = Cmpi.InProc(s, copy);
        Assert.False(other.Result!.Compile!.FromCache);
    }

    [Fact]
    public void DamagedCacheEntryIsRecompiled()
    {
        using var s = new Scratch();
        string app = s.Write("Hello.cs", Sources.Hello);
        Assert.Equal(0, Cmpi.InProc(s, app).ExitCode);
        string entry = Directory.GetFiles(s.CacheDir).Single();
        File.WriteAllText(entry, "garbage");
        Ran r = Cmpi.InProc(s, app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.False(r.Result!.Compile!.FromCache);
        Assert.Equal("Hello from rank 0 of 1", r.Stdout.TrimEnd('\n'));
    }
}
