using System.Diagnostics;
using CloudMpi.Hosting;
using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

public class HostingTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [Fact]
    public void DeadlockBothReceiveIsReported()
    {
        var r = MpiRunner.RunRaw(2, rank =>
        {
            int x = 0;
            cMPI.Recv(ref x, 1, MPI_INT, 1 - rank, 0, World, out _);
        }, deadlockSeconds: 0.5, timeoutSeconds: 20);
        Assert.NotNull(r.DeadlockReport);
        Assert.Contains("rank 0: MPI_Recv(source=1, tag=0, comm=MPI_COMM_WORLD)", r.DeadlockReport);
        Assert.Contains("rank 1: MPI_Recv(source=0, tag=0, comm=MPI_COMM_WORLD)", r.DeadlockReport);
        Assert.InRange(r.DeadlockAfter!.Value.TotalSeconds, 0.5, 3.0);
        Assert.All(r.Errors, e => Assert.IsType<JobAbortedException>(e));
        Assert.True(r.Job.IsAborted);
        Assert.Equal(r.DeadlockReport, r.Job.DeadlockReport);
        Assert.Equal(r.DeadlockReport, r.Job.AbortReason);
        Assert.True(r.Job.Deadlock.IsCompletedSuccessfully);
    }

    [Fact]
    public void DeadlockReportNamesFinishedRanksAndCollectives()
    {
        var r = MpiRunner.RunRaw(4, rank =>
        {
            if (rank == 2) return; // finishes without the collective
            if (rank == 3)
            {
                int x = 0;
                cMPI.Recv(ref x, 1, MPI_INT, cMPI.ANY_SOURCE, cMPI.ANY_TAG, World, out _);
                return;
            }
            cMPI.Barrier(World);
        }, deadlockSeconds: 0.5, timeoutSeconds: 20);
        Assert.NotNull(r.DeadlockReport);
        var report = r.DeadlockReport!;
        Assert.Contains("rank 2: finished", report);
        Assert.Contains("rank 3: MPI_Recv(source=MPI_ANY_SOURCE, tag=MPI_ANY_TAG, comm=MPI_COMM_WORLD)", report);
        Assert.Contains("rank 0: MPI_Barrier(comm=MPI_COMM_WORLD) waiting for a message from rank ", report);
        Assert.Contains("rank 1: MPI_Barrier(comm=MPI_COMM_WORLD)", report);
    }

    [Fact]
    public void DeadlockOnSsendAndWait()
    {
        var r = MpiRunner.RunRaw(2, rank =>
        {
            int x = 0;
            if (rank == 0) cMPI.Ssend(ref x, 1, MPI_INT, 1, 5, World);
            else
            {
                int[] b = new int[1];
                cMPI.Irecv(b, 0, 1, MPI_INT, 0, 6, World, out var req);
                cMPI.Wait(ref req, out _);
            }
        }, deadlockSeconds: 0.5, timeoutSeconds: 20);
        Assert.NotNull(r.DeadlockReport);
        Assert.Contains("rank 0: MPI_Ssend(dest=1, tag=5, comm=MPI_COMM_WORLD)", r.DeadlockReport);
        Assert.Contains("rank 1: MPI_Wait(MPI_Irecv source=0, tag=6, comm=MPI_COMM_WORLD)", r.DeadlockReport);
    }

    [Fact]
    public void DeadlockReportNamesBothHalvesOfASendrecv()
    {
        // the send half is kept as numbers and formatted only for the report
        var r = MpiRunner.RunRaw(2, rank =>
        {
            int[] s = new int[1], d = new int[1];
            cMPI.Sendrecv(s, 0, 1, MPI_INT, 1 - rank, 3, d, 0, 1, MPI_INT, 1 - rank, 4, World, out _);
        }, deadlockSeconds: 0.5, timeoutSeconds: 20);
        Assert.NotNull(r.DeadlockReport);
        Assert.Contains("rank 0: MPI_Sendrecv(dest=1, sendtag=3, source=1, tag=4, comm=MPI_COMM_WORLD)", r.DeadlockReport);
        Assert.Contains("rank 1: MPI_Sendrecv(dest=0, sendtag=3, source=0, tag=4, comm=MPI_COMM_WORLD)", r.DeadlockReport);
    }

    [Fact]
    public void NoDeadlockWhileARankComputes()
    {
        var r = MpiRunner.RunRaw(3, rank =>
        {
            int x = 0;
            if (rank == 0)
            {
                cMPI.Recv(ref x, 1, MPI_INT, 1, 0, World, out _);
                Assert.Equal(11, x);
            }
            else if (rank == 1)
            {
                // Computes (busy, no MPI) for several deadlock timeouts, then sends.
                var sw = Stopwatch.StartNew();
                double acc = 0;
                while (sw.ElapsedMilliseconds < 1200) acc += Math.Sqrt(sw.ElapsedTicks);
                x = acc > 0 ? 11 : 12;
                cMPI.Send(ref x, 1, MPI_INT, 0, 0, World);
            }
            else
            {
                Thread.Sleep(900); // sleeping outside MPI is computing too
                cMPI.Barrier(World);
            }
            if (rank != 2) cMPI.Barrier(World);
        }, deadlockSeconds: 0.3, timeoutSeconds: 30);
        Assert.Null(r.DeadlockReport);
        Assert.All(r.Errors, Assert.Null);
    }

    [Fact]
    public void MpiAbortWakesBlockedRanks()
    {
        var r = MpiRunner.RunRaw(3, rank =>
        {
            int x = 0;
            if (rank == 1)
            {
                Thread.Sleep(100);
                cMPI.Abort(World, 3);
            }
            else
            {
                cMPI.Recv(ref x, 1, MPI_INT, 1, 0, World, out _);
            }
        }, deadlockSeconds: 30, timeoutSeconds: 10);
        var abort = Assert.IsType<MpiAbortException>(r.Errors[1]);
        Assert.Equal(3, abort.ErrorCode);
        Assert.IsType<JobAbortedException>(r.Errors[0]);
        Assert.IsType<JobAbortedException>(r.Errors[2]);
        Assert.Equal((1, 3), r.Job.FirstMpiAbort);
        Assert.Null(r.DeadlockReport);
    }

    [Fact]
    public void ExternalAbortWakesEveryBlockedCall()
    {
        using var job = new InProcJob(3, TimeSpan.FromSeconds(60));
        var errors = new Exception?[3];
        var threads = Enumerable.Range(0, 3).Select(rank => new Thread(() =>
        {
            try
            {
                using var bound = job.EnterRank(rank);
                cMPI.Init();
                int x = 0;
                if (rank == 0) cMPI.Recv(ref x, 1, MPI_INT, cMPI.ANY_SOURCE, 0, World, out _);
                else if (rank == 1) cMPI.Ssend(ref x, 1, MPI_INT, 2, 9, World);
                else cMPI.Bcast(ref x, 1, MPI_INT, 0, World);
            }
            catch (Exception ex)
            {
                errors[rank] = ex;
            }
            finally
            {
                job.RankFinished(rank);
            }
        })).ToArray();
        foreach (var t in threads) t.Start();
        Thread.Sleep(200);
        job.Abort("launcher timeout");
        foreach (var t in threads) Assert.True(t.Join(5000));
        Assert.All(errors, e => Assert.Equal("launcher timeout", Assert.IsType<JobAbortedException>(e).Reason));
    }

    [Fact]
    public void RanksAreIsolatedPerThreadAndFallbackIsASingleton()
    {
        // Outside any job a program is a one-rank world (process-wide fallback).
        var t = new Thread(() =>
        {
            cMPI.Comm_size(cMPI.COMM_WORLD, out _);
        });
        Exception? err = null;
        t = new Thread(() =>
        {
            try
            {
                cMPI.Initialized(out int flag);
                if (flag == 0) cMPI.Init();
                cMPI.Comm_size(World, out int size);
                cMPI.Comm_rank(World, out int rank);
                Assert.Equal((1, 0), (size, rank));
            }
            catch (Exception ex) { err = ex; }
        });
        t.Start();
        t.Join();
        Assert.Null(err);

        // Async continuations keep their rank.
        var ranks = new int[4];
        MpiRunner.Run(4, rank =>
        {
            Task.Run(async () =>
            {
                await Task.Yield();
                cMPI.Comm_rank(World, out ranks[rank]);
            }).Wait();
        });
        Assert.Equal([0, 1, 2, 3], ranks);
    }

    [Fact]
    public void InProcJobValidatesArguments()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new InProcJob(0, TimeSpan.FromSeconds(1)));
        using var job = new InProcJob(2, Timeout.InfiniteTimeSpan);
        Assert.Throws<ArgumentOutOfRangeException>(() => job.EnterRank(2));
        Assert.Equal(2, job.Size);
    }
}
