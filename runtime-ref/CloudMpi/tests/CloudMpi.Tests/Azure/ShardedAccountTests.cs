using System.Net;
using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Tests.Contract;
using CloudMpi.Transports;
using CloudMpi.Transports.Azure;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests.Azure;

/// <summary>
/// A job sharded over two storage accounts (two Azurites) puts every request on the account <see cref="StorageAccounts"/>'
/// rule says: rank r's queue on account r mod 2, so a message's put goes to its receiver's account and its get, delete
/// and the receiver's polls to the receiver's own; a large message's blob to the receiver's account; the table on
/// account 0; the job's container on both. The expected counts per (rank, account) come from each algorithm's edges
/// (who sends to whom), computed here, as in <see cref="RequestCountTests"/>. Retries are counted apart (kind
/// "retry"), so the put count stays one per message when the service answers 503 or the receiver's queue is late.
/// </summary>
[Collection(nameof(CollectiveVariantTests))] // the variants are process-wide: run alone
public class ShardedAccountTests(TwoAzurites azurites) : IClassFixture<TwoAzurites>
{
    private const int K = 2;
    private static readonly Comm World = cMPI.COMM_WORLD;

    private StorageAccounts Accounts(RequestTally tally, int accounts = K, Func<HttpMessageHandler>? handler = null)
    {
        var activity = new StorageActivity();
        return new StorageAccounts(Enumerable.Range(0, accounts).Select(i => new StorageClients(
            StorageConnection.FromConnectionString(azurites.Servers[i].ConnectionString), retryFor: TimeSpan.FromSeconds(40),
            handler: handler?.Invoke(), tally: tally, account: i, activity: activity)).ToList());
    }

    private static AzureTransport Transport(StorageAccounts accounts, IMessageSink[] sinks, int startLate = -1, AzureOptions? options = null)
    {
        var t = new AzureTransport(accounts, "cmpishard" + Guid.NewGuid().ToString("N")[..12], sinks.Length, options ?? new AzureOptions()) { OwnsJobResources = true };
        t.OnFatal = (r, e) => ((Mailbox)sinks[r]).Owner.Host?.TransportFailed(r, $"rank {r}: azure transport: {e.Message}");
        t.CreateJobResources();
        foreach (var sink in sinks)
        {
            var owner = ((Mailbox)sink).Owner;
            if (owner.WorldRank != startLate)
            {
                t.StartReceiving(owner.WorldRank, sink, () => owner.NextContextId);
                continue;
            }
            // This rank's queue is created late, as when its process starts after its peers have sent to it.
            new Thread(() => { Thread.Sleep(1500); t.StartReceiving(owner.WorldRank, sink, () => owner.NextContextId); }) { IsBackground = true }.Start();
        }
        return t;
    }

    private RequestTally RunCounted(int size, Action<int> body, int accounts = K, Func<HttpMessageHandler>? handler = null, int startLate = -1,
                                    AzureOptions? options = null)
    {
        var tally = new RequestTally();
        var (errors, job) = AzureFaultTests.RunRaw(size, sinks => Transport(Accounts(tally, accounts, handler), sinks, startLate, options), body);
        job.Dispose();
        var first = errors.FirstOrDefault(e => e != null);
        if (first != null) throw new AggregateException($"a rank failed: {first.Message}", first);
        return tally;
    }

    // ------------------------------------------------------------------ the algorithms, as edges (sender, receiver)

    private static int LowBit(int rel) => rel & -rel;

    private static IEnumerable<(int From, int To)> Binomial(int size, int root) =>
        Enumerable.Range(1, size - 1).Select(rel => ((rel - LowBit(rel) + root) % size, (rel + root) % size));

    private static IEnumerable<(int, int)> Naive(int size, int root) =>
        Enumerable.Range(0, size).Where(r => r != root).Select(r => (root, r));

    private static IEnumerable<(int, int)> MessageBarrier(int size) =>
        Binomial(size, 0).Select(e => (e.To, e.From)).Concat(Binomial(size, 0));

    private static IEnumerable<(int, int)> Dissemination(int size)
    {
        for (int d = 1; d < size; d <<= 1)
            for (int r = 0; r < size; r++)
                yield return (r, (r + d) % size);
    }

