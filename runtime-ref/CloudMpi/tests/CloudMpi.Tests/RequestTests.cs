using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

public class RequestTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [Fact]
    public void PersistentRequestsRunManyRounds()
    {
        MpiRunner.Run(3, rank =>
        {
            int next = (rank + 1) % 3, prev = (rank + 2) % 3;
            var outBuf = new int[2];
            var inBuf = new int[2];
            var reqs = new Request[2];
            cMPI.Recv_init(inBuf, 0, 2, MPI_INT, prev, 0, World, out reqs[0]);
            cMPI.Send_init(outBuf, 0, 2, MPI_INT, next, 0, World, out reqs[1]);
            for (int round = 0; round < 4; round++)
            {
                outBuf[0] = round;
                outBuf[1] = rank;
                cMPI.Startall(2, reqs);
                var ex = Assert.Throws<MpiException>(() => cMPI.Start(ref reqs[0]));
                Assert.Equal(cMPI.ERR_REQUEST, ex.ErrorClass);
                cMPI.Waitall(2, reqs, null);
                Assert.Equal([round, prev], inBuf);
                Assert.NotSame(cMPI.REQUEST_NULL, reqs[0]);
            }
            cMPI.Wait(ref reqs[0], out var st); // inactive: at once, empty status
            Assert.Equal(cMPI.ANY_SOURCE, st.MPI_SOURCE);
            cMPI.Request_free(ref reqs[0]);
            Assert.Same(cMPI.REQUEST_NULL, reqs[0]);
        });
    }

    [Fact]
    public void CancelledReceiveNeverTakesAMessage()
    {
        MpiRunner.Run(2, rank =>
        {
            var buf = new int[1];
            cMPI.Irecv(buf, 0, 1, MPI_INT, cMPI.ANY_SOURCE, 5, World, out var r);
            cMPI.Cancel(ref r);
            cMPI.Wait(ref r, out var st);
            cMPI.Test_cancelled(st, out int flag);
            Assert.Equal(1, flag);
            cMPI.Barrier(World); // nothing is sent with tag 5 before both receives were cancelled
            int x = 40 + rank, y = 0;
            cMPI.Send(ref x, 1, MPI_INT, 1 - rank, 5, World);
            cMPI.Recv(ref y, 1, MPI_INT, 1 - rank, 5, World, out st);
            Assert.Equal(41 - rank, y); // the message went to the later receive
            cMPI.Test_cancelled(st, out flag);
            Assert.Equal(0, flag);
        });
    }

    [Fact]
    public void WaitsomeTestanyTestsome()
    {
        MpiRunner.Run(4, rank =>
        {
            var vals = new int[4];
            var reqs = new Request[4];
            for (int i = 0; i < 4; i++) cMPI.Irecv(vals, i, 1, MPI_INT, i, 0, World, out reqs[i]);
            cMPI.Testsome(4, reqs, out int none, new int[4], null);
            for (int i = 0; i < 4; i++)
            {
                int v = rank * 10 + i;
                cMPI.Send(ref v, 1, MPI_INT, i, 0, World);
            }
            int done = none, outcount;
            var idx = new int[4];
            var sts = new Status[4];
            while (true)
            {
                cMPI.Waitsome(4, reqs, out outcount, idx, sts);
                if (outcount == cMPI.UNDEFINED) break;
                for (int k = 0; k < outcount; k++) Assert.Equal(idx[k], sts[k].MPI_SOURCE);
                done += outcount;
            }
            Assert.Equal(4, done);
            Assert.Equal([rank, 10 + rank, 20 + rank, 30 + rank], vals);
            cMPI.Testany(4, reqs, out int index, out int flag, out _);
            Assert.Equal((cMPI.UNDEFINED, 1), (index, flag));
        });
    }

    [Fact]
    public void BufferedSendNeedsAttachedSpace()
    {
        MpiRunner.Run(2, rank =>
        {
            int x = rank, y = -1;
            var ex = Assert.Throws<MpiException>(() => cMPI.Bsend(ref x, 1, MPI_INT, 1 - rank, 0, World));
            Assert.Equal(cMPI.ERR_BUFFER, ex.ErrorClass);
            var space = new byte[cMPI.BSEND_OVERHEAD + 4];
            cMPI.Buffer_attach(space, 0, space.Length);
            cMPI.Bsend(ref x, 1, MPI_INT, 1 - rank, 0, World);
            cMPI.Recv(ref y, 1, MPI_INT, 1 - rank, 0, World, out _);
            Assert.Equal(1 - rank, y);
            cMPI.Buffer_detach(out byte[] back, out int size);
            Assert.Same(space, back);
            Assert.Equal(space.Length, size);
        });
    }
}
