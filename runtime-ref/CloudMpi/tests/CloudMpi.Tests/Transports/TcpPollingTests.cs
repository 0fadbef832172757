using System.Diagnostics;
using System.Net;
using CloudMpi.Hosting;
using CloudMpi.Tests.Contract;
using CloudMpi.Transports;
using CloudMpi.Transports.Tcp;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests.Transports;

/// <summary>
/// Who reads a tcp rank's connections (issue 28): the waiting rank itself while it polls, the reader threads while it
/// computes, sends or sleeps (<see cref="ReaderHandover"/>). These check both halves: that the rank really reads its
/// own frames, and that frames never wait for a rank that is not polling (a sender blocked on a full socket, two ranks
/// sending large messages to each other, a rank asleep).
/// </summary>
public class TcpPollingTests
{
    private const int Large = 32 << 20; // more than the kernel's socket buffers on both ends hold

    private readonly TcpJob job = new();

    private TcpTransport[] transports => job.Transports;

    /// <summary>Run <paramref name="body"/> on 2 ranks (threads) between Init and Finalize; rethrow a rank's failure.</summary>
    private void Run(Action<int> body) => job.Run(2, body);

    [Fact]
    public void TheWaitingRankReadsItsOwnFrames()
    {
        Assert.True(NonBlockingReceive.Supported || !OperatingSystem.IsLinux(), "Linux has a receive call that never waits");
        const int rounds = 2000;
        Run(rank =>
        {
            long[] buf = new long[1];
            int peer = 1 - rank;
            for (int i = 0; i < rounds; i++)
            {
                if (rank == 0)
                {
                    buf[0] = i;
                    cMPI.Send(buf, 0, 1, MPI_LONG, peer, 1, cMPI.COMM_WORLD);
                    cMPI.Recv(buf, 0, 1, MPI_LONG, peer, 2, cMPI.COMM_WORLD, out _);
                    Assert.Equal(-i, buf[0]);
                }
                else
                {
                    cMPI.Recv(buf, 0, 1, MPI_LONG, peer, 1, cMPI.COMM_WORLD, out _);
                    Assert.Equal(i, buf[0]);
                    buf[0] = -i;
                    cMPI.Send(buf, 0, 1, MPI_LONG, peer, 2, cMPI.COMM_WORLD);
                }
            }
        });
        var (byReader, byRank) = (transports.Sum(t => t.FramesRead.ByReader), transports.Sum(t => t.FramesRead.ByRank));
        Assert.True(byReader + byRank >= 2 * rounds, $"{byReader} + {byRank} frames read, at least {2 * rounds} sent");
        if (OperatingSystem.IsLinux())
            Assert.True(byRank > 0, $"no frame of {byReader + byRank} was read by a waiting rank itself");
        else
            Assert.Equal(0, byRank);
    }