    /// <summary>
    /// Each edge: a put by its sender on the receiver's account, a delete by the receiver on its own; a get brings at
    /// least one message (so gets, per rank on its account, lie between M/32 and M). Nothing else of the messages lands
    /// anywhere else.
    /// </summary>
    private static void AssertEdges(RequestTally t, int size, IEnumerable<(int From, int To)> edges, int reps = 1, int accounts = K)
    {
        var puts = new long[size, accounts];
        var deletes = new long[size, accounts];
        foreach (var (from, to) in edges)
        {
            puts[from, to % accounts] += reps;
            deletes[to, to % accounts] += reps;
        }
        for (int r = 0; r < size; r++)
            for (int a = 0; a < accounts; a++)
            {
                Assert.True(puts[r, a] == t.Get(r, a, RequestKind.QueuePut), $"rank {r}, account {a}: {t.Get(r, a, RequestKind.QueuePut)} queue puts, expected {puts[r, a]}");
                Assert.True(deletes[r, a] == t.Get(r, a, RequestKind.QueueDelete), $"rank {r}, account {a}: {t.Get(r, a, RequestKind.QueueDelete)} deletes, expected {deletes[r, a]}");
                long gets = t.Get(r, a, RequestKind.QueueGet), polls = t.Get(r, a, RequestKind.QueueGetEmpty);
                Assert.InRange(gets, (deletes[r, a] + 31) / 32, deletes[r, a]);
                // a rank polls only its own queue, on its own account
                if (a != r % accounts) Assert.Equal(0, polls);
                else Assert.True(polls > 0, $"rank {r} never polled an empty queue on account {a}");
            }
    }

    /// <summary>Each rank creates its world queue on its account; the launcher makes the container on each account, the table on 0, and cleans up.</summary>
    private static void AssertJobOverhead(RequestTally t, int size, int accounts = K)
    {
        for (int r = 0; r < size; r++)
            for (int a = 0; a < accounts; a++)
                Assert.Equal(a == r % accounts ? 1 : 0, t.Get(r, a, RequestKind.QueueCreate));
        int L = RequestTally.Launcher;
        for (int a = 0; a < accounts; a++)
        {
            int queuesHere = Enumerable.Range(0, size).Count(r => r % accounts == a);
            Assert.Equal(1, t.Get(L, a, RequestKind.ContainerCreate));
            Assert.Equal(1, t.Get(L, a, RequestKind.ContainerDelete));
            Assert.Equal(1, t.Get(L, a, RequestKind.QueueList));
            Assert.Equal(queuesHere, t.Get(L, a, RequestKind.QueueDeleteQueue));
            Assert.Equal(a == 0 ? 1 : 0, t.Get(L, a, RequestKind.TableCreate));
            Assert.Equal(a == 0 ? 1 : 0, t.Get(L, a, RequestKind.TableDelete));
        }
        Assert.Equal(0, t.Total(RequestKind.Other));
        Assert.Equal(0, t.Total(RequestKind.Retry));
    }

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

    private static void PingPong(int rank, int small, int large, int largeBytes)
    {
        var buf = new byte[largeBytes];
        for (int i = 0; i < small + large; i++)
        {
            int n = i < small ? 8 : largeBytes;
            if (rank == 0)
            {
                cMPI.Send(buf, 0, n, MPI_BYTE, 1, i, World);
                cMPI.Recv(buf, 0, n, MPI_BYTE, 1, i, World, out _);
            }
            else
            {
                cMPI.Recv(buf, 0, n, MPI_BYTE, 0, i, World, out _);
                cMPI.Send(buf, 0, n, MPI_BYTE, 0, i, World);
            }
        }
    }

