using System.Diagnostics;
using CloudMpi.Hosting;
using CloudMpi.Transports;
using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests.Contract;

/// <summary>
/// What every transport must give the MPI layer, as one abstract suite (System.Threading.Channels-style): each
/// transport has a subclass that says how to build a job's transports. The ranks run on threads of the test
/// process; the transports under test move the messages (the TCP ones over loopback sockets, the Azure ones
/// through Azurite).
/// </summary>
public abstract class TransportContract
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    /// <summary>The transports of a job, given every rank's mailbox (one shared transport or one per rank).</summary>
    internal abstract IReadOnlyList<ITransport> CreateTransports(IMessageSink[] mailboxes);

    /// <summary>Seconds a test job may take (storage queues are slower than sockets).</summary>
    protected virtual double JobSeconds => 60;

    /// <summary>Run <paramref name="body"/> on every rank between Init and Finalize; rethrow the first real failure.</summary>
    protected void Run(int size, Action<int> body)
    {
        using var job = new InProcJob(size, TimeSpan.FromSeconds(JobSeconds), CreateTransports);
        var errors = new Exception?[size];
        var threads = new Thread[size];
        for (int r = 0; r < size; r++)
        {
            int rank = r;
            threads[r] = new Thread(() =>
            {
                try
                {
                    using (job.EnterRank(rank))
                    {
                        cMPI.Init();
                        body(rank);
                        cMPI.Finalize();
                    }
                }
                catch (Exception ex)
                {
                    errors[rank] = ex;
                    if (ex is not JobAbortedException) job.Abort($"rank {rank} failed: {ex.Message}");
                }
                finally
                {
                    job.RankFinished(rank);
                }
            }, 16 * 1024 * 1024) { IsBackground = true, Name = $"rank {rank}" };
        }
        foreach (var t in threads) t.Start();
        var clock = Stopwatch.StartNew();
        foreach (var t in threads)
        {
            var left = TimeSpan.FromSeconds(JobSeconds) - clock.Elapsed;
            if (left < TimeSpan.Zero || !t.Join(left))
            {
                job.Abort("test timeout");
                foreach (var u in threads) u.Join(TimeSpan.FromSeconds(5));
                throw new TimeoutException($"job of {size} ranks did not finish in {JobSeconds} s");
            }
        }
        if (job.DeadlockReport != null) throw new Xunit.Sdk.XunitException("unexpected deadlock:\n" + job.DeadlockReport);
        var first = errors.FirstOrDefault(e => e != null && e is not JobAbortedException) ?? errors.FirstOrDefault(e => e != null);
        if (first != null) throw new AggregateException($"a rank failed: {first.Message}", first);
    }

    [Fact]
    public void PingPongKeepsDataTagAndSource()
    {
        Run(2, rank =>
        {
            int[] buf = new int[3];
            for (int i = 0; i < 50; i++)
            {
                if (rank == 0)
                {
                    buf[0] = i; buf[1] = 2 * i; buf[2] = -i;
                    cMPI.Send(buf, 0, 3, MPI_INT, 1, 7, World);
                    cMPI.Recv(buf, 0, 3, MPI_INT, 1, 8, World, out var st);
                    Assert.Equal([i + 1, 2 * i + 1, -i + 1], buf);
                    Assert.Equal((1, 8), (st.MPI_SOURCE, st.MPI_TAG));
                }
                else
                {
                    cMPI.Recv(buf, 0, 3, MPI_INT, 0, 7, World, out var st);
                    Assert.Equal((0, 7), (st.MPI_SOURCE, st.MPI_TAG));
                    for (int k = 0; k < 3; k++) buf[k]++;
                    cMPI.Send(buf, 0, 3, MPI_INT, 0, 8, World);
                }
            }
        });
    }

    [Fact]
    public void MessagesFromOneSenderDoNotOvertake()
    {
        const int n = 300;
        Run(2, rank =>
        {
            if (rank == 0)
            {
                for (int i = 0; i < n; i++)
                {
                    long v = i;
                    cMPI.Send(ref v, 1, MPI_LONG, 1, i % 3, World);
                }
            }
            else
            {
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

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(cMPIMessage.SmallMessageLimit)]
    [InlineData(cMPIMessage.SmallMessageLimit + 1)]
    [InlineData(1 << 20)]
    public void PayloadsOfEverySizeArriveIntact(int bytes)
    {
        Run(2, rank =>
        {
            var data = new byte[bytes];
            if (rank == 0)
            {
                for (int i = 0; i < bytes; i++) data[i] = (byte)(i * 31 + 7);
                cMPI.Send(data, 0, bytes, MPI_BYTE, 1, 3, World);
            }
            else
            {
                cMPI.Recv(data, 0, bytes, MPI_BYTE, 0, 3, World, out var st);
                cMPI.Get_count(st, MPI_BYTE, out int count);
                Assert.Equal(bytes, count);
                for (int i = 0; i < bytes; i++)
                {
                    if (data[i] != (byte)(i * 31 + 7)) Assert.Fail($"byte {i} differs");
                }
            }
        });
    }

    [Fact]
    public void AnySourceFanIn()
    {
        Run(4, rank =>
        {
            if (rank != 0)
            {
                for (int k = 0; k < 5; k++)
                {
                    int v = rank * 100 + k;
                    cMPI.Send(ref v, 1, MPI_INT, 0, rank, World);
                }
            }
            else
            {
                var next = new int[4];
                for (int k = 0; k < 15; k++)
                {
                    int v = 0;
                    cMPI.Recv(ref v, 1, MPI_INT, cMPI.ANY_SOURCE, cMPI.ANY_TAG, World, out var st);
                    Assert.Equal(st.MPI_SOURCE, st.MPI_TAG);
                    Assert.Equal(st.MPI_SOURCE * 100 + next[st.MPI_SOURCE]++, v); // per-sender order
                }
                Assert.Equal([0, 5, 5, 5], next);
            }
        });
    }

    /// <summary>
    /// A rank that completes its receives with MPI_Waitany or MPI_Waitsome in a loop (one receive posted per sender,
    /// reposted as each completes) gets every message of every sender, each sender's in its order. Issue 28: these
    /// waits now poll the transport as MPI_Wait does; nothing may be lost or reordered by it.
    /// </summary>
    [Theory]
    [InlineData("Waitany")]
    [InlineData("Waitsome")]
    public void WaitanyAndWaitsomeLoopsGetEveryMessageInOrder(string wait)
    {
        const int perSender = 60, senders = 3;
        Run(senders + 1, rank =>
        {
            if (rank != 0)
            {
                for (int k = 0; k < perSender; k++)
                {
                    int v = rank * 1000 + k;
                    cMPI.Send(ref v, 1, MPI_INT, 0, 7, World);
                }
                return;
            }
            var values = new int[senders][];
            var requests = new Request[senders];
            var next = new int[senders];
            for (int s = 0; s < senders; s++)
            {
                values[s] = new int[1];
                cMPI.Irecv(values[s], 0, 1, MPI_INT, s + 1, 7, World, out requests[s]);
            }
            int received = 0;
            var indices = new int[senders];
            var statuses = new Status[senders];
            while (received < senders * perSender)
            {
                int done;
                if (wait == "Waitany")
                {
                    cMPI.Waitany(senders, requests, out indices[0], out statuses[0]);
                    done = 1;
                }
                else
                {
                    cMPI.Waitsome(senders, requests, out done, indices, statuses);
                }
                Assert.InRange(done, 1, senders);
                for (int j = 0; j < done; j++)
                {
                    int s = indices[j];
                    Assert.Equal(s + 1, statuses[j].MPI_SOURCE);
                    Assert.Equal((s + 1) * 1000 + next[s]++, values[s][0]); // this sender's order, none skipped
                    received++;
                    if (next[s] < perSender) cMPI.Irecv(values[s], 0, 1, MPI_INT, s + 1, 7, World, out requests[s]);
                }
            }
            Assert.All(next, n => Assert.Equal(perSender, n));
            // Every request is done: both calls say so with MPI_UNDEFINED.
            cMPI.Waitany(senders, requests, out int index, out _);
            Assert.Equal(cMPI.UNDEFINED, index);
        });
    }

    [Fact]
    public void SynchronousSendCompletesWhenMatched()
    {
        Run(2, rank =>
        {
            int v = 5;
            if (rank == 0)
            {
                cMPI.Ssend(ref v, 1, MPI_INT, 1, 1, World);
                cMPI.Recv(ref v, 1, MPI_INT, 1, 2, World, out _);
                Assert.Equal(6, v);
            }
            else
            {
                cMPI.Recv(ref v, 1, MPI_INT, 0, 1, World, out _);
                v++;
                cMPI.Send(ref v, 1, MPI_INT, 0, 2, World);
            }
        });
    }

    [Fact]
    public void NonblockingExchangeAndSelfMessages()
    {
        Run(3, rank =>
        {
            int[] outv = [rank, rank * rank];
            int[] inv = new int[2];
            int[] self = new int[2];
            int right = (rank + 1) % 3, left = (rank + 2) % 3;
            cMPI.Irecv(inv, 0, 2, MPI_INT, left, 0, World, out var r1);
            cMPI.Isend(outv, 0, 2, MPI_INT, right, 0, World, out var r2);
            cMPI.Irecv(self, 0, 2, MPI_INT, rank, 9, World, out var r3);
            cMPI.Isend(outv, 0, 2, MPI_INT, rank, 9, World, out var r4);
            cMPI.Waitall(4, [r1, r2, r3, r4], null);
            Assert.Equal([left, left * left], inv);
            Assert.Equal(outv, self);
        });
    }

    [Fact]
    public void CollectivesAgree()
    {
        Run(4, rank =>
        {
            double x = rank == 2 ? 3.5 : 0;
            cMPI.Bcast(ref x, 1, MPI_DOUBLE, 2, World);
            Assert.Equal(3.5, x);

            int one = rank + 1, sum = 0;
            cMPI.Allreduce(ref one, ref sum, 1, MPI_INT, MPI_SUM, World);
            Assert.Equal(10, sum);

            int max = 0;
            cMPI.Reduce(ref one, ref max, 1, MPI_INT, MPI_MAX, 0, World);
            if (rank == 0) Assert.Equal(4, max);

            cMPI.Barrier(World);

            int[] send = [rank * 10, rank * 10 + 1, rank * 10 + 2, rank * 10 + 3];
            int[] recv = new int[4];
            cMPI.Alltoall(send, 0, 1, MPI_INT, recv, 0, 1, MPI_INT, World);
            Assert.Equal([rank, 10 + rank, 20 + rank, 30 + rank], recv);

            int[] all = rank == 0 ? [7, 8, 9, 10] : new int[4];
            int mine = 0;
            cMPI.Scatter(all, 0, 1, MPI_INT, ref mine, 1, MPI_INT, 0, World);
            Assert.Equal(7 + rank, mine);
        });
    }

    [Fact]
    public void SplitCommunicatorsDoNotMix()
    {
        Run(4, rank =>
        {
            cMPI.Comm_split(World, rank % 2, rank, out Comm half);
            cMPI.Comm_rank(half, out int hr);
            int v = hr == 0 ? 100 + rank : -1;
            cMPI.Bcast(ref v, 1, MPI_INT, 0, half);
            Assert.Equal(100 + rank % 2, v);
            // The same tag on two communicators: each receive gets its own communicator's message.
            int w = rank, got = -1;
            int peer = rank ^ 1;
            cMPI.Sendrecv(ref w, 1, MPI_INT, peer, 4, ref got, 1, MPI_INT, peer, 4, World, out _);
            Assert.Equal(peer, got);
            cMPI.Comm_free(ref half);
        });
    }

    /// <summary>
    /// One-sided calls travel as messages to the target's mailbox, which applies them without the target's
    /// participation (the cloudMPI thesis's request/reply relay): so they must work on every transport.
    /// </summary>
    [Fact]
    public void OneSidedFenceAndLocksWork()
    {
        Run(3, rank =>
        {
            int size = 3;
            var mem = new double[size + 1];
            cMPI.Win_create(mem, 0, 8L * mem.Length, 8, cMPI.INFO_NULL, World, out var win);
            cMPI.Win_fence(0, win);
            double me = rank + 0.5;
            for (int t = 0; t < size; t++) cMPI.Put(ref me, 1, MPI_DOUBLE, t, rank, 1, MPI_DOUBLE, win);
            double one = 1;
            cMPI.Accumulate(ref one, 1, MPI_DOUBLE, 0, size, 1, MPI_DOUBLE, MPI_SUM, win);
            cMPI.Win_fence(0, win);
            for (int r = 0; r < size; r++) Assert.Equal(r + 0.5, mem[r]);
            if (rank == 0) Assert.Equal(size, mem[size]);
            var got = new double[size];
            cMPI.Get(got, 0, size, MPI_DOUBLE, (rank + 1) % size, 0, size, MPI_DOUBLE, win);
            cMPI.Win_fence(0, win);
            Assert.Equal(Enumerable.Range(0, size).Select(r => r + 0.5), got);
            cMPI.Win_free(ref win);

            // Exclusive locks serialise a read-modify-write on rank 0's counter (Win_allocate's memory).
            cMPI.Win_allocate(8, 8, cMPI.INFO_NULL, World, out long[] counter, out var cwin);
            for (int i = 0; i < 3; i++)
            {
                cMPI.Win_lock(cMPI.LOCK_EXCLUSIVE, 0, 0, cwin);
                long v = 0;
                cMPI.Get(ref v, 1, MPI_LONG, 0, 0, 1, MPI_LONG, cwin);
                v++;
                cMPI.Put(ref v, 1, MPI_LONG, 0, 0, 1, MPI_LONG, cwin);
                cMPI.Win_unlock(0, cwin);
            }
            cMPI.Barrier(World);
            if (rank == 0) Assert.Equal(3L * size, counter[0]);
            cMPI.Win_free(ref cwin);
        });
    }
}