    /// <summary>
    /// A look at the rank's connections that finds nothing costs one poll call, not a receive call per connection
    /// (<see cref="ConnectionReadiness"/>). Rank 0 has three connections (ranks 1-3 each sent it a message), then checks
    /// 2000 times with MPI_Iprobe for a message that no one sends: each check looks at its connections once. Before,
    /// each made a non-blocking receive on all three (6000 calls); now the receives are only those of connections the
    /// look found ready, here none. The same job without the look (<see cref="TcpTransport.LooksFirst"/> false, as
    /// before) is run too, to show what is counted: a receive per connection per check.
    /// </summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void AFruitlessLookCostsNoReceivePerConnection(bool looksFirst)
    {
        const int checks = 2000;
        long receives = 0, polls = 0;
        var job = new TcpJob(looksFirst: looksFirst);
        var transports = (Func<TcpTransport[]>)(() => job.Transports);
        job.Run(4, rank =>
        {
            int[] buf = new int[1];
            if (rank != 0)
            {
                cMPI.Send(buf, 0, 1, MPI_INT, 0, 1, cMPI.COMM_WORLD);
                cMPI.Recv(buf, 0, 1, MPI_INT, 0, 3, cMPI.COMM_WORLD, out _); // nothing more reaches rank 0 meanwhile
                return;
            }
            for (int r = 1; r < 4; r++) cMPI.Recv(buf, 0, 1, MPI_INT, r, 1, cMPI.COMM_WORLD, out _);
            var t = transports()[0];
            long receivesBefore = t.RankReceiveCalls, pollsBefore = t.Polls;
            for (int i = 0; i < checks; i++)
            {
                cMPI.Iprobe(cMPI.ANY_SOURCE, 2, cMPI.COMM_WORLD, out int flag, out _);
                Assert.Equal(0, flag);
            }
            receives = t.RankReceiveCalls - receivesBefore;
            polls = t.Polls - pollsBefore;
            for (int r = 1; r < 4; r++) cMPI.Send(buf, 0, 1, MPI_INT, r, 3, cMPI.COMM_WORLD);
        });
        if (!OperatingSystem.IsLinux()) return;
        Assert.True(polls >= checks, $"rank 0 looked at its connections {polls} times in {checks} checks");
        if (looksFirst)
            Assert.True(receives <= 10, $"{checks} checks that found nothing made {receives} receive calls on 3 connections");
        else
            // What is counted: the rank's receives on the connections it holds. How many depends on how long the reader
            // threads stay parked: one per connection per check on a quiet host (6000), but on a loaded one the readers
            // take the connections after a few checks (18-27 measured with four busy loops on 2 cores).
            Assert.True(receives > 0, $"without the look, {checks} checks made no receive call");
    }

    /// <summary>
    /// Rank 1 waits (polls), then computes for 2 s outside MPI; rank 0 sends it more than the sockets hold. The readers
    /// must take the connection back once rank 1 stops polling, so the send completes while rank 1 still computes.
    /// </summary>
    [Fact]
    public void ReadersTakeOverWhileTheRankComputes()
    {
        var clock = Stopwatch.StartNew();
        long sendDone = 0, computeDone = 0;
        Run(rank =>
        {
            byte[] token = new byte[1];
            if (rank == 0)
            {
                var big = new byte[Large];
                big[^1] = 42;
                cMPI.Send(token, 0, 1, MPI_BYTE, 1, 1, cMPI.COMM_WORLD);
                cMPI.Send(big, 0, Large, MPI_BYTE, 1, 2, cMPI.COMM_WORLD);
                Volatile.Write(ref sendDone, clock.ElapsedTicks);
            }
            else
            {
                cMPI.Recv(token, 0, 1, MPI_BYTE, 0, 1, cMPI.COMM_WORLD, out _);
                var until = clock.Elapsed + TimeSpan.FromSeconds(2);
                while (clock.Elapsed < until) Thread.SpinWait(100); // computing: not in MPI, not polling
                Volatile.Write(ref computeDone, clock.ElapsedTicks);
                var big = new byte[Large];
                cMPI.Recv(big, 0, Large, MPI_BYTE, 0, 2, cMPI.COMM_WORLD, out var st);
                Assert.Equal((Large, (byte)42), (st.ByteCount, big[^1]));
            }
        });
        Assert.True(sendDone < computeDone,
            $"rank 0's send of {Large} bytes returned {TimeSpan.FromTicks(sendDone - computeDone).TotalMilliseconds:F0} ms after rank 1 stopped computing");
    }

