using Azure.Core;
using CloudMpi.Core;
using CloudMpi.Tests.Contract;
using CloudMpi.Transports.Azure;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests.Azure;

/// <summary>
/// The azure transport's request counts (cmpi-run --stats) are exact: on Azurite, a ping-pong, a barrier of each
/// variant and a broadcast of each variant make, rank by rank, one queue put per message the algorithm sends, one
/// delete per message it receives, a blob upload and download per message above the queue limit, one table insert
/// per rank and table barrier, and the job's set-up and clean-up requests. The expected numbers are computed here from
/// each algorithm's definition (who sends to whom), not taken from a run. Gets are polls: how many depends on timing,
/// so only their bounds are checked.
/// </summary>
[Collection(nameof(CollectiveVariantTests))] // the variants are process-wide: run alone, as CollectiveVariantTests do
public class RequestCountTests(AzuriteServer azurite) : IClassFixture<AzuriteServer>
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    /// <summary>Run <paramref name="body"/> on <paramref name="size"/> ranks over Azurite; the job's requests, counted apart.</summary>
    private RequestTally RunCounted(int size, Action<int> body)
    {
        var tally = new RequestTally();
        var clients = new StorageClients(StorageConnection.FromConnectionString(azurite.ConnectionString), retryFor: TimeSpan.FromSeconds(40), tally: tally);
        var (errors, job) = AzureFaultTests.RunRaw(size, sinks => AzureJobs.Create(clients, sinks), body);
        job.Dispose(); // stops the receive loops and deletes the job's resources: every request is in
        var first = errors.FirstOrDefault(e => e != null);
        if (first != null) throw new AggregateException($"a rank failed: {first.Message}", first);
        return tally;
    }

    /// <summary>
    /// What every job makes besides its messages: each rank creates its world queue; the job (charged to cmpi-run, here
    /// the test) creates the container and table first, and at the end lists the queues and deletes each of them, the
    /// container and the table.
    /// </summary>
    private static void AssertJobOverhead(RequestTally t, int size)
    {
        for (int r = 0; r < size; r++) Assert.Equal(1, t.Get(r, RequestKind.QueueCreate));
        Assert.Equal(1, t.Get(RequestTally.Launcher, RequestKind.ContainerCreate));
        Assert.Equal(1, t.Get(RequestTally.Launcher, RequestKind.TableCreate));
        Assert.Equal(1, t.Get(RequestTally.Launcher, RequestKind.QueueList));
        Assert.Equal(size, t.Get(RequestTally.Launcher, RequestKind.QueueDeleteQueue));
        Assert.Equal(1, t.Get(RequestTally.Launcher, RequestKind.ContainerDelete));
        Assert.Equal(1, t.Get(RequestTally.Launcher, RequestKind.TableDelete));
        Assert.Equal(0, t.Total(RequestKind.Other));
    }

    /// <summary>Puts by each rank = the messages it sends, deletes = the messages it receives; gets take at least one message each.</summary>
    private static void AssertMessages(RequestTally t, int[] sent, int[] received)
    {
        for (int r = 0; r < sent.Length; r++)
        {
            Assert.True(sent[r] == t.Get(r, RequestKind.QueuePut), $"rank {r}: {t.Get(r, RequestKind.QueuePut)} queue puts, the algorithm sends {sent[r]} messages");
            Assert.True(received[r] == t.Get(r, RequestKind.QueueDelete), $"rank {r}: {t.Get(r, RequestKind.QueueDelete)} queue deletes, the algorithm receives {received[r]} messages");
            long gets = t.Get(r, RequestKind.QueueGet);
            Assert.InRange(gets, received[r] == 0 ? 0 : (received[r] + 31) / 32, received[r]);
        }
    }

    [Fact]
    public void PingPongMakesOnePutAndOneDeletePerMessageAndABlobPairPerLargeOne()
    {
        const int small = 6, large = 2; // round trips: each is two messages
        const int largeBytes = 64 * 1024; // above the queue's 48 KiB of raw bytes: the payload goes to a blob
        var t = RunCounted(2, rank =>
        {
            int peer = 1 - rank;
            var buf = new byte[largeBytes];
            for (int i = 0; i < small + large; i++)
            {
                int n = i < small ? 8 : largeBytes;
                if (rank == 0)
                {
                    cMPI.Send(buf, 0, n, MPI_BYTE, peer, i, World);
                    cMPI.Recv(buf, 0, n, MPI_BYTE, peer, i, World, out _);
                }
                else
                {
                    cMPI.Recv(buf, 0, n, MPI_BYTE, peer, i, World, out _);
                    cMPI.Send(buf, 0, n, MPI_BYTE, peer, i, World);
                }
            }
        });
        int messages = small + large; // per rank, each way
        AssertMessages(t, [messages, messages], [messages, messages]);
        for (int r = 0; r < 2; r++)
        {
            Assert.Equal(large, t.Get(r, RequestKind.BlobUpload));
            Assert.Equal(large, t.Get(r, RequestKind.BlobDownload));
        }
        Assert.Equal(0, t.Total(RequestKind.TableInsert));
        AssertJobOverhead(t, 2);
    }

    // ------------------------------------------------------------------ the algorithms, as who sends to whom

    /// <summary>The lowest set bit of <paramref name="rel"/> (0 for the root, which has no parent).</summary>
    private static int LowBit(int rel) => rel & -rel;

    /// <summary>A binomial-tree broadcast from <paramref name="root"/>: every rank but the root receives once from rel - lowbit(rel); each sends to its children.</summary>
    private static (int[] Sent, int[] Received) Binomial(int size, int root)
    {
        var sent = new int[size];
        var received = new int[size];
        for (int rel = 1; rel < size; rel++)
        {
            int parent = rel - LowBit(rel);
            sent[(parent + root) % size]++;
            received[(rel + root) % size]++;
        }
        return (sent, received);
    }

    private static (int[] Sent, int[] Received) Naive(int size, int root)
    {
        var sent = new int[size];
        var received = Enumerable.Repeat(1, size).ToArray();
        sent[root] = size - 1;
        received[root] = 0;
        return (sent, received);
    }

    private static (int[] Sent, int[] Received) Add((int[] Sent, int[] Received) a, (int[] Sent, int[] Received) b, int times = 1) =>
        (a.Sent.Zip(b.Sent, (x, y) => x + times * y).ToArray(), a.Received.Zip(b.Received, (x, y) => x + times * y).ToArray());

    private static (int[], int[]) None(int size) => (new int[size], new int[size]);

    private static T WithVariants<T>(CollectiveVariants.BcastKind? bcast, CollectiveVariants.BarrierKind? barrier, Func<T> run)
    {
        var (oldBcast, oldBarrier) = (CollectiveVariants.Bcast, CollectiveVariants.Barrier);
        (CollectiveVariants.Bcast, CollectiveVariants.Barrier) = (bcast, barrier);
        try
        {
            return run();
        }
        finally
        {
            (CollectiveVariants.Bcast, CollectiveVariants.Barrier) = (oldBcast, oldBarrier);
        }
    }

    [Theory]
    [InlineData("Hypercube", 5, 2)]
    [InlineData("Naive", 5, 2)]
    [InlineData("Hypercube", 4, 0)]
    public void BcastMakesOnePutPerTreeEdge(string variant, int size, int root)
    {
        const int reps = 3;
        var kind = Enum.Parse<CollectiveVariants.BcastKind>(variant);
        var t = WithVariants(kind, null, () => RunCounted(size, rank =>
        {
            var v = new int[4];
            for (int i = 0; i < reps; i++) cMPI.Bcast(v, 0, 4, MPI_INT, root, World);
        }));
        var one = kind == CollectiveVariants.BcastKind.Naive ? Naive(size, root) : Binomial(size, root);
        AssertMessages(t, one.Sent.Select(s => s * reps).ToArray(), one.Received.Select(s => s * reps).ToArray());
        AssertJobOverhead(t, size);
    }

    [Theory]
    [InlineData("Messages", 5)]
    [InlineData("Dissemination", 5)]
    [InlineData("Table", 5)]
    [InlineData("Messages", 4)]
    public void BarrierMakesTheAlgorithmsMessagesOrTableRows(string variant, int size)
    {
        const int reps = 3;
        var kind = Enum.Parse<CollectiveVariants.BarrierKind>(variant);
        var t = WithVariants(CollectiveVariants.BcastKind.Hypercube, kind, () => RunCounted(size, rank =>
        {
            for (int i = 0; i < reps; i++) cMPI.Barrier(World);
        }));
        (int[] Sent, int[] Received) one = None(size);
        switch (kind)
        {
            case CollectiveVariants.BarrierKind.Messages:
                // fan-in along the binomial tree to rank 0 (each rank but 0 sends once to rank - lowbit(rank)),
                // then the binomial broadcast from rank 0: the same edges the other way.
                var down = Binomial(size, 0);
                one = Add(one, (down.Received, down.Sent));
                one = Add(one, down);
                break;
            case CollectiveVariants.BarrierKind.Dissemination:
                int rounds = 0;
                for (int d = 1; d < size; d <<= 1) rounds++;
                one = (Enumerable.Repeat(rounds, size).ToArray(), Enumerable.Repeat(rounds, size).ToArray());
                break;
        }
        AssertMessages(t, one.Sent.Select(s => s * reps).ToArray(), one.Received.Select(s => s * reps).ToArray());
        for (int r = 0; r < size; r++)
        {
            // The table barrier: one row per rank and barrier, and at least one query of the partition by each.
            bool table = kind == CollectiveVariants.BarrierKind.Table;
            Assert.Equal(table ? reps : 0, t.Get(r, RequestKind.TableInsert));
            Assert.InRange(t.Get(r, RequestKind.TableQuery), table ? reps : 0, table ? long.MaxValue : 0);
        }
        AssertJobOverhead(t, size);
    }

    // ------------------------------------------------------------------ without Azurite

    [Theory]
    [InlineData("queue", "POST", "/devstoreaccount1/cmpi1-0-0/messages", "", null, nameof(RequestKind.QueuePut))]
    [InlineData("queue", "POST", "/cmpi1-0-0/messages", "", null, nameof(RequestKind.QueuePut))]
    [InlineData("queue", "GET", "/devstoreaccount1/cmpi1-0-0/messages", "?numofmessages=32&visibilitytimeout=5",
                "<?xml version=\"1.0\" encoding=\"utf-8\"?><QueueMessagesList><QueueMessage><MessageId>1</MessageId><MessageText>Y01QSQ==</MessageText></QueueMessage></QueueMessagesList>", nameof(RequestKind.QueueGet))]
    [InlineData("queue", "GET", "/devstoreaccount1/cmpi1-0-0/messages", "?numofmessages=32", "<?xml version=\"1.0\" encoding=\"utf-8\"?><QueueMessagesList />", nameof(RequestKind.QueueGetEmpty))]
    [InlineData("queue", "GET", "/cmpi1-0-0/messages", "?peekonly=true", null, nameof(RequestKind.QueuePeek))]
    [InlineData("queue", "DELETE", "/devstoreaccount1/cmpi1-0-0/messages/8f1c", "?popreceipt=AA", null, nameof(RequestKind.QueueDelete))]
    [InlineData("queue", "PUT", "/devstoreaccount1/cmpi1-0-0", "", null, nameof(RequestKind.QueueCreate))]
    [InlineData("queue", "DELETE", "/devstoreaccount1/cmpi1-0-0", "", null, nameof(RequestKind.QueueDeleteQueue))]
    [InlineData("queue", "GET", "/devstoreaccount1", "?comp=list&prefix=cmpi1-", null, nameof(RequestKind.QueueList))]
    [InlineData("blob", "PUT", "/devstoreaccount1/cmpi1", "?restype=container", null, nameof(RequestKind.ContainerCreate))]
    [InlineData("blob", "DELETE", "/cmpi1", "?restype=container", null, nameof(RequestKind.ContainerDelete))]
    [InlineData("blob", "PUT", "/devstoreaccount1/cmpi1/0-7", "", null, nameof(RequestKind.BlobUpload))]
    [InlineData("blob", "GET", "/devstoreaccount1/cmpi1/0-7", "", null, nameof(RequestKind.BlobDownload))]
    [InlineData("blob", "DELETE", "/cmpi1/0-7", "", null, nameof(RequestKind.BlobDelete))]
    [InlineData("table", "POST", "/devstoreaccount1/Tables", "", null, nameof(RequestKind.TableCreate))]
    [InlineData("table", "DELETE", "/devstoreaccount1/Tables('cmpi1')", "", null, nameof(RequestKind.TableDelete))]
    [InlineData("table", "POST", "/devstoreaccount1/cmpi1", "", null, nameof(RequestKind.TableInsert))]
    [InlineData("table", "GET", "/devstoreaccount1/cmpi1()", "?$filter=PartitionKey%20eq%20'barrier-0-0'", null, nameof(RequestKind.TableQuery))]
    [InlineData("table", "PATCH", "/devstoreaccount1/cmpi1(PartitionKey='rank',RowKey='000001')", "", null, nameof(RequestKind.TableUpdate))]
    [InlineData("table", "MERGE", "/cmpi1(PartitionKey='rank',RowKey='000001')", "", null, nameof(RequestKind.TableUpdate))]
    public void EveryRestCallHasItsKind(string service, string method, string path, string query, string? body, string expected)
    {
        var s = service switch { "queue" => StorageService.Queue, "blob" => StorageService.Blob, _ => StorageService.Table };
        Assert.Equal(Enum.Parse<RequestKind>(expected), RequestCountingPolicy.Classify(s, RequestMethod.Parse(method), path, query, () => body));
    }

    [Fact]
    public void IdlePollingStretchesToATenthOfTheIdleTimeAndBusyPollingDoesNot()
    {
        var o = new AzureOptions(); // 20 ms while busy, up to 1 s when idle
        TimeSpan Ms(double ms) => TimeSpan.FromMilliseconds(ms);
        // busy: doubling from 1 ms to the 20 ms cap, as before
        Assert.Equal(Ms(1), PollSchedule.Next(TimeSpan.Zero, Ms(0), o));
        Assert.Equal(Ms(16), PollSchedule.Next(Ms(8), Ms(40), o));
        Assert.Equal(Ms(20), PollSchedule.Next(Ms(16), Ms(100), o));
        Assert.Equal(Ms(20), PollSchedule.Next(Ms(20), Ms(990), o)); // less than a second idle: never stretched
        // idle for long: a tenth of the idle time, at most 1 s
        Assert.Equal(Ms(300), PollSchedule.Next(Ms(20), Ms(3000), o));
        Assert.Equal(Ms(1000), PollSchedule.Next(Ms(300), Ms(60_000), o));
        // stretching off (CMPI_AZURE_IDLE_POLL_MS at most CMPI_AZURE_POLL_MS): the old 20 ms cap
        var old = AzureOptions.From(new Dictionary<string, string> { ["CMPI_AZURE_IDLE_POLL_MS"] = "20" });
        Assert.Equal(Ms(20), PollSchedule.Next(Ms(20), Ms(60_000), old));
    }

    /// <summary>A send ends a stretched pause at once (also one made just before the pause began), never a busy one.</summary>
    [Fact]
    public void ASendWakesAStretchedPauseOnly()
    {
        var wake = new ReceiverWake();
        var clock = System.Diagnostics.Stopwatch.StartNew();
        long before = wake.LastNudge;
        var nudger = new Thread(() => { Thread.Sleep(200); wake.Nudge(); });
        nudger.Start();
        Assert.True(wake.Wait(TimeSpan.FromSeconds(30), stretched: true, before));
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(20), $"woken after {clock.Elapsed.TotalSeconds:0.0} s");
        nudger.Join();

        long at = wake.LastNudge;
        wake.Nudge(); // between the pause's computation and its start
        clock.Restart();
        Assert.True(wake.Wait(TimeSpan.FromSeconds(30), stretched: true, at));
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(20));

        // a busy pause is a plain sleep: a send during it does not shorten it (no extra poll per message)
        at = wake.LastNudge;
        new Thread(() => wake.Nudge()).Start();
        Assert.False(wake.Wait(TimeSpan.FromMilliseconds(50), stretched: false, at));
    }

    [Fact]
    public void CountsTravelFromARankProcessToCmpiRunUnchanged()
    {
        var t = new RequestTally();
        t.Add(3, RequestKind.QueuePut, 7);
        t.Add(3, RequestKind.QueueGetEmpty, 1234567890123);
        t.Add(RequestTally.Launcher, RequestKind.TableCreate, 1);
        var ms = new MemoryStream();
        t.Write(new BinaryWriter(ms));
        ms.Position = 0;
        var merged = new RequestTally();
        merged.Merge(RequestTally.Read(new BinaryReader(ms)));
        merged.Merge(RequestTally.Read(new BinaryReader(new MemoryStream(ms.ToArray()))));
        Assert.Equal(14, merged.Get(3, RequestKind.QueuePut));
        Assert.Equal(2 * 1234567890123, merged.Get(3, RequestKind.QueueGetEmpty));
        Assert.Equal(2, merged.Get(RequestTally.Launcher, RequestKind.TableCreate));
        string report = merged.Report(TimeSpan.FromSeconds(2), 0.004, "test");
        Assert.Contains("rank 3", report);
        Assert.Contains("empty poll 2469135780246", report);
    }
}
