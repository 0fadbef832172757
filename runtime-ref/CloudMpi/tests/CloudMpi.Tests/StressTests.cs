using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

public class StressTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    /// <summary>Every rank sends to every rank (mixed Send/Isend), receives with ANY_SOURCE; per-source order must hold.</summary>
    [Fact]
    public void AllToAllAnySourceKeepsPerSenderOrder()
    {
        const int size = 7, perPeer = 300;
        MpiRunner.Run(size, rank =>
        {
            var rng = new Random(rank);
            // Counts each rank will receive are known: perPeer from each other rank.
            var recvThread = new int[size];
            int expectedTotal = (size - 1) * perPeer;
            int sent = 0, received = 0;
            var next = new int[size];
            int[] payload = new int[2];
            int[] got = new int[2];
            // Interleave sending and receiving so nobody needs unbounded buffering in a real transport.
            while (sent < expectedTotal || received < expectedTotal)
            {
                if (sent < expectedTotal)
                {
                    int k = sent++;
                    int dest = (rank + 1 + k % (size - 1)) % size;
                    payload[0] = rank;
                    payload[1] = next[dest]++;
                    switch (rng.Next(2))
                    {
                        case 0: cMPI.Send(payload, 0, 2, MPI_INT, dest, 5, World); break;
                        case 1:
                            cMPI.Isend(payload, 0, 2, MPI_INT, dest, 5, World, out var req);
                            cMPI.Wait(ref req, out _);
                            break;
                    }
                }
                cMPI.Iprobe(cMPI.ANY_SOURCE, 5, World, out int flag, out _);
                while ((flag == 1 || sent == expectedTotal) && received < expectedTotal)
                {
                    cMPI.Recv(got, 0, 2, MPI_INT, cMPI.ANY_SOURCE, 5, World, out var st);
                    Assert.Equal(st.MPI_SOURCE, got[0]);
                    Assert.Equal(recvThread[got[0]]++, got[1]);
                    received++;
                    cMPI.Iprobe(cMPI.ANY_SOURCE, 5, World, out flag, out _);
                }
            }
            for (int s = 0; s < size; s++) Assert.Equal(s == rank ? 0 : perPeer, recvThread[s]);
            int total = 0;
            cMPI.Allreduce(ref received, ref total, 1, MPI_INT, MPI_SUM, World);
            Assert.Equal(size * expectedTotal, total);
        }, deadlockSeconds: 20, timeoutSeconds: 120);
    }

    /// <summary>Many synchronous sends into ANY_SOURCE receives: each completes, in per-sender order.</summary>
    [Fact]
    public void SsendFanIn()
    {
        const int size = 5, n = 400;
        MpiRunner.Run(size, rank =>
        {
            if (rank != 0)
            {
                for (int i = 0; i < n; i++) cMPI.Ssend(ref i, 1, MPI_INT, 0, 1, World);
            }
            else
            {
                var next = new int[size];
                for (int k = 0; k < (size - 1) * n; k++)
                {
                    int v = -1;
                    cMPI.Recv(ref v, 1, MPI_INT, cMPI.ANY_SOURCE, 1, World, out var st);
                    Assert.Equal(next[st.MPI_SOURCE]++, v);
                }
            }
        }, timeoutSeconds: 120);
    }

    [Fact]
    public void ManyCollectivesInARow()
    {
        MpiRunner.Run(7, rank =>
        {
            for (int i = 0; i < 500; i++)
            {
                int v = rank + i, s = 0;
                cMPI.Allreduce(ref v, ref s, 1, MPI_INT, MPI_SUM, World);
                Assert.Equal(21 + 7 * i, s);
                int b = rank == i % 7 ? i : -1;
                cMPI.Bcast(ref b, 1, MPI_INT, i % 7, World);
                Assert.Equal(i, b);
                if (i % 50 == 0) cMPI.Barrier(World);
            }
        }, timeoutSeconds: 120);
    }
}