    /// <summary>Both ranks send each other more than the sockets hold before either receives (MPI calls this unsafe,
    /// but eager transports complete it): whoever is not polling must be read by its reader.</summary>
    [Fact]
    public void LargeSendsBothWaysComplete()
    {
        Run(rank =>
        {
            byte[] token = new byte[1];
            int peer = 1 - rank;
            // Both ranks poll first, so their readers are parked when the large sends begin.
            cMPI.Sendrecv(token, 0, 1, MPI_BYTE, peer, 1, new byte[1], 0, 1, MPI_BYTE, peer, 1, cMPI.COMM_WORLD, out _);
            var mine = new byte[Large];
            mine[0] = (byte)(rank + 1);
            mine[^1] = (byte)(rank + 10);
            cMPI.Send(mine, 0, Large, MPI_BYTE, peer, 2, cMPI.COMM_WORLD);
            var theirs = new byte[Large];
            cMPI.Recv(theirs, 0, Large, MPI_BYTE, peer, 2, cMPI.COMM_WORLD, out _);
            Assert.Equal(((byte)(peer + 1), (byte)(peer + 10)), (theirs[0], theirs[^1]));
        });
    }

    /// <summary>A rank that waits longer than its polling phase sleeps (in the kernel on its own connections; with
    /// CMPI_TCP_SLEEP=lock on its mailbox, and the reader reads the frame and wakes it); the frame wakes it.</summary>
    [Fact]
    public void ASleepingRankIsWokenByItsReader()
    {
        Run(rank =>
        {
            int[] buf = new int[1];
            for (int i = 0; i < 5; i++)
            {
                if (rank == 0)
                {
                    Thread.Sleep(30); // far past the 500 us polling phase: rank 1 is asleep
                    buf[0] = i;
                    cMPI.Send(buf, 0, 1, MPI_INT, 1, 3, cMPI.COMM_WORLD);
                }
                else
                {
                    cMPI.Recv(buf, 0, 1, MPI_INT, 0, 3, cMPI.COMM_WORLD, out _);
                    Assert.Equal(i, buf[0]);
                }
            }
        });
    }

    /// <summary>
    /// A rank asleep on its connections (in the kernel, SocketSleep) is woken by the first frame of a peer that had not
    /// connected to it when it fell asleep: the new connection wakes it so that it watches that one too. In a job of 4
    /// ranks, Init's and Finalize's barriers (dissemination: distances 1 and 2) never have rank 1 send to rank 0, so
    /// its message below opens that connection. The job's longest sleep is 10 s (TcpJob): a wake-up left to it fails.
    /// </summary>
    [Fact]
    public void ARankAsleepOnItsConnectionsIsWokenByANewPeer()
    {
        var clock = Stopwatch.StartNew();
        TimeSpan waited = default;
        job.Run(4, rank =>
        {
            int[] buf = new int[1];
            if (rank == 1)
            {
                Thread.Sleep(50); // rank 0 is asleep by now: its polling phase is 500 us
                buf[0] = 77;
                cMPI.Send(buf, 0, 1, MPI_INT, 0, 9, cMPI.COMM_WORLD);
            }
            else if (rank == 0)
            {
                var start = clock.Elapsed;
                cMPI.Recv(buf, 0, 1, MPI_INT, 1, 9, cMPI.COMM_WORLD, out _);
                waited = clock.Elapsed - start;
                Assert.Equal(77, buf[0]);
            }
        });
        // (Who read that frame depends on the host's timing: the new connection's reader, had it started reading before
        // rank 0's wait, holds it and delivers the frame, waking rank 0 through its eventfd; either way in time.)
        Assert.True(waited < TimeSpan.FromSeconds(5), $"rank 0 got its first message from rank 1 after {waited.TotalSeconds:F1} s");
    }

