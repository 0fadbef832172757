using CloudMpi.Core;
using CloudMpi.Transports.InProc;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

/// <summary>
/// In-process ranks copy a large payload once, from the sender's buffer into the receiver's, when the receive is
/// posted with a buffer of its own (<see cref="InProcTransport.SendFrom"/>, the Alltoall exchange): no message array
/// holds a second copy while it is in flight. Each test uses block lengths of its own, so tests beside it, which share
/// the process-wide <see cref="PayloadPool"/>, do not disturb its counts.
/// </summary>
public class InProcDirectTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    private static int Value(int round, int from, int to, int i) => round * 1_000_003 + from * 10_007 + to * 101 + i;

    [Theory]
    [InlineData(2)]
    [InlineData(4)]
    public void AlltoallBlocksGoStraightIntoTheReceiveBuffers(int size)
    {
        const int block = InProcTransport.DirectMinBytes / sizeof(int) + 37;
        int blockBytes = block * sizeof(int);
        MpiRunner.Run(size, rank =>
        {
            int[] send = new int[size * block], recv = new int[size * block];
            for (int round = 0; round < 5; round++)
            {
                for (int to = 0; to < size; to++)
                    for (int i = 0; i < block; i++) send[to * block + i] = Value(round, rank, to, i);
                if (rank == round % size) Thread.Sleep(20); // one rank late: the others find it not yet posted
                cMPI.Alltoall(send, 0, block, MPI_INT, recv, 0, block, MPI_INT, World);
                for (int from = 0; from < size; from++)
                    for (int i = 0; i < block; i++)
                        if (recv[from * block + i] != Value(round, from, rank, i))
                            Assert.Fail($"rank {rank}, round {round}: element {i} of rank {from}'s block is {recv[from * block + i]}");
            }
        });
        // no block went through a stamped message array (which the pool would keep after its receive)
        Assert.Equal(0, PayloadPool.Kept(CollectiveStamp.HeaderBytes + blockBytes));
    }

    [Fact]
    public void AlltoallInPlaceWithLargeBlocks()
    {
        const int size = 3, block = InProcTransport.DirectMinBytes / sizeof(double) + 41;
        MpiRunner.Run(size, rank =>
        {
            double[] buf = new double[size * block];
            for (int to = 0; to < size; to++)
                for (int i = 0; i < block; i++) buf[to * block + i] = Value(0, rank, to, i);
            cMPI.Alltoall(cMPI.IN_PLACE, 0, MPI_DATATYPE_NULL, buf, 0, block, MPI_DOUBLE, World);
            for (int from = 0; from < size; from++)
                for (int i = 0; i < block; i++)
                    Assert.Equal(Value(0, from, rank, i), buf[from * block + i]);
        });
    }

    [Fact]
    public void AlltoallvWithLargeAndSmallBlocksThatChangeEveryRound()
    {
        // NPB IS's exchange: counts differ per pair and per round, some blocks below the direct size, some above
        const int size = 3;
        int small = 100, large = InProcTransport.DirectMinBytes / sizeof(int) + 53;
        int Count(int round, int from, int to) => (round + from + 2 * to) % 3 == 0 ? small + from : large + round * 7 + to;
        MpiRunner.Run(size, rank =>
        {
            for (int round = 0; round < 6; round++)
            {
                int[] scounts = new int[size], sdispls = new int[size], rcounts = new int[size], rdispls = new int[size];
                for (int p = 0, s = 0, r = 0; p < size; p++)
                {
                    (scounts[p], sdispls[p], s) = (Count(round, rank, p), s, s + Count(round, rank, p));
                    (rcounts[p], rdispls[p], r) = (Count(round, p, rank), r, r + Count(round, p, rank));
                }
                int[] send = new int[sdispls[size - 1] + scounts[size - 1]];
                int[] recv = Enumerable.Repeat(-1, rdispls[size - 1] + rcounts[size - 1] + 5).ToArray();
                for (int p = 0; p < size; p++)
                    for (int i = 0; i < scounts[p]; i++) send[sdispls[p] + i] = Value(round, rank, p, i);
                cMPI.Alltoallv(send, 0, scounts, sdispls, MPI_INT, recv, 0, rcounts, rdispls, MPI_INT, World);
                for (int p = 0; p < size; p++)
                    for (int i = 0; i < rcounts[p]; i++)
                        if (recv[rdispls[p] + i] != Value(round, p, rank, i))
                            Assert.Fail($"rank {rank}, round {round}: element {i} from rank {p} is {recv[rdispls[p] + i]}");
                Assert.All(recv[^5..], v => Assert.Equal(-1, v)); // nothing written past the slots
            }
        });
    }

    [Theory]
    [InlineData(3, cMPI.ERR_TRUNCATE)]
    [InlineData(-3, cMPI.ERR_COUNT)]
    public void LargeAlltoallvCountsThatDisagreeFailWithoutWaiting(int extra, int errorClass)
    {
        // rank 1 sends `extra` more (or fewer) ints to everyone than their counts say: the receiving slot is too small
        // (no direct copy, the stamped message is refused) or larger (the direct copy is short)
        int block = InProcTransport.DirectMinBytes / sizeof(int) + 61;
        var result = MpiRunner.RunRaw(3, rank =>
        {
            int[] counts = [block, block, block], displs = [0, block + 8, 2 * block + 16];
            int sent = rank == 1 ? block + extra : block;
            int[] send = new int[3 * (block + 8)], recv = new int[3 * block + 32];
            cMPI.Alltoallv(send, 0, [sent, sent, sent], [0, block + 4, 2 * block + 8], MPI_INT, recv, 0, counts, displs, MPI_INT, World);
        }, deadlockSeconds: 20);
        Assert.Null(result.DeadlockReport);
        var errors = result.Errors.OfType<MpiException>().ToList();
        Assert.NotEmpty(errors);
        Assert.Equal(errorClass, errors[0].ErrorClass);
    }

    [Fact]
    public void LargePointToPointMessagesArriveIntactWhicheverSideComesFirst()
    {
        int count = InProcTransport.DirectMinBytes / sizeof(long) + 71;
        MpiRunner.Run(2, rank =>
        {
            long[] buf = new long[count];
            for (int round = 0; round < 8; round++)
            {
                bool senderLate = round % 2 == 0;
                if (rank == 0)
                {
                    if (senderLate) Thread.Sleep(10); // the receive is posted: the payload goes straight into it
                    for (int i = 0; i < count; i++) buf[i] = Value(round, 0, 1, i);
                    if (round % 4 < 2) cMPI.Send(buf, 0, count, MPI_LONG, 1, round, World);
                    else cMPI.Ssend(buf, 0, count, MPI_LONG, 1, round, World);
                }
                else
                {
                    if (!senderLate) Thread.Sleep(10); // the message waits as a copy of its own
                    cMPI.Recv(buf, 0, count, MPI_LONG, 0, round, World, out var st);
                    Assert.Equal(count * sizeof(long), st.ByteCount);
                    for (int i = 0; i < count; i++)
                        if (buf[i] != Value(round, 0, 1, i)) Assert.Fail($"round {round}: element {i} is {buf[i]}");
                }
            }
        });
    }
}
