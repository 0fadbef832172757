using System.Diagnostics;
using System.Text.RegularExpressions;
using CloudMpi.Run.Processes;

namespace CloudMpi.Run.Tests;

/// <summary><c>cmpi-run --transport tcp</c>: one process per rank, supervised by cmpi-run.</summary>
public class TcpRunTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(90);

    [Fact]
    public void FourRanksPrintTaggedLinesAndExitZero()
    {
        using var s = new Scratch();
        string app = s.Write("Ring.cs", Sources.Program("Ring", """
                int token = 0;
                if (rank == 0) { token = 1; cMPI.Send(ref token, 1, MPI_INT, 1 % size, 0, cMPI.COMM_WORLD); }
                cMPI.Recv(ref token, 1, MPI_INT, (rank + size - 1) % size, 0, cMPI.COMM_WORLD, out _);
                if (rank != 0) { token++; cMPI.Send(ref token, 1, MPI_INT, (rank + 1) % size, 0, cMPI.COMM_WORLD); }
                printf("rank %d has token %d\n", rank, token);
                fprintf(stderr, "note from %d\n", rank);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.Process(s, Limit, "-n", "4", "--transport", "tcp", "--tag-output", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(
            ["[1,0]<stdout>:rank 0 has token 4", "[1,1]<stdout>:rank 1 has token 2", "[1,2]<stdout>:rank 2 has token 3", "[1,3]<stdout>:rank 3 has token 4"],
            r.StdoutLines.Order());
        Assert.Contains("[1,2]<stderr>:note from 2", r.Stderr);
    }

    /// <summary>tcp rank processes that outnumber the host's cores run without tiered compilation
    /// (ProcessJobRunner.WithoutTiering): its background recompilation took most of a short job's CPU from the polling
    /// ranks. With a core per rank they keep it, set in their environment since cmpi-run's own runtimeconfig turns it off
    /// (ProcessJobRunner.WithTiering).</summary>
    [Fact]
    public void OversubscribedTcpRanksRunWithoutTieredCompilation()
    {
        using var s = new Scratch();
        string app = s.Write("Tiering.cs", Sources.Program("Tiering", """
                printf("tiering %s\n", System.Environment.GetEnvironmentVariable("DOTNET_TieredCompilation") ?? "default");
                cMPI.Finalize();
                return 0;
        """));
        Ran one = Cmpi.Process(s, Limit, "-n", "1", "--transport", "tcp", app);
        Assert.True(one.ExitCode == 0, one.ToString());
        Assert.Equal(["tiering 1"], one.StdoutLines); // set: the runtimeconfig turns it off (ranks as threads)
        int n = Environment.ProcessorCount + 1;
        if (n > 9) return; // a host with many cores: too many rank processes for a unit test
        Ran over = Cmpi.Process(s, Limit, "-n", n.ToString(), "--transport", "tcp", app);
        Assert.True(over.ExitCode == 0, over.ToString());
        Assert.Equal(Enumerable.Repeat("tiering 0", n), over.StdoutLines);
    }

    /// <summary>
    /// The same rule for ranks started through ssh, which passes no environment (round 9 left them tiering): the remote
    /// command sets it from the remote host's own core count. A stand-in ssh on PATH runs the remote command line with
    /// sh here, as ssh gives it to the remote user's shell, for a host of the hostfile that is not this one.
    /// </summary>
    [Fact]
    public void RanksStartedThroughSshThatOutnumberTheirHostsCoresRunWithoutTieredCompilation()
    {
        if (!OperatingSystem.IsLinux()) return;
        using var s = new Scratch();
        string bin = Path.Combine(s.Dir, "bin");
        Directory.CreateDirectory(bin);
        string ssh = Path.Combine(bin, "ssh");
        // ssh -o BatchMode=yes HOST COMMAND...: the words after the host, joined by spaces, are one line for a shell.
        File.WriteAllText(ssh, "#!/bin/sh\nshift 3\nexec sh -c \"$*\"\n");
        File.SetUnixFileMode(ssh, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        string hostfile = s.Write("hosts", "far-away-node slots=1\n");
        string app = s.Write("Tiering.cs", Sources.Program("Tiering", """
                printf("rank %d tiering %s\n", rank, System.Environment.GetEnvironmentVariable("DOTNET_TieredCompilation") ?? "default");
                cMPI.Finalize();
                return 0;
        """));
        var env = new Dictionary<string, string>
        {
            ["PATH"] = bin + ":" + Environment.GetEnvironmentVariable("PATH"),
            ["CMPI_PARENT_ADDRESS"] = "127.0.0.1",
        };
        Ran one = Cmpi.ProcessWithEnvironment(s, Limit, "", env, "-n", "1", "--transport", "tcp", "--hostfile", hostfile, app);
        Assert.True(one.ExitCode == 0, one.ToString());
        Assert.Equal(["rank 0 tiering 1"], one.StdoutLines);
        int n = Environment.ProcessorCount + 1;
        if (n > 9) return; // a host with many cores: too many rank processes for a unit test
        Ran over = Cmpi.ProcessWithEnvironment(s, Limit, "", env, "-n", n.ToString(), "--transport", "tcp", "--hostfile", hostfile, app);
        Assert.True(over.ExitCode == 0, over.ToString());
        Assert.Equal(Enumerable.Range(0, n).Select(r => $"rank {r} tiering 0"), over.StdoutLines.Order());
    }

    /// <summary>The remote command line: ssh's options and host, the rule's shell, then the worker (no rule off tcp).</summary>
    [Fact]
    public void TheRemoteCommandCarriesTheTieringRuleOnTcpOnly()
    {
        var tcp = ProcessJobRunner.WorkerCommand("node7", 8, ["--worker", "a:1", "0", "0.0.0.0", "tcp", "job"]);
        Assert.Equal("ssh", tcp.FileName);
        Assert.Equal(["-o", "BatchMode=yes", "node7", "sh", "-c"], tcp.ArgumentList.Take(5));
        Assert.Contains("-lt 8 ]", tcp.ArgumentList[5]);
        Assert.Equal(["cmpi-worker"], tcp.ArgumentList.Skip(6).Take(1));
        Assert.Equal(["--worker", "a:1", "0", "0.0.0.0", "tcp", "job"], tcp.ArgumentList.TakeLast(6));
        var azure = ProcessJobRunner.WorkerCommand("node7", 0, ["--worker", "a:1", "0", "0.0.0.0", "azure", "job"]);
        Assert.DoesNotContain("sh", azure.ArgumentList);
    }

    [Fact]
    public void RankZeroReadsTheJobsStdinAndTheOthersAnEmptyOne()
    {
        // As mpirun: a program that reads its input on rank 0 and broadcasts it (scanf on rank 0) sees cmpi-run's
        // stdin there; every other rank reads end of file at once.
        using var s = new Scratch();
        string app = s.Write("Input.cs", Sources.Program("Input", """
                Ptr<sbyte> line = new sbyte[64];
                Ptr<sbyte> got = fgets(line, 64, stdin);
                printf("rank %d read %s\n", rank, got.IsNull ? CStrings.FromString("(end of file)") : line);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.ProcessWithInput(s, Limit, "0 3 1024\n", "-n", "3", "--transport", "tcp", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        // fgets keeps the line's newline: rank 0's line is followed by an empty one
        Assert.Equal(["rank 0 read 0 3 1024", "rank 1 read (end of file)", "rank 2 read (end of file)"],
                     r.StdoutLines.Where(l => l != "").Order());
    }

    [Fact]
    public void LoneRankPartialLineIsByteExact()
    {
        using var s = new Scratch();
        string app = s.Write("Partial.cs", Sources.Program("Partial", """
                printf("no newline at the end");
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.Process(s, Limit, "--transport", "tcp", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal("no newline at the end", r.Stdout);
    }

    [Fact]
    public void ExitStatusesAndFailuresAreThoseOfInproc()
    {
        using var s = new Scratch();
        string app = s.Write("Codes.cs", Sources.Program("Codes", """
                int mode = argc > 1 ? atoi(argv[1]) : 0;
                if (rank == 1 && mode == 1) exit(3);
                if (rank == 1 && mode == 2) cMPI.Abort(cMPI.COMM_WORLD, 42);
                if (rank == 1 && mode == 3) return 9;
                if (rank == 1 && mode == 4) throw new System.InvalidOperationException("boom");
                cMPI.Barrier(cMPI.COMM_WORLD);
                cMPI.Finalize();
                return 0;
        """));
        Ran ok = Cmpi.Process(s, Limit, "-n", "3", "--transport", "tcp", app, "0");
        Assert.True(ok.ExitCode == 0, ok.ToString());
        Ran exit3 = Cmpi.Process(s, Limit, "-n", "3", "--transport", "tcp", app, "1");
        Assert.Equal(3, exit3.ExitCode);
        Assert.Contains("cmpi-run: rank 1 exited with status 3", exit3.Stderr);
        Ran abort = Cmpi.Process(s, Limit, "-n", "3", "--transport", "tcp", app, "2");
        Assert.Equal(42, abort.ExitCode);
        Assert.Contains("MPI_ABORT was invoked on rank 1 in communicator MPI_COMM_WORLD with errorcode 42", abort.Stderr);
        Assert.Equal(9, Cmpi.Process(s, Limit, "-n", "3", "--transport", "tcp", app, "3").ExitCode);
        Ran boom = Cmpi.Process(s, Limit, "-n", "3", "--transport", "tcp", app, "4");
        Assert.Equal(1, boom.ExitCode);
        Assert.Contains("cmpi-run: rank 1 failed: System.InvalidOperationException: boom", boom.Stderr);
    }

    [Fact]
    public void KilledRankEndsTheJobNamingIt()
    {
        using var s = new Scratch();
        string pidFile = Path.Combine(s.Dir, "rank1.pid");
        // Rank 1 records its pid and waits for a message that never comes; rank 0 waits for rank 1.
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
                    Thread.Sleep(300); // mid-run: the ranks are blocked in MPI
                    Process.GetProcessById(pid).Kill();
                    killedAt = started.Elapsed;
                    return;
                }
                Thread.Sleep(20);
            }
        });
        killer.Start();
        Ran r = Cmpi.Process(s, Limit, "-n", "3", "--transport", "tcp", "--deadlock-timeout", "60", app);
        killer.Join();
        Assert.NotEqual(TimeSpan.Zero, killedAt);
        Assert.NotEqual(0, r.ExitCode);
        Assert.Matches(new Regex(@"cmpi-run: rank 1 \(pid \d+\) was killed by signal 9 before finishing; aborting the job"), r.Stderr);
        // bounded: well before the deadlock timeout would have fired
        Assert.True(started.Elapsed - killedAt < TimeSpan.FromSeconds(30), $"job ended {(started.Elapsed - killedAt).TotalSeconds:0.0} s after the kill\n{r}");
    }

    [Fact]
    public void DeadlockIsReportedPerRank()
    {
        using var s = new Scratch();
        string app = s.Write("Stuck.cs", Sources.Program("Stuck", """
                int v = 0;
                if (rank < 2) cMPI.Recv(ref v, 1, MPI_INT, 1 - rank, 5, cMPI.COMM_WORLD, out _);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.Process(s, Limit, "-n", "3", "--transport", "tcp", "--deadlock-timeout", "1", app);
        Assert.Equal(124, r.ExitCode);
        Assert.Contains("cmpi-run: deadlock: every live rank has been blocked in MPI", r.Stderr);
        Assert.Contains("rank 0: MPI_Recv(source=1, tag=5, comm=MPI_COMM_WORLD)", r.Stderr);
        Assert.Contains("rank 1: MPI_Recv(source=0, tag=5, comm=MPI_COMM_WORLD)", r.Stderr);
        Assert.Contains("rank 2: finished", r.Stderr);
    }

    [Fact]
    public void MismatchedCollectiveEndsTheJobAtOnce()
    {
        // Each rank is the root of its own Reduce, so each waits for the other's contribution: the supervisor sees
        // both blocked in collective #1 with different roots and ends the job, long before the deadlock timeout.
        using var s = new Scratch();
        string app = s.Write("Roots.cs", Sources.Program("Roots", """
                int v = rank, sum = 0;
                cMPI.Reduce(ref v, ref sum, 1, MPI_INT, MPI_SUM, rank, cMPI.COMM_WORLD);
                cMPI.Finalize();
                return 0;
        """));
        var clock = Stopwatch.StartNew();
        Ran r = Cmpi.Process(s, Limit, "-n", "2", "--transport", "tcp", "--deadlock-timeout", "60", app);
        Assert.Equal(124, r.ExitCode);
        Assert.Contains("cmpi-run: collective mismatch on MPI_COMM_WORLD (collective #1 on it): world rank 0 is in " +
                        "MPI_Reduce(root=0), world rank 1 in MPI_Reduce(root=1)", r.Stderr);
        Assert.Contains("rank 1: MPI_Reduce(root=1", r.Stderr);
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(45), $"took {clock.Elapsed}: waited for the deadlock timeout");
    }

    [Fact]
    public void TimeoutKillsRanksStuckInCompute()
    {
        using var s = new Scratch();
        string app = s.Write("Spin.cs", Sources.Program("Spin", """
                long x = 0;
                if (rank == 1) while (true) x++;
                cMPI.Finalize();
                return 0;
        """));
        // generous: rank processes start slowly on a loaded machine
        Ran r = Cmpi.Process(s, Limit, "-n", "2", "--transport", "tcp", "--timeout", "15", app);
        Assert.Equal(124, r.ExitCode);
        Assert.Contains("cmpi-run: the job did not finish within --timeout 15 s (still running: rank 1)", r.Stderr);
        Assert.True(r.Elapsed < TimeSpan.FromSeconds(60), r.ToString());
    }

    [Fact]
    public void HostfileOnLoopbackPlacesRanksBySlots()
    {
        using var s = new Scratch();
        string hostfile = s.Write("hosts", "# two local names\nlocalhost slots=2\n127.0.0.1 slots=1\n");
        string app = s.Write("Sum.cs", Sources.Program("Sum", """
                int one = rank, total = 0;
                cMPI.Allreduce(ref one, ref total, 1, MPI_INT, MPI_SUM, cMPI.COMM_WORLD);
                if (rank == 0) printf("total %d\n", total);
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.Process(s, Limit, "-n", "4", "--transport", "tcp", "--hostfile", hostfile, app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal("total 6\n", r.Stdout);
        Assert.Equal(["localhost", "localhost", "127.0.0.1", "localhost"],
                     Hostfile.Assign(Hostfile.Parse(File.ReadAllText(hostfile)), 4));
    }

    /// <summary>
    /// A tcp rank's thread may run on every CPU of its process: it polls its sockets between yields, and bound to one
    /// core it waited for that core on a loaded machine while another was free (docs/transports.md).
    /// </summary>
    [Fact]
    public void TcpRankThreadsAreNotBoundToOneCore()
    {
        if (!OperatingSystem.IsLinux()) return; // binding exists on Linux only
        using var s = new Scratch();
        string app = s.Write("Affinity.cs", Sources.Program("Affinity", """
                string Allowed(string status) => System.Linq.Enumerable.First(System.IO.File.ReadAllLines(status), l => l.StartsWith("Cpus_allowed_list:")).Split(':')[1].Trim();
                printf("rank %d: %s\n", rank, Allowed("/proc/thread-self/status") == Allowed("/proc/self/status") ? "unbound" : "bound");
                cMPI.Finalize();
                return 0;
        """));
        Ran r = Cmpi.Process(s, Limit, "-n", "2", "--transport", "tcp", app);
        Assert.True(r.ExitCode == 0, r.ToString());
        Assert.Equal(["rank 0: unbound", "rank 1: unbound"], r.StdoutLines.Order());
    }

    [Fact]
    public void HostfileErrorsAreUsageErrors()
    {
        Assert.Throws<UsageException>(() => Hostfile.Parse("node1 slots=two\n"));
        Assert.Throws<UsageException>(() => Hostfile.Parse("# nothing\n"));
        Assert.Equal([new HostSlots("a", 1), new HostSlots("b", 4)], Hostfile.Parse("a\nb slots=4 # big\n"));
    }
}
