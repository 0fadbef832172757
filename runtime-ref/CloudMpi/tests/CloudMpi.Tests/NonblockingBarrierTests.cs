using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

/// <summary>MPI_Ibarrier completes by itself (cMPI.NonblockingBarrier.cs): testing it never waits for the other ranks.</summary>
public class NonblockingBarrierTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    public static IEnumerable<object[]> Sizes => MpiRunner.SizeData;

    /// <summary>Rank 0's Test says "not yet" while rank 1 cannot have started (it waits for rank 0's message).</summary>
    [Fact]
    public void TestIsFalseUntilEveryRankStarted()
    {
        MpiRunner.Run(2, rank =>
        {
            int token = 0;
            if (rank == 0)
            {
                cMPI.Ibarrier(World, out var barrier);
                for (int i = 0; i < 100; i++)
                {
                    cMPI.Test(ref barrier, out int flag, out _);
                    Assert.Equal(0, flag);
                }
                token = 7;
                cMPI.Send(ref token, 1, MPI_INT, 1, 0, World);
                cMPI.Wait(ref barrier, out _);
                Assert.Same(cMPI.REQUEST_NULL, barrier);
            }
            else
            {
                cMPI.Recv(ref token, 1, MPI_INT, 0, 0, World, out _);
                cMPI.Ibarrier(World, out var barrier);
                cMPI.Wait(ref barrier, out _);
            }
        }, deadlockSeconds: 10);
    }

    /// <summary>
    /// The nonblocking consensus (NBX): every rank but the last sends synchronously to the last, which starts its
    /// barrier at once and receives while it tests; the others start theirs when their send was matched.
    /// </summary>
    [Theory]
    [MemberData(nameof(Sizes))]
    public void ConsensusLoopReceivesWhileTesting(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            int last = size - 1, value = rank + 1, received = 0;
            Request send = cMPI.REQUEST_NULL, barrier = cMPI.REQUEST_NULL;
            bool started = false;
            if (rank != last) cMPI.Issend(ref value, 1, MPI_INT, last, 3, World, out send);
            int done = 0;
            while (done == 0)
            {
                cMPI.Iprobe(cMPI.ANY_SOURCE, 3, World, out int flag, out var st);
                if (flag != 0)
                {
                    int v = 0;
                    cMPI.Recv(ref v, 1, MPI_INT, st.MPI_SOURCE, 3, World, out _);
                    received += v;
                }
                if (!started)
                {
                    cMPI.Test(ref send, out flag, out _);
                    if (flag != 0)
                    {
                        cMPI.Ibarrier(World, out barrier);
                        started = true;
                    }
                }
                else cMPI.Test(ref barrier, out done, out _);
            }
            Assert.Equal(rank == last ? size * (size - 1) / 2 : 0, received);
        }, deadlockSeconds: 20, timeoutSeconds: 60);
    }

    /// <summary>Two barriers in flight on one communicator, waited in opposite orders on different ranks, between blocking barriers.</summary>
    [Theory]
    [MemberData(nameof(Sizes))]
    public void BarriersInFlightKeepApart(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            var two = new Request[2];
            for (int round = 0; round < 3; round++)
            {
                cMPI.Ibarrier(World, out two[0]);
                cMPI.Barrier(World);
                cMPI.Ibarrier(World, out two[1]);
                if (rank % 2 == 0) cMPI.Waitall(2, two, null);
                else
                {
                    cMPI.Waitany(2, two, out int first, out _);
                    cMPI.Waitany(2, two, out int second, out _);
                    Assert.Equal(1, first + second);
                }
            }
        });
    }
}