    [Fact]
    public void PingPongPutsOnTheReceiversAccountAndLargeMessagesGoToItsBlobs()
    {
        const int small = 5, large = 2, largeBytes = 64 * 1024;
        var t = RunCounted(2, rank => PingPong(rank, small, large, largeBytes));
        AssertEdges(t, 2, [(0, 1), (1, 0)], reps: small + large);
        // rank 0 uploads its large messages to rank 1's account (1), rank 1 downloads them there; and the other way
        for (int r = 0; r < 2; r++)
        {
            int peer = 1 - r;
            Assert.Equal(large, t.Get(r, peer, RequestKind.BlobUpload));
            Assert.Equal(0, t.Get(r, r, RequestKind.BlobUpload));
            Assert.Equal(large, t.Get(r, r, RequestKind.BlobDownload));
            Assert.Equal(0, t.Get(r, peer, RequestKind.BlobDownload));
        }
        AssertJobOverhead(t, 2);
        // the report splits the requests by account
        string report = t.Report(TimeSpan.FromSeconds(1), 0.004, "test");
        Assert.Matches(@"\n  account 0 +\d+: [\d.]+ requests/s; ", report);
        Assert.Matches(@"\n  account 1 +\d+: [\d.]+ requests/s; ", report);
        Assert.Equal(t.Total(), t.OnAccount(0) + t.OnAccount(1));
    }

    [Theory]
    [InlineData("Hypercube", 5, 0)]
    [InlineData("Hypercube", 5, 3)]
    [InlineData("Naive", 5, 2)]
    public void BcastPutsEachTreeEdgeOnTheReceiversAccount(string variant, int size, int root)
    {
        const int reps = 2;
        var kind = Enum.Parse<CollectiveVariants.BcastKind>(variant);
        var t = WithVariants(kind, null, () => RunCounted(size, rank =>
        {
            var v = new int[4];
            for (int i = 0; i < reps; i++) cMPI.Bcast(v, 0, 4, MPI_INT, root, World);
        }));
        AssertEdges(t, size, kind == CollectiveVariants.BcastKind.Naive ? Naive(size, root) : Binomial(size, root), reps);
        AssertJobOverhead(t, size);
    }

    [Theory]
    [InlineData("Messages", 5)]
    [InlineData("Dissemination", 5)]
    [InlineData("Table", 5)]
    public void BarrierMessagesGoToTheirReceiversAccountsAndTableRowsToAccountZero(string variant, int size)
    {
        const int reps = 2;
        var kind = Enum.Parse<CollectiveVariants.BarrierKind>(variant);
        var t = WithVariants(CollectiveVariants.BcastKind.Hypercube, kind, () => RunCounted(size, rank =>
        {
            for (int i = 0; i < reps; i++) cMPI.Barrier(World);
        }));
        var edges = kind switch
        {
            CollectiveVariants.BarrierKind.Messages => MessageBarrier(size),
            CollectiveVariants.BarrierKind.Dissemination => Dissemination(size),
            _ => [],
        };
        AssertEdges(t, size, edges, reps);
        bool table = kind == CollectiveVariants.BarrierKind.Table;
        for (int r = 0; r < size; r++)
        {
            Assert.Equal(table ? reps : 0, t.Get(r, 0, RequestKind.TableInsert));
            Assert.InRange(t.Get(r, 0, RequestKind.TableQuery), table ? reps : 0, table ? long.MaxValue : 0);
            Assert.Equal(0, t.Get(r, 1, RequestKind.TableInsert) + t.Get(r, 1, RequestKind.TableQuery));
        }
        AssertJobOverhead(t, size);
    }

    /// <summary>
    /// The service answers the first try of every put 503 (as an account over its target does): the SDK puts again,
    /// and the count is still one put per message, the refused tries counted as retries, one each.
    /// </summary>
    [Fact]
    public void RetriedPutsCountOnceAsPutsAndApartAsRetries()
    {
        const int small = 6;
        var (handlers, newHandler) = HandlersMade<BusyEveryOtherPut>();
        var t = RunCounted(2, rank => PingPong(rank, small, 0, 8), accounts: 1, handler: newHandler);
        long refused = handlers.Sum(h => h.Refused);
        Assert.Equal(2 * small, refused); // the ping-pong's puts come one at a time: each is refused once, then stored
        AssertEdges(t, 2, [(0, 1), (1, 0)], reps: small, accounts: 1);
        Assert.Equal(refused, t.Total(RequestKind.Retry));
        Assert.Equal(refused, t.Get(0, RequestKind.Retry) + t.Get(1, RequestKind.Retry));
    }