    /// <summary>An abort wakes a rank asleep on its connections (it waits for a message that never comes); the job's
    /// longest sleep is 10 s, so an abort that did not wake it would show.</summary>
    [Fact]
    public void AnAbortWakesARankAsleepOnItsConnections()
    {
        var clock = Stopwatch.StartNew();
        var e = Assert.Throws<AggregateException>(() => Run(rank =>
        {
            int[] buf = new int[1];
            if (rank == 0)
            {
                Thread.Sleep(50); // rank 1 is asleep by now
                throw new InvalidOperationException("rank 0 gives up");
            }
            cMPI.Recv(buf, 0, 1, MPI_INT, 0, 9, cMPI.COMM_WORLD, out _);
        }));
        Assert.Contains("rank 0 gives up", e.Message);
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(5), $"the job took {clock.Elapsed.TotalSeconds:F1} s to end");
    }

    /// <summary>
    /// A rank that waits for its messages by polling with one kind of nonblocking check alone (a loop of MPI_Testany,
    /// MPI_Testall, MPI_Testsome or MPI_Improbe, as graph500's active messages do) reads its connections itself, as a loop
    /// of MPI_Test or MPI_Iprobe does: each check that finds nothing polls them once. Rank 1 never blocks, so every poll
    /// of its transport in the loop is a check's; before, only MPI_Test and MPI_Iprobe polled, and the others left every
    /// frame to the reader threads. (How many frames the rank then reads itself depends on the host: on a loaded one a
    /// yield between two checks can outlast the readers' grace period, and they read; so the polls are what is asserted.)
    /// </summary>
    [Theory]
    [InlineData("Testany")]
    [InlineData("Testall")]
    [InlineData("Testsome")]
    [InlineData("Improbe")]
    public void APollingLoopOfEveryNonblockingCheckReadsTheRanksOwnFrames(string check)
    {
        const int rounds = 300;
        long polls = 0, readByChecks = 0;
        Run(rank =>
        {
            int[] buf = new int[1];
            if (rank == 0)
            {
                for (int i = 0; i < rounds; i++)
                {
                    buf[0] = i;
                    cMPI.Send(buf, 0, 1, MPI_INT, 1, 5, cMPI.COMM_WORLD);
                    cMPI.Recv(buf, 0, 1, MPI_INT, 1, 6, cMPI.COMM_WORLD, out _); // one message in flight at a time
                }
                return;
            }
            // Counted around the loop only: Init and Finalize wait (a barrier), and a waiting rank reads its frames.
            long before = transports[1].FramesRead.ByRank, pollsBefore = transports[1].Polls;
            for (int i = 0; i < rounds; i++)
            {
                Assert.Equal(i, PollFor(check, buf));
                cMPI.Send(buf, 0, 1, MPI_INT, 0, 6, cMPI.COMM_WORLD);
            }
            readByChecks = transports[1].FramesRead.ByRank - before;
            polls = transports[1].Polls - pollsBefore;
        });
        if (OperatingSystem.IsLinux())
            Assert.True(polls > 0, $"rank 1 polled with {check} {rounds} times and never read its connections (it read {readByChecks} frames)");
    }

    /// <summary>
    /// Every blocking completion waits as MPI_Wait does: it polls the rank's own connections before it sleeps, so a
    /// frame that arrives meanwhile is read by the waiting rank, not by a reader thread that then wakes it. Before
    /// round 8 MPI_Waitany and MPI_Waitsome went to sleep at once (a reader's wake-up and the rank's per frame). As in
    /// the test above, the polls of rank 1's loop are asserted (rank 0 sends only after rank 1's answer, so rank 1 is
    /// in its wait before the frame comes, and a waiting rank polls at least once before it can sleep). Before the
    /// change a loop of MPI_Waitany polled 0 times; at least once is asserted, since on a loaded host a rank kept off
    /// its core long enough may find its frame already read by a reader thread and not need to poll in some rounds.
    /// </summary>
    [Theory]
    [InlineData("Wait")]
    [InlineData("Waitall")]
    [InlineData("Waitany")]
    [InlineData("Waitsome")]
    [InlineData("Probe")]
    [InlineData("Mprobe")]
    public void EveryBlockingCompletionReadsTheRanksOwnFrames(string wait)
    {
        const int rounds = 300;
        long polls = 0;
        Run(rank =>
        {
            int[] buf = new int[1];
            if (rank == 0)
            {
                for (int i = 0; i < rounds; i++)
                {
                    buf[0] = i;
                    cMPI.Send(buf, 0, 1, MPI_INT, 1, 5, cMPI.COMM_WORLD);
                    cMPI.Recv(buf, 0, 1, MPI_INT, 1, 6, cMPI.COMM_WORLD, out _);
                }
                return;
            }
            long pollsBefore = transports[1].Polls;
            for (int i = 0; i < rounds; i++)
            {
                Assert.Equal(i, WaitFor(wait, buf));
                cMPI.Send(buf, 0, 1, MPI_INT, 0, 6, cMPI.COMM_WORLD);
            }
            polls = transports[1].Polls - pollsBefore;
        });
        if (OperatingSystem.IsLinux())
            Assert.True(polls > 0, $"rank 1 waited with {wait} {rounds} times and polled its connections {polls} times");
    }

    /// <summary>Receive rank 0's next int with tag 5 into <paramref name="buf"/> with the blocking call
    /// <paramref name="wait"/>; its value.</summary>
    private static int WaitFor(string wait, int[] buf)
    {
        var world = cMPI.COMM_WORLD;
        switch (wait)
        {
            case "Probe":
                cMPI.Probe(0, 5, world, out _);
                cMPI.Recv(buf, 0, 1, MPI_INT, 0, 5, world, out _);
                return buf[0];
            case "Mprobe":
                cMPI.Mprobe(0, 5, world, out var message, out _);
                cMPI.Mrecv(buf, 0, 1, MPI_INT, ref message, out _);
                return buf[0];
        }
        cMPI.Irecv(buf, 0, 1, MPI_INT, 0, 5, world, out var request);
        var requests = new[] { request };
        switch (wait)
        {
            case "Wait":
                cMPI.Wait(ref requests[0], out _);
                break;
            case "Waitall":
                cMPI.Waitall(1, requests, null);
                break;
            case "Waitany":
                cMPI.Waitany(1, requests, out int index, out _);
                Assert.Equal(0, index);
                break;
            case "Waitsome":
                cMPI.Waitsome(1, requests, out int done, new int[1], null);
                Assert.Equal(1, done);
                break;
            default:
                throw new ArgumentException(wait);
        }
        return buf[0];
    }

    /// <summary>Receive rank 0's next int with tag 5 into <paramref name="buf"/> by polling <paramref name="check"/>
    /// until it has it (no blocking call); its value.</summary>
    private static int PollFor(string check, int[] buf)
    {
        var world = cMPI.COMM_WORLD;
        if (check == "Improbe")
        {
            int found;
            MpiMessage message;
            do cMPI.Improbe(0, 5, world, out found, out message, out _); while (found == 0);
            cMPI.Mrecv(buf, 0, 1, MPI_INT, ref message, out _);
            return buf[0];
        }
        cMPI.Irecv(buf, 0, 1, MPI_INT, 0, 5, world, out var request);
        var requests = new[] { request };
        int flag, done;
        switch (check)
        {
            case "Testany":
                do cMPI.Testany(1, requests, out _, out flag, out _); while (flag == 0);
                break;
            case "Testall":
                do cMPI.Testall(1, requests, out flag, null); while (flag == 0);
                break;
            case "Testsome":
                do cMPI.Testsome(1, requests, out done, new int[1], null); while (done == 0);
                break;
            default:
                throw new ArgumentException(check);
        }
        return buf[0];
    }
}

/// <summary>The whole transport contract with the reader threads alone (the rank never polls): the path of platforms
/// without a receive call that never waits.</summary>
public class TcpReaderOnlyContractTests : TransportContract
{
    internal override IReadOnlyList<ITransport> CreateTransports(IMessageSink[] mailboxes)
    {
        int n = mailboxes.Length;
        var secret = JobSecret.New();
        var transports = Enumerable.Range(0, n)
            .Select(r => new TcpTransport(r, n, TcpTransport.Listen(IPAddress.Loopback), secret, "cmpi-contract") { RankPolls = false })
            .ToArray();
        var endpoints = transports.Select(t => t.LocalEndPoint).ToArray();
        for (int r = 0; r < n; r++) transports[r].Start(mailboxes[r], endpoints);
        return transports;
    }
}
