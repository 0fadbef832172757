using System.Diagnostics;
using CloudMpi.Hosting;
using CloudMpi.Transports;
using CloudMpi.Transports.InProc;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

/// <summary>
/// A storage service that stalls is not a deadlock (issue 6): ranks whose storage request is slow to answer are not
/// counted as stuck, and a deadlock report on a storage transport says whether storage was answering.
/// </summary>
public class StorageStallTests
{
    [Fact]
    public void AnOperationUnderWayLongerThanTheThresholdMakesStorageSlow()
    {
        var storage = new StorageActivity(TimeSpan.FromMilliseconds(50));
        Assert.False(storage.IsSlow());
        Assert.StartsWith("storage answering", storage.Describe());
        using (storage.Begin("get messages from queue q"))
        {
            SpinWait.SpinUntil(storage.IsSlow, TimeSpan.FromSeconds(30));
            Assert.True(storage.IsSlow());
            Assert.Contains("storage slow: 'get messages from queue q' under way for", storage.Describe());
        }
        Assert.False(storage.IsSlow());
        Assert.StartsWith("storage answering: last answer", storage.Describe());
    }

    /// <summary>The in-process transport with a storage record, as azure ranks hosted as threads have.</summary>
    private sealed class StorageBackedInProc(IMessageSink[] sinks, StorageActivity storage) : ITransport, IStorageBacked
    {
        private readonly InProcTransport inner = new(sinks);
        public string Name => "inproc";
        public int WorldSize => inner.WorldSize;
        public void Send(int destWorldRank, cMPIMessage message) => inner.Send(destWorldRank, message);
        public StorageActivity Storage => storage;
        public void Dispose() { }
    }

    [Fact]
    public void RanksWaitingForSlowStorageAreNotReportedAsDeadlockedUntilItAnswers()
    {
        var storage = new StorageActivity(TimeSpan.FromMilliseconds(50));
        var deadlockTimeout = TimeSpan.FromMilliseconds(300);
        using var job = new InProcJob(2, deadlockTimeout, sinks => [new StorageBackedInProc(sinks, storage)]);
        var clock = Stopwatch.StartNew();
        TimeSpan? reportedAt = null;
        job.Deadlocked += _ => reportedAt ??= clock.Elapsed;
        TimeSpan answeredAt;
        // Storage stalls from before the ranks block until well after the deadlock timeout would have passed.
        var stalled = storage.Begin("put a message on queue q");
        var threads = Enumerable.Range(0, 2).Select(rank => new Thread(() =>
        {
            try
            {
                using (job.EnterRank(rank))
                {
                    cMPI.Init();
                    int[] buf = new int[1];
                    cMPI.Recv(buf, 0, 1, MPI_INT, 1 - rank, 0, cMPI.COMM_WORLD, out _); // both receive: a real deadlock
                }
            }
            catch (JobAbortedException)
            {
            }
            finally
            {
                job.RankFinished(rank);
            }
        }) { IsBackground = true }).ToList();
        threads.ForEach(t => t.Start());
        Thread.Sleep(deadlockTimeout * 5);
        Assert.Null(job.DeadlockReport); // storage slow the whole time: not stuck
        answeredAt = clock.Elapsed;
        stalled.Dispose();
        foreach (var t in threads) Assert.True(t.Join(TimeSpan.FromSeconds(60)), "the deadlock was never reported");
        Assert.NotNull(job.DeadlockReport);
        Assert.True(reportedAt >= answeredAt, $"deadlock reported at {reportedAt}, while storage was still slow (answered at {answeredAt})");
        Assert.Contains("storage answering", job.DeadlockReport);
    }
}
