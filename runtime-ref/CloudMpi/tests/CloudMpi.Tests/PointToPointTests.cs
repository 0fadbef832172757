using static CloudMpi.Datatype;
using CloudMpi.Libc;
using static CloudMpi.Tests.DatatypeTests;

namespace CloudMpi.Tests;

public class PointToPointTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    [Fact]
    public void InitSizeRank()
    {
        var seen = new int[4];
        MpiRunner.Run(4, rank =>
        {
            cMPI.Initialized(out int flag);
            Assert.Equal(1, flag);
            cMPI.Comm_size(World, out int size);
            cMPI.Comm_rank(World, out int r);
            Assert.Equal(4, size);
            seen[rank] = r;
            cMPI.Comm_size(cMPI.COMM_SELF, out int selfSize);
            cMPI.Comm_rank(cMPI.COMM_SELF, out int selfRank);
            Assert.Equal((1, 0), (selfSize, selfRank));
        });
        Assert.Equal([0, 1, 2, 3], seen);
    }

    [Fact]
    public void PingPong()
    {
        MpiRunner.Run(2, rank =>
        {
            int[] buf = new int[3];
            for (int i = 0; i < 200; i++)
            {
                if (rank == 0)
                {
                    buf[0] = i; buf[1] = 2 * i; buf[2] = -i;
                    Assert.Equal(cMPI.SUCCESS, cMPI.Send(buf, 0, 3, MPI_INT, 1, 7, World));
                    Array.Clear(buf);
                    cMPI.Recv(buf, 0, 3, MPI_INT, 1, 8, World, out var st);
                    Assert.Equal([i + 1, 2 * i + 1, -i + 1], buf);
                    Assert.Equal(1, st.MPI_SOURCE);
                    Assert.Equal(8, st.MPI_TAG);
                }
                else
                {
                    cMPI.Recv(buf, 0, 3, MPI_INT, 0, 7, World, out var st);
                    Assert.Equal(0, st.MPI_SOURCE);
                    for (int k = 0; k < 3; k++) buf[k]++;
                    cMPI.Send(buf, 0, 3, MPI_INT, 0, 8, World);
                }
            }
        });
    }

    [Fact]
    public void NonOvertakingThousandMessages()
    {
        const int n = 1000;
        MpiRunner.Run(2, rank =>
        {
            if (rank == 0)
            {
                for (int i = 0; i < n; i++)
                {
                    long v = i;
                    cMPI.Send(ref v, 1, MPI_LONG, 1, i % 3, World); // mixed tags
                }
            }
            else
            {
                // Received with ANY_TAG they must come in send order.
                for (int i = 0; i < n; i++)
                {
                    long v = -1;
                    cMPI.Recv(ref v, 1, MPI_LONG, 0, cMPI.ANY_TAG, World, out var st);
                    Assert.Equal(i, v);
                    Assert.Equal(i % 3, st.MPI_TAG);
                }
            }
        });
    }

    [Fact]
    public void NonOvertakingPerTagWithSpecificTags()
    {
        MpiRunner.Run(2, rank =>
        {
            if (rank == 0)
            {
                for (int i = 0; i < 300; i++) cMPI.Send(ref i, 1, MPI_INT, 1, i % 2, World);
            }
            else
            {
                // All tag-1 messages first, then tag 0: each tag's stream stays in order.
                for (int i = 1; i < 300; i += 2)
                {
                    int v = -1;
                    cMPI.Recv(ref v, 1, MPI_INT, 0, 1, World, out _);
                    Assert.Equal(i, v);
                }
                for (int i = 0; i < 300; i += 2)
                {
                    int v = -1;
                    cMPI.Recv(ref v, 1, MPI_INT, 0, 0, World, out _);
                    Assert.Equal(i, v);
                }
            }
        });
    }

    [Fact]
    public void AnySourceAnyTagAndStatus()
    {
        MpiRunner.Run(4, rank =>
        {
            if (rank != 0)
            {
                double[] data = [rank, rank * 0.5];
                cMPI.Send(data, 0, rank == 3 ? 1 : 2, MPI_DOUBLE, 0, 10 * rank, World);
            }
            else
            {
                var sources = new HashSet<int>();
                for (int k = 0; k < 3; k++)
                {
                    double[] buf = new double[4];
                    cMPI.Recv(buf, 1, 2, MPI_DOUBLE, cMPI.ANY_SOURCE, cMPI.ANY_TAG, World, out var st);
                    Assert.Equal(10 * st.MPI_SOURCE, st.MPI_TAG);
                    Assert.Equal(cMPI.SUCCESS, st.MPI_ERROR);
                    Assert.Equal(st.MPI_SOURCE, buf[1]);
                    Assert.Equal(0.0, buf[0]);
                    cMPI.Get_count(st, MPI_DOUBLE, out int count);
                    Assert.Equal(st.MPI_SOURCE == 3 ? 1 : 2, count);
                    cMPI.Get_count(ref st, MPI_INT, out int ints);
                    Assert.Equal(2 * count, ints);
                    cMPI.Get_count(st, MPI_LONG_DOUBLE, out int ld);  // 16-byte elements: two doubles make one
                    Assert.Equal(count == 2 ? 1 : cMPI.UNDEFINED, ld);
                    sources.Add(st.MPI_SOURCE);
                }
                Assert.Equal([1, 2, 3], sources.Order());
            }
        });
    }

    [Fact]
    public void GetCountUndefinedForPartialElements()
    {
        MpiRunner.Run(2, rank =>
        {
            byte[] b = new byte[8];
            if (rank == 0) cMPI.Send(b, 0, 6, MPI_BYTE, 1, 0, World);
            else
            {
                cMPI.Recv(b, 0, 8, MPI_BYTE, 0, 0, World, out var st);
                cMPI.Get_count(st, MPI_INT, out int n);
                Assert.Equal(cMPI.UNDEFINED, n);
                cMPI.Get_count(st, MPI_SHORT, out n);
                Assert.Equal(3, n);
            }
        });
    }

    [Fact]
    public void UnexpectedQueueMatchesByTagOutOfArrivalOrder()
    {
        MpiRunner.Run(2, rank =>
        {
            if (rank == 0)
            {
                for (int t = 1; t <= 3; t++) cMPI.Send(ref t, 1, MPI_INT, 1, t, World);
                cMPI.Barrier(World);
            }
            else
            {
                cMPI.Barrier(World); // all three are queued as unexpected by now
                foreach (int t in new[] { 3, 1, 2 })
                {
                    int v = 0;
                    cMPI.Recv(ref v, 1, MPI_INT, 0, t, World, out var st);
                    Assert.Equal(t, v);
                    Assert.Equal(t, st.MPI_TAG);
                }
            }
        });
    }

    [Fact]
    public void SendToSelf()
    {
        MpiRunner.Run(1, me =>
        {
            int x = 42, y = 0;
            cMPI.Send(ref x, 1, MPI_INT, 0, 5, World);
            cMPI.Recv(ref y, 1, MPI_INT, 0, 5, World, out var st);
            Assert.Equal(42, y);
            Assert.Equal(0, st.MPI_SOURCE);
        });
    }

    [Fact]
    public void ProcNullCompletesImmediately()
    {
        MpiRunner.Run(2, rank =>
        {
            int[] buf = [7, 7];
            Assert.Equal(cMPI.SUCCESS, cMPI.Send(buf, 0, 2, MPI_INT, cMPI.PROC_NULL, 0, World));
            Assert.Equal(cMPI.SUCCESS, cMPI.Ssend(buf, 0, 2, MPI_INT, cMPI.PROC_NULL, 0, World));
            cMPI.Recv(buf, 0, 2, MPI_INT, cMPI.PROC_NULL, 3, World, out var st);
            Assert.Equal(cMPI.PROC_NULL, st.MPI_SOURCE);
            Assert.Equal(cMPI.ANY_TAG, st.MPI_TAG);
            cMPI.Get_count(st, MPI_INT, out int n);
            Assert.Equal(0, n);
            Assert.Equal([7, 7], buf);
            // A ring with PROC_NULL ends, as in halo exchanges.
            int left = rank == 0 ? cMPI.PROC_NULL : rank - 1;
            int right = rank == 1 ? cMPI.PROC_NULL : rank + 1;
            int mine = rank + 100, got = -5;
            cMPI.Sendrecv(ref mine, 1, MPI_INT, right, 0, ref got, 1, MPI_INT, left, 0, World, out st);
            Assert.Equal(rank == 0 ? -5 : 100, got);
            cMPI.Irecv(buf, 0, 1, MPI_INT, cMPI.PROC_NULL, 0, World, out var req);
            cMPI.Wait(ref req, out st);
            Assert.Equal(cMPI.PROC_NULL, st.MPI_SOURCE);
        });
    }

    [Fact]
    public void ProcNullTouchesNoBuffer()
    {
        // A halo exchange's edge rank passes its neighbour MPI_PROC_NULL with a position past its array
        // (`&a[jend * n]`): Open MPI reads and writes nothing there, nor checks it; a NULL buffer of elements and a
        // negative count are still its argument errors.
        MpiRunner.Run(2, rank =>
        {
            int[] a = [1, 2, 3, 4];
            int pn = cMPI.PROC_NULL;
            Assert.Equal(cMPI.SUCCESS, cMPI.Send(a, 4, 2, MPI_INT, pn, 0, World));
            Assert.Equal(cMPI.SUCCESS, cMPI.Ssend(a, 4, 2, MPI_INT, pn, 0, World));
            Assert.Equal(cMPI.SUCCESS, cMPI.Rsend(a, 4, 2, MPI_INT, pn, 0, World));
            Assert.Equal(cMPI.SUCCESS, cMPI.Bsend(a, 4, 2, MPI_INT, pn, 0, World));
            cMPI.Recv(a, 4, 2, MPI_INT, pn, 0, World, out var st);
            Assert.Equal(pn, st.MPI_SOURCE);
            cMPI.Recv(new Ptr<int>(a, 4), 2, MPI_INT, pn, 0, World, out st);
            cMPI.Sendrecv(a, 4, 2, MPI_INT, pn, 0, a, 4, 2, MPI_INT, pn, 0, World, out st);
            cMPI.Sendrecv_replace(a, 4, 2, MPI_INT, pn, 0, pn, 0, World, out st);
            var reqs = new Request[6];
            cMPI.Isend(a, 4, 2, MPI_INT, pn, 0, World, out reqs[0]);
            cMPI.Issend(a, 4, 2, MPI_INT, pn, 0, World, out reqs[1]);
            cMPI.Irecv(a, 4, 2, MPI_INT, pn, 0, World, out reqs[2]);
            cMPI.Irecv(new Ptr<int>(a, 4), 2, MPI_INT, pn, 0, World, out reqs[3]);
            cMPI.Ibsend(a, 4, 2, MPI_INT, pn, 0, World, out reqs[4]);
            cMPI.Irsend(a, 4, 2, MPI_INT, pn, 0, World, out reqs[5]);
            cMPI.Waitall(6, reqs, null);
            cMPI.Recv_init(a, 4, 2, MPI_INT, pn, 0, World, out var persistent);
            cMPI.Start(ref persistent);
            cMPI.Wait(ref persistent, out st);
            Assert.Equal(pn, st.MPI_SOURCE);
            cMPI.Request_free(ref persistent);
            Assert.Equal([1, 2, 3, 4], a);
            // the buffer is still checked when one of Sendrecv_replace's peers is a rank
            int other = 1 - rank;
            Throws(() => cMPI.Sendrecv_replace(a, 4, 2, MPI_INT, other, 0, pn, 0, World, out _), cMPI.ERR_BUFFER);
            // what Open MPI's argument check reads of an untouched buffer
            Throws(() => cMPI.Send((int[])null!, 0, 2, MPI_INT, pn, 0, World), cMPI.ERR_BUFFER);
            Throws(() => cMPI.Recv(a, 0, -1, MPI_INT, pn, 0, World, out _), cMPI.ERR_COUNT);
            Throws(() => cMPI.Irecv(a, 0, 1, cMPI.DATATYPE_NULL, pn, 0, World, out _), cMPI.ERR_TYPE);
            Assert.Equal(cMPI.SUCCESS, cMPI.Send((int[])null!, 0, 0, MPI_INT, pn, 0, World));
        });
    }

    [Fact]
    public void SsendWaitsForTheMatchingReceive()
    {
        long ssendReturned = 0, recvPosted = 0;
        MpiRunner.Run(2, rank =>
        {
            int v = 9;
            if (rank == 0)
            {
                cMPI.Ssend(ref v, 1, MPI_INT, 1, 0, World);
                Interlocked.Exchange(ref ssendReturned, System.Diagnostics.Stopwatch.GetTimestamp());
            }
            else
            {
                Thread.Sleep(300);
                Interlocked.Exchange(ref recvPosted, System.Diagnostics.Stopwatch.GetTimestamp());
                cMPI.Recv(ref v, 1, MPI_INT, 0, 0, World, out _);
            }
        });
        Assert.True(ssendReturned >= recvPosted, "MPI_Ssend returned before the receive was posted");
    }

    [Fact]
    public void SendIsEagerEvenWithoutReceiver()
    {
        long sendReturned = 0, recvPosted = 0;
        MpiRunner.Run(2, rank =>
        {
            int v = 9;
            if (rank == 0)
            {
                cMPI.Send(ref v, 1, MPI_INT, 1, 0, World);
                Interlocked.Exchange(ref sendReturned, System.Diagnostics.Stopwatch.GetTimestamp());
            }
            else
            {
                Thread.Sleep(300);
                Interlocked.Exchange(ref recvPosted, System.Diagnostics.Stopwatch.GetTimestamp());
                cMPI.Recv(ref v, 1, MPI_INT, 0, 0, World, out _);
            }
        });
        Assert.True(sendReturned < recvPosted, "MPI_Send waited for the receiver");
    }

    [Fact]
    public void SsendToAnUnexpectedQueuedReceiveOrder()
    {
        // Ssend matched by a receive posted later, while other messages are queued.
        MpiRunner.Run(2, rank =>
        {
            if (rank == 0)
            {
                int a = 1, b = 2;
                cMPI.Send(ref a, 1, MPI_INT, 1, 1, World);
                cMPI.Ssend(ref b, 1, MPI_INT, 1, 2, World);
            }
            else
            {
                int x = 0;
                cMPI.Recv(ref x, 1, MPI_INT, 0, 2, World, out _);
                Assert.Equal(2, x);
                cMPI.Recv(ref x, 1, MPI_INT, 0, 1, World, out _);
                Assert.Equal(1, x);
            }
        });
    }

    [Fact]
    public void SendrecvRing()
    {
        foreach (int size in MpiRunner.Sizes)
        {
            MpiRunner.Run(size, rank =>
            {
                int[] mine = [rank, rank * rank];
                int[] got = new int[2];
                cMPI.Sendrecv(mine, 0, 2, MPI_INT, (rank + 1) % size, 4, got, 0, 2, MPI_INT, (rank + size - 1) % size, 4, World, out var st);
                int left = (rank + size - 1) % size;
                Assert.Equal([left, left * left], got);
                Assert.Equal(left, st.MPI_SOURCE);
            });
        }
    }

    [Fact]
    public void NonblockingIrecvIsendWaitallTest()
    {
        MpiRunner.Run(3, rank =>
        {
            if (rank == 0)
            {
                int[] a = new int[2], b = new int[2];
                cMPI.Irecv(a, 0, 2, MPI_INT, 1, 0, World, out var ra);
                cMPI.Irecv(b, 0, 2, MPI_INT, 2, 0, World, out var rb);
                cMPI.Test(ref ra, out int flag, out _);
                // rank 1 waits for our go before sending, so this cannot be complete yet
                Assert.Equal(0, flag);
                int go = 1;
                cMPI.Send(ref go, 1, MPI_INT, 1, 99, World);
                var statuses = new Status[2];
                Request[] reqs = [ra, rb];
                cMPI.Waitall(2, reqs, statuses);
                Assert.Equal([10, 11], a);
                Assert.Equal([20, 21], b);
                Assert.Equal(1, statuses[0].MPI_SOURCE);
                Assert.Equal(2, statuses[1].MPI_SOURCE);
                Assert.Same(cMPI.REQUEST_NULL, reqs[0]);
                // Wait on REQUEST_NULL returns at once.
                var rn = cMPI.REQUEST_NULL;
                cMPI.Wait(ref rn, out var sn);
                Assert.Equal(cMPI.ANY_SOURCE, sn.MPI_SOURCE);
            }
            else
            {
                if (rank == 1)
                {
                    int go = 0;
                    cMPI.Recv(ref go, 1, MPI_INT, 0, 99, World, out _);
                }
                int[] data = [rank * 10, rank * 10 + 1];
                cMPI.Isend(data, 0, 2, MPI_INT, 0, 0, World, out var r);
                data[0] = -1; // eager: the message already has its copy
                cMPI.Wait(ref r, out _);
                Assert.Same(cMPI.REQUEST_NULL, r);
            }
        });
    }

    [Fact]
    public void TestPollsUntilComplete()
    {
        MpiRunner.Run(2, rank =>
        {
            if (rank == 0)
            {
                double[] d = new double[1];
                cMPI.Irecv(d, 0, 1, MPI_DOUBLE, 1, 3, World, out var r);
                cMPI.Barrier(World);
                cMPI.Barrier(World); // rank 1 sent between the barriers
                cMPI.Test(ref r, out int flag, out var st);
                Assert.Equal(1, flag);
                Assert.Equal(2.5, d[0]);
                Assert.Equal(3, st.MPI_TAG);
            }
            else
            {
                cMPI.Barrier(World);
                double x = 2.5;
                cMPI.Send(ref x, 1, MPI_DOUBLE, 0, 3, World);
                cMPI.Barrier(World);
            }
        });
    }

    [Fact]
    public void ProbeAndIprobe()
    {
        MpiRunner.Run(2, rank =>
        {
            if (rank == 0)
            {
                cMPI.Iprobe(1, cMPI.ANY_TAG, World, out int flag, out _);
                Assert.Equal(0, flag);
                int go = 1;
                cMPI.Send(ref go, 1, MPI_INT, 1, 0, World);
                cMPI.Probe(cMPI.ANY_SOURCE, cMPI.ANY_TAG, World, out var st);
                Assert.Equal(1, st.MPI_SOURCE);
                Assert.Equal(6, st.MPI_TAG);
                cMPI.Get_count(st, MPI_INT, out int n);
                Assert.Equal(5, n);
                cMPI.Iprobe(1, 6, World, out flag, out _);
                Assert.Equal(1, flag);
                int[] buf = new int[n];
                cMPI.Recv(buf, 0, n, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, World, out _);
                Assert.Equal([0, 1, 2, 3, 4], buf);
            }
            else
            {
                int go = 0;
                cMPI.Recv(ref go, 1, MPI_INT, 0, 0, World, out _);
                int[] data = [0, 1, 2, 3, 4];
                cMPI.Send(data, 0, 5, MPI_INT, 0, 6, World);
            }
        });
    }

    [Fact]
    public void CommSelfIsIsolatedFromWorld()
    {
        MpiRunner.Run(2, rank =>
        {
            int a = 1, b = 2, x = 0;
            cMPI.Send(ref a, 1, MPI_INT, 0, 0, cMPI.COMM_SELF);
            cMPI.Send(ref b, 1, MPI_INT, rank, 0, World);
            cMPI.Recv(ref x, 1, MPI_INT, cMPI.ANY_SOURCE, 0, World, out var st);
            Assert.Equal(2, x);
            Assert.Equal(rank, st.MPI_SOURCE);
            cMPI.Recv(ref x, 1, MPI_INT, 0, 0, cMPI.COMM_SELF, out st);
            Assert.Equal(1, x);
            Assert.Equal(0, st.MPI_SOURCE);
        });
    }

    [Fact]
    public void StructsAndByteViews()
    {
        MpiRunner.Run(2, rank =>
        {
            var p = new Point3 { X = 1, Y = 2, Z = 3 };
            if (rank == 0)
            {
                cMPI.Send(ref p, 3, MPI_DOUBLE, 1, 0, World);
                cMPI.Send(ref p, 24, MPI_BYTE, 1, 1, World);
                double[] d = [4.5, 5.5];
                cMPI.Send(d, 0, 16, MPI_BYTE, 1, 2, World);
            }
            else
            {
                var q = default(Point3);
                cMPI.Recv(ref q, 3, MPI_DOUBLE, 0, 0, World, out _);
                Assert.Equal(p, q);
                q = default;
                cMPI.Recv(ref q, 24, MPI_BYTE, 0, 1, World, out _);
                Assert.Equal(p, q);
                double[] d = new double[2];
                cMPI.Recv(d, 0, 2, MPI_DOUBLE, 0, 2, World, out _);
                Assert.Equal([4.5, 5.5], d);
            }
        });
    }

    private struct Point3
    {
        public double X, Y, Z;
    }
}
