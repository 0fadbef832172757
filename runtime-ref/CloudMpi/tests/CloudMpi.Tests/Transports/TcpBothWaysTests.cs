using CloudMpi.Transports.Tcp;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests.Transports;

/// <summary>
/// Two ranks exchange their frames both ways on one tcp connection (issue 28, round 15; docs/transports.md, "One
/// connection both ways"), so that the kernel's acknowledgement of a frame travels inside the answer instead of as a
/// segment of its own. When both ranks open a connection at once, the lower rank's carries both ways and the frames
/// the higher rank wrote on its own before it switched still arrive, in order.
/// </summary>
public class TcpBothWaysTests
{
    [Fact]
    public void APingPongsAnswersComeBackOnTheConnectionItsPingsWentOn()
    {
        const int rounds = 200;
        var job = new TcpJob();
        job.Run(2, rank =>
        {
            cMPI.Barrier(cMPI.COMM_WORLD); // both ranks send at once: both may open a connection
            int[] buf = new int[1];
            for (int i = 0; i < rounds; i++)
            {
                if (rank == 0)
                {
                    buf[0] = i;
                    cMPI.Send(buf, 0, 1, MPI_INT, 1, 1, cMPI.COMM_WORLD);
                    cMPI.Recv(buf, 0, 1, MPI_INT, 1, 2, cMPI.COMM_WORLD, out _);
                    Assert.Equal(i + 1, buf[0]);
                }
                else
                {
                    cMPI.Recv(buf, 0, 1, MPI_INT, 0, 1, cMPI.COMM_WORLD, out _);
                    Assert.Equal(i, buf[0]);
                    buf[0]++;
                    cMPI.Send(buf, 0, 1, MPI_INT, 0, 2, cMPI.COMM_WORLD);
                }
            }
        });
        // Whichever rank opened the pair's connection reads the other's frames on it: every answer (or every ping).
        long onOwn = job.Transports.Sum(t => t.FramesOnOwnConnections);
        Assert.True(onOwn >= rounds, $"{onOwn} frames came back on a connection their receiver had opened (one way only?)");
    }

    [Fact]
    public void AConnectionThePeerNeverAnswersOnStaysOutOfTheRanksLooks()
    {
        const int checks = 2000;
        long looks = -1;
        var job = new TcpJob();
        var transports = (Func<TcpTransport[]>)(() => job.Transports);
        job.Run(3, rank =>
        {
            int[] buf = new int[1];
            if (rank == 0) cMPI.Send(buf, 0, 1, MPI_INT, 1, 1, cMPI.COMM_WORLD);
            if (rank == 1)
            {
                cMPI.Send(buf, 0, 1, MPI_INT, 2, 1, cMPI.COMM_WORLD); // rank 2 never sends to rank 1
                cMPI.Recv(buf, 0, 1, MPI_INT, 0, 1, cMPI.COMM_WORLD, out _);
                var t = transports()[1];
                long before = t.Looks;
                for (int i = 0; i < checks; i++)
                {
                    cMPI.Iprobe(cMPI.ANY_SOURCE, 2, cMPI.COMM_WORLD, out int flag, out _);
                    Assert.Equal(0, flag);
                }
                looks = t.Looks - before;
            }
            if (rank == 2) cMPI.Recv(buf, 0, 1, MPI_INT, 1, 1, cMPI.COMM_WORLD, out _);
            cMPI.Barrier(cMPI.COMM_WORLD);
        });
        if (!OperatingSystem.IsLinux()) return;
        // Rank 1 reads one connection (rank 0's): a receive call per check, no poll call beside it.
        Assert.True(looks is >= 0 and <= 10, $"{checks} checks of a rank with one live connection made {looks} looks at several");
    }

    [Fact]
    public void FramesSentWhileBothRanksOpenTheirConnectionsArriveInOrder()
    {
        const int ranks = 4, messages = 300;
        new TcpJob().Run(ranks, rank =>
        {
            // Every rank sends to every other at once from the start: pairs open connections both ways at the same
            // moment, and the higher rank of a pair switches to the lower one's while its frames are on the way.
            int[] buf = new int[1];
            for (int i = 0; i < messages; i++)
            {
                for (int peer = 0; peer < ranks; peer++)
                {
                    if (peer == rank) continue;
                    buf[0] = i;
                    cMPI.Send(buf, 0, 1, MPI_INT, peer, 5, cMPI.COMM_WORLD);
                }
            }
            for (int peer = 0; peer < ranks; peer++)
            {
                if (peer == rank) continue;
                for (int i = 0; i < messages; i++)
                {
                    cMPI.Recv(buf, 0, 1, MPI_INT, peer, 5, cMPI.COMM_WORLD, out _);
                    Assert.Equal(i, buf[0]);
                }
            }
            cMPI.Barrier(cMPI.COMM_WORLD);
        });
    }
}
