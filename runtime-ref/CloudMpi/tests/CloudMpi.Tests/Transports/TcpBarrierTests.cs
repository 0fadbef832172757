using CloudMpi.Core;
using CloudMpi.Tests;
using CloudMpi.Transports.Tcp;

namespace CloudMpi.Tests.Transports;

/// <summary>
/// The tcp barrier (issue 28): at 5-7 ranks it is linear, as Open MPI 4.1's tuned barrier at 4-7 (every rank to rank 0
/// and back: 2(p - 1) frames a barrier, where the dissemination barrier sent p ceil(log2 p): 21 at 7 ranks), and no rank
/// leaves a barrier before every rank has entered it, over real connections.
/// Runs in CollectiveVariantTests' collection: the variants are process-wide.
/// </summary>
[Collection(nameof(CollectiveVariantTests))]
public class TcpBarrierTests
{
    private static T WithTheDefaultBarrier<T>(Func<T> body)
    {
        var old = CollectiveVariants.Barrier;
        CollectiveVariants.Barrier = null;
        try { return body(); }
        finally { CollectiveVariants.Barrier = old; }
    }

    private static void WithTheDefaultBarrier(Action body) => WithTheDefaultBarrier(() => { body(); return true; });

    private static long FramesRead(TcpTransport[] ts) => ts.Sum(t => t.FramesRead.ByReader + t.FramesRead.ByRank);

    /// <summary>Frames each barrier costs on <paramref name="ranks"/> ranks with the transport's default barrier: the
    /// frames read during <paramref name="barriers"/> barriers after one that opens the connections.</summary>
    private static double FramesPerBarrier(int ranks, int barriers)
    {
        var job = new TcpJob();
        var before = new long[1];
        using var opened = new Barrier(ranks);
        job.Run(ranks, rank =>
        {
            cMPI.Barrier(cMPI.COMM_WORLD); // every connection the barrier uses is open after this one
            cMPI.Barrier(cMPI.COMM_WORLD);
            opened.SignalAndWait();
            if (rank == 0) before[0] = FramesRead(job.Transports);
            opened.SignalAndWait();
            for (int i = 0; i < barriers; i++) cMPI.Barrier(cMPI.COMM_WORLD);
            cMPI.Barrier(cMPI.COMM_WORLD); // the last counted barrier's frames are all read when this one ends
        });
        return (double)(FramesRead(job.Transports) - before[0]) / (barriers + 1);
    }

    [Theory]
    [InlineData(5, 8)]
    [InlineData(7, 12)]
    public void ABarrierOfFiveToSevenRanksSendsTwoFramesPerRankButOne(int ranks, int frames)
    {
        Assert.Equal(CollectiveVariants.BarrierKind.Linear, WithTheDefaultBarrier(() => CollectiveVariants.BarrierFor("tcp", ranks)));
        Assert.Equal(frames, WithTheDefaultBarrier(() => FramesPerBarrier(ranks, 50)));
    }

    [Theory]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(8)]
    public void OtherSizesKeepTheDisseminationBarrier(int ranks) =>
        Assert.Equal(CollectiveVariants.BarrierKind.Dissemination, WithTheDefaultBarrier(() => CollectiveVariants.BarrierFor("tcp", ranks)));

    /// <summary>No rank leaves barrier k before every rank has entered it (ranks are threads sharing an array; some
    /// arrive late), on the world and on the halves of a split, whose sizes fall on both sides of the linear range.</summary>
    [Theory]
    [InlineData(5)]
    [InlineData(7)]
    [InlineData(9)]
    public void NoRankLeavesATcpBarrierBeforeAllEntered(int size)
    {
        int[] entered = new int[size];
        WithTheDefaultBarrier(() => new TcpJob().Run(size, rank =>
        {
            for (int round = 1; round <= 30; round++)
            {
                if ((round + rank) % 4 == 0) Thread.Sleep(1);
                Volatile.Write(ref entered[rank], round);
                cMPI.Barrier(cMPI.COMM_WORLD);
                for (int r = 0; r < size; r++)
                    Assert.True(Volatile.Read(ref entered[r]) >= round, $"rank {rank} left barrier {round} before rank {r} entered it");
            }
            cMPI.Comm_split(cMPI.COMM_WORLD, rank % 2, rank, out Comm half);
            for (int round = 31; round <= 40; round++)
            {
                if ((round + rank) % 3 == 0) Thread.Sleep(1);
                Volatile.Write(ref entered[rank], round);
                cMPI.Barrier(half);
                for (int r = rank % 2; r < size; r += 2)
                    Assert.True(Volatile.Read(ref entered[r]) >= round, $"rank {rank} left barrier {round} of its half before rank {r} entered it");
            }
            cMPI.Comm_free(ref half);
        }));
    }
}