    /// <summary>
    /// A try that gets no answer (a broken connection, or the SDK's network timeout running out) is counted apart as
    /// unanswered, and the put the SDK tries again counts once: a run slowed by such tries says so in --stats (the
    /// quiet bench-scale run whose 32-rank scatter took 10x its model left no trace of why). Before, such a try was
    /// not counted at all.
    /// </summary>
    [Fact]
    public void TriesWithoutAnAnswerCountApartAsUnanswered()
    {
        const int small = 6;
        var (handlers, newHandler) = HandlersMade<BreaksEveryOtherPut>();
        var t = RunCounted(2, rank => PingPong(rank, small, 0, 8), accounts: 1, handler: newHandler);
        long broken = handlers.Sum(h => h.Broken);
        Assert.Equal(2 * small, broken);
        AssertEdges(t, 2, [(0, 1), (1, 0)], reps: small, accounts: 1);
        Assert.Equal(broken, t.Total(RequestKind.Unanswered));
        Assert.Equal(0, t.Total(RequestKind.Retry));
    }

    /// <summary>
    /// A rank that sends before its receiver has created its queue (ranks as processes start at different times) puts
    /// again until the queue is there: each refused put (404) is a retry, the message one put. Before retries were a
    /// kind of their own such a 404 counted as a put: the 6 puts for 5 messages AzureRunTests saw once under load.
    /// </summary>
    [Fact]
    public void PutsToAQueueNotYetCreatedAreRetriesNotPuts()
    {
        var t = RunCounted(2, rank =>
        {
            var buf = new byte[8];
            if (rank == 0) cMPI.Send(buf, 0, 8, MPI_BYTE, 1, 0, World);
            else cMPI.Recv(buf, 0, 8, MPI_BYTE, 0, 0, World, out _);
        }, accounts: 1, startLate: 1);
        Assert.Equal(1, t.Get(0, RequestKind.QueuePut));
        Assert.True(t.Get(0, RequestKind.Retry) >= 1, $"rank 0 made {t.Get(0, RequestKind.Retry)} retries: its first put should have found no queue");
        Assert.Equal(1, t.Get(1, RequestKind.QueueDelete));
    }

    /// <summary>
    /// A delete is bookkeeping, not progress: with every delete of a queue message held back, the receiver still gets
    /// all of a burst of messages (its receive loop hands the deletes to the rank's deleter and polls on), and the
    /// deletes are made, and counted, once they are let through. Before, the loop deleted each message itself before
    /// delivering the next: one slow delete held back the rest of its batch (on a saturated Azurite at 32 ranks the
    /// batch outlived its visibility timeout and an allgather waited ~30 s per operation).
    /// </summary>
    [Fact]
    public void HeldBackDeletesDoNotHoldBackDelivery()
    {
        const int burst = 6;
        var handlers = new List<HoldDeletes>();
        HttpMessageHandler NewHandler()
        {
            var h = new HoldDeletes(TimeSpan.FromSeconds(30));
            lock (handlers) handlers.Add(h);
            return h;
        }
        bool receivedAllWhileHeld = false;
        var t = RunCounted(2, rank =>
        {
            var buf = new byte[8];
            if (rank == 0)
            {
                for (int i = 0; i < burst; i++) cMPI.Send(buf, 0, 8, MPI_BYTE, 1, i, World);
                return;
            }
            for (int i = 0; i < burst; i++) cMPI.Recv(buf, 0, 8, MPI_BYTE, 0, i, World, out _);
            lock (handlers)
            {
                receivedAllWhileHeld = handlers.All(h => !h.TimedOut);
                foreach (var h in handlers) h.Release();
            }
        }, accounts: 1, handler: NewHandler);
        Assert.True(receivedAllWhileHeld, "the receiver got its messages only after the held deletes timed out");
        Assert.True(handlers.Sum(h => h.Held) > 0, "no delete was held back: the test did not test anything");
        AssertEdges(t, 2, Enumerable.Repeat((0, 1), burst), accounts: 1);
    }

