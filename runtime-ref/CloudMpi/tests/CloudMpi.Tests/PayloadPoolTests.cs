using CloudMpi.Core;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

/// <summary>
/// Large point-to-point payloads come from <see cref="PayloadPool"/> and go back to it once received, and arrays that
/// are shared (a broadcast's) never do. Each test uses a payload length of its own, so tests running beside it,
/// which share the process-wide pool, do not disturb its counts.
/// </summary>
public class PayloadPoolTests
{
    private static byte Pattern(int round, int rank, int i) => (byte)(round * 31 + rank * 7 + i);

    [Fact]
    public void LargeMessagesArriveIntactWhileTheirArraysAreReused()
    {
        const int bytes = PayloadPool.MinPooledBytes + 3 * 8 + 1;
        MpiRunner.Run(2, rank =>
        {
            byte[] send = new byte[bytes], recv = new byte[bytes];
            int peer = 1 - rank;
            for (int round = 0; round < 40; round++)
            {
                for (int i = 0; i < bytes; i++) send[i] = Pattern(round, rank, i);
                if (round % 2 == 0)
                {
                    // Blocking, both directions at once: each rank's arrays are in flight while the other's come back.
                    cMPI.Sendrecv(send, 0, bytes, MPI_BYTE, peer, round, recv, 0, bytes, MPI_BYTE, peer, round, cMPI.COMM_WORLD, out var st);
                    Assert.Equal(bytes, st.ByteCount);
                }
                else
                {
                    cMPI.Irecv(recv, 0, bytes, MPI_BYTE, peer, round, cMPI.COMM_WORLD, out var rr);
                    cMPI.Isend(send, 0, bytes, MPI_BYTE, peer, round, cMPI.COMM_WORLD, out var sr);
                    cMPI.Wait(ref sr, out _);
                    cMPI.Wait(ref rr, out _);
                }
                for (int i = 0; i < bytes; i++)
                    if (recv[i] != Pattern(round, peer, i))
                        Assert.Fail($"rank {rank}, round {round}: byte {i} is {recv[i]}, expected {Pattern(round, peer, i)}");
            }
        });
        Assert.InRange(PayloadPool.Kept(bytes), 1, 4); // received arrays came back, and were reused rather than piling up
    }

    [Fact]
    public void BroadcastHopsGiveTheirArraysBackAndSharedArraysStayIntact()
    {
        const int bytes = PayloadPool.MinPooledBytes + 5 * 8 + 3;
        const int block = PayloadPool.MinPooledBytes / 2 + 8 * 9 + 1; // Allgather's packed result (4 blocks) is broadcast as one shared array
        MpiRunner.Run(4, rank =>
        {
            byte[] buf = new byte[bytes];
            byte[] mine = new byte[block], all = new byte[4 * block];
            for (int round = 0; round < 6; round++)
            {
                if (rank == 0) for (int i = 0; i < bytes; i++) buf[i] = Pattern(round, 0, i);
                cMPI.Bcast(buf, 0, bytes, MPI_BYTE, 0, cMPI.COMM_WORLD);
                for (int i = 0; i < bytes; i++)
                    if (buf[i] != Pattern(round, 0, i)) Assert.Fail($"bcast: rank {rank}, round {round}: byte {i} differs");
                for (int i = 0; i < block; i++) mine[i] = Pattern(round, rank, i);
                cMPI.Allgather(mine, 0, block, MPI_BYTE, all, 0, block, MPI_BYTE, cMPI.COMM_WORLD);
                for (int r = 0; r < 4; r++)
                    for (int i = 0; i < block; i++)
                        if (all[r * block + i] != Pattern(round, r, i)) Assert.Fail($"allgather: rank {rank}, round {round}: block {r} byte {i} differs");
            }
        });
        // Every hop's message owned its stamped array and gave it back; the pool reused them rather than piling up.
        Assert.InRange(PayloadPool.Kept(CollectiveStamp.HeaderBytes + bytes), 1, 6);
    }

    [Fact]
    public void SmallMessagesAreNotPooled()
    {
        const int bytes = PayloadPool.MinPooledBytes - 8 * 11 - 1;
        MpiRunner.Run(2, rank =>
        {
            byte[] small = new byte[bytes];
            if (rank == 0) cMPI.Send(small, 0, bytes, MPI_BYTE, 1, 0, cMPI.COMM_WORLD);
            if (rank == 1) cMPI.Recv(small, 0, bytes, MPI_BYTE, 0, 0, cMPI.COMM_WORLD, out _);
        });
        Assert.Equal(0, PayloadPool.Kept(bytes));
    }
}