    /// <summary>
    /// A delete that comes after the visibility timeout, when the receive loop has taken the message again (the
    /// mailbox drops the duplicate, and a delete with the new pop receipt is queued): Azure refuses the late one with
    /// 400 PopReceiptMismatch (Delete Message, REST API; Azurite answers 404). That is no error: the job goes on and
    /// the newer receipt deletes the message. Here the first delete of rank 1 is answered so by the handler.
    /// </summary>
    [Fact]
    public void AStaleDeleteRefusedWithPopReceiptMismatchIsNoError()
    {
        var handlers = new List<StaleFirstDelete>();
        HttpMessageHandler NewHandler()
        {
            var h = new StaleFirstDelete();
            lock (handlers) handlers.Add(h);
            return h;
        }
        var t = RunCounted(2, rank =>
        {
            var buf = new byte[8];
            if (rank == 0) cMPI.Send(buf, 0, 8, MPI_BYTE, 1, 0, World);
            else cMPI.Recv(buf, 0, 8, MPI_BYTE, 0, 0, World, out _);
            Thread.Sleep(2500); // past the 1 s visibility: the refused message reappears and is taken again
            cMPI.Barrier(World); // a transport that failed meanwhile fails this call
        }, accounts: 1, handler: NewHandler, options: new AzureOptions { VisibilityTimeout = TimeSpan.FromSeconds(1) });
        Assert.Equal(1, handlers.Sum(h => h.Refused));
        Assert.True(t.Get(1, 0, RequestKind.QueueGet) >= 2, "the refused message did not come back");
    }

    /// <summary>Answers the first delete of a queue message 400 PopReceiptMismatch, as Azure does for a stale pop receipt.</summary>
    private sealed class StaleFirstDelete : AnswersSomeRequests
    {
        public int Refused;

        protected override HttpResponseMessage? Refuse(HttpRequestMessage request)
        {
            string[] path = request.RequestUri!.AbsolutePath.Split('/', StringSplitOptions.RemoveEmptyEntries);
            if (request.Method != HttpMethod.Delete || path.Length < 2 || path[^2] != "messages") return null;
            if (Interlocked.CompareExchange(ref Refused, 1, 0) != 0) return null;
            var r = new HttpResponseMessage(HttpStatusCode.BadRequest)
            {
                RequestMessage = request,
                Content = new StringContent("<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>PopReceiptMismatch</Code>" +
                                            "<Message>The specified pop receipt did not match the pop receipt for a dequeued message.</Message></Error>"),
            };
            r.Headers.Add("x-ms-error-code", "PopReceiptMismatch");
            return r;
        }
    }

    /// <summary>Holds every delete of a queue message until <see cref="Release"/> (or, so that a test cannot hang, <c>limit</c>).</summary>
    private sealed class HoldDeletes(TimeSpan limit) : DelegatingHandler(new SocketsHttpHandler { UseProxy = false })
    {
        private readonly ManualResetEventSlim released = new(false);
        public int Held;
        public volatile bool TimedOut;

        public void Release() => released.Set();

        protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken ct)
        {
            Hold(request);
            return base.Send(request, ct);
        }

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken ct)
        {
            Hold(request);
            return base.SendAsync(request, ct);
        }

        private void Hold(HttpRequestMessage request)
        {
            string[] path = request.RequestUri!.AbsolutePath.Split('/', StringSplitOptions.RemoveEmptyEntries);
            if (request.Method != HttpMethod.Delete || path.Length < 2 || path[^2] != "messages") return;
            Interlocked.Increment(ref Held);
            if (!released.Wait(limit)) TimedOut = true;
        }
    }

    /// <summary>A handler that answers some requests itself (<see cref="Refuse"/> non-null) and passes the rest on to Azurite.</summary>
    private abstract class AnswersSomeRequests() : DelegatingHandler(new SocketsHttpHandler { UseProxy = false })
    {
        protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken ct) =>
            Refuse(request) ?? base.Send(request, ct);

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken ct) =>
            Refuse(request) is { } answer ? Task.FromResult(answer) : base.SendAsync(request, ct);

        protected abstract HttpResponseMessage? Refuse(HttpRequestMessage request);
    }

    /// <summary>A maker of test handlers for <see cref="RunCounted"/> (one per storage client) and the list of those it made.</summary>
    private static (List<T> Made, Func<HttpMessageHandler> Make) HandlersMade<T>() where T : HttpMessageHandler, new()
    {
        var made = new List<T>();
        return (made, () =>
        {
            var h = new T();
            lock (made) made.Add(h);
            return h;
        });
    }

    /// <summary>Answers every other queue put with 503 Server Busy without passing it on (the SDK's next try goes through).</summary>
    private sealed class BusyEveryOtherPut : AnswersSomeRequests
    {
        private int puts;
        public int Refused;

        protected override HttpResponseMessage? Refuse(HttpRequestMessage request)
        {
            if (request.Method != HttpMethod.Post || !request.RequestUri!.AbsolutePath.EndsWith("/messages", StringComparison.Ordinal)) return null;
            if (Interlocked.Increment(ref puts) % 2 == 0) return null;
            Interlocked.Increment(ref Refused);
            return new HttpResponseMessage(HttpStatusCode.ServiceUnavailable) { RequestMessage = request, Content = new StringContent("") };
        }
    }

    /// <summary>Breaks the connection of every other queue put before it reaches the service (the SDK tries again).</summary>
    private sealed class BreaksEveryOtherPut() : DelegatingHandler(new SocketsHttpHandler { UseProxy = false })
    {
        private int puts;
        public int Broken;

        private bool Breaks(HttpRequestMessage request)
        {
            if (request.Method != HttpMethod.Post || !request.RequestUri!.AbsolutePath.EndsWith("/messages", StringComparison.Ordinal)) return false;
            if (Interlocked.Increment(ref puts) % 2 == 0) return false;
            Interlocked.Increment(ref Broken);
            return true;
        }

        protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken ct) =>
            Breaks(request) ? throw new HttpRequestException("connection broken by the test") : base.Send(request, ct);

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken ct) =>
            Breaks(request) ? Task.FromException<HttpResponseMessage>(new HttpRequestException("connection broken by the test")) : base.SendAsync(request, ct);
    }

    // ------------------------------------------------------------------ without Azurite

    [Theory]
    [InlineData(nameof(RequestKind.QueuePut), 503, true)]
    [InlineData(nameof(RequestKind.QueuePut), 500, true)]
    [InlineData(nameof(RequestKind.QueueGet), 429, true)]
    [InlineData(nameof(RequestKind.TableInsert), 408, true)]
    [InlineData(nameof(RequestKind.QueuePut), 404, true)]
    [InlineData(nameof(RequestKind.QueuePut), 201, false)]
    [InlineData(nameof(RequestKind.QueueDelete), 404, false)] // already gone: done, not tried again
    [InlineData(nameof(RequestKind.QueueCreate), 409, false)] // exists: done
    public void ATryThatWillBeTriedAgainIsARetry(string kind, int status, bool retried) =>
        Assert.Equal(retried, RequestCountingPolicy.IsRetried(Enum.Parse<RequestKind>(kind), status));

    [Fact]
    public void CountsByAccountTravelFromARankProcessToCmpiRunUnchanged()
    {
        var t = new RequestTally();
        t.Add(3, RequestKind.QueuePut, 7, account: 1);
        t.Add(3, RequestKind.QueuePut, 2, account: 0);
        t.Add(3, RequestKind.Retry, 1, account: 1);
        var ms = new MemoryStream();
        t.Write(new BinaryWriter(ms));
        ms.Position = 0;
        var merged = new RequestTally();
        merged.Merge(RequestTally.Read(new BinaryReader(ms)));
        Assert.Equal(9, merged.Get(3, RequestKind.QueuePut));
        Assert.Equal(7, merged.Get(3, 1, RequestKind.QueuePut));
        Assert.Equal(1, merged.OnAccount(1, RequestKind.Retry));
        Assert.Equal(8, merged.OnAccount(1));
        Assert.Contains("retry 1", merged.Report(TimeSpan.FromSeconds(1), 0.004, "test"));
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(1, 1)]
    [InlineData(2, 2)]
    [InlineData(7, 1)]
    public void RankRsQueuesAreOnAccountRModK(int rank, int account) => Assert.Equal(account, StorageAccounts.AccountOf(rank, 3));
}
