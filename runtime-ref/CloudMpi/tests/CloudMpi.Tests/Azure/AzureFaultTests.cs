using System.Collections.Concurrent;
using System.Diagnostics;
using CloudMpi.Hosting;
using CloudMpi.Transports;
using CloudMpi.Transports.Azure;
using CloudMpi.Tests.Contract;
using static CloudMpi.Datatype;

namespace CloudMpi.Tests.Azure;

/// <summary>What the azure transport does when storage, receivers or messages misbehave (Azurite on loopback).</summary>
public class AzureFaultTests(AzuriteServer azurite) : IClassFixture<AzuriteServer>
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    private sealed class CountingSink : IMessageSink
    {
        public readonly ConcurrentQueue<cMPIMessage> Got = new();
        public void Deliver(cMPIMessage message) => Got.Enqueue(message);
    }

    private StorageClients NewClient() => new(StorageConnection.FromConnectionString(azurite.ConnectionString));

    [Fact]
    public void MessageTakenByADyingReceiverComesBackExactlyOnce()
    {
        var options = new AzureOptions { VisibilityTimeout = TimeSpan.FromSeconds(2) };
        string job = "cmpifault" + Guid.NewGuid().ToString("N")[..10];
        using var sender = new AzureTransport(NewClient(), job, 2, options);
        sender.CreateJobResources();
        using var admin = NewClient();
        string queue = AzureTransport.QueueName(job, 1, 0);
        admin.Queues.Create(queue);
        try
        {
            sender.Send(1, new cMPIMessage { Data = [1, 2, 3], Source = 0, Tag = 9, SenderWorldRank = 0, Sequence = 0, MsgId = 0, IsSmallMessage = true });

            // The first receiver takes the message and dies before deleting it.
            var taken = admin.Queues.Receive(queue, 32, options.VisibilityTimeout);
            Assert.Single(taken);

            // Its successor gets it once the visibility timeout has passed, and only once.
            var sink = new CountingSink();
            using var successor = new AzureTransport(NewClient(), job, 2, options);
            var clock = Stopwatch.StartNew();
            successor.StartReceiving(1, sink, () => 2);
            while (sink.Got.IsEmpty && clock.Elapsed < TimeSpan.FromSeconds(30)) Thread.Sleep(50);
            Assert.Single(sink.Got);
            Assert.True(clock.Elapsed >= TimeSpan.FromSeconds(1), $"came back after {clock.Elapsed.TotalSeconds:0.0} s, before the visibility timeout");
            Assert.Equal([1, 2, 3], sink.Got.Single().Data);
            Thread.Sleep(options.VisibilityTimeout * 2); // had it not been deleted, it would reappear now
            Assert.Single(sink.Got);
        }
        finally
        {
            AzureTransport.DeleteJobResources(admin, job);
        }
    }

    [Fact]
    public void DuplicateDeliveryIsSuppressed()
    {
        Run(2, mailboxes => AzureJobs.Create(azurite, mailboxes), rank =>
        {
            if (rank == 0)
            {
                var ctx = RankContext.Current;
                var first = new cMPIMessage { Data = BitConverter.GetBytes(111), Source = 0, Tag = 4, Context = World.P2PContext };
                ctx.SendData(1, first);
                ctx.Transport.Send(1, first); // the same message again: a retried put that had in fact succeeded
                int second = 222;
                cMPI.Send(ref second, 1, MPI_INT, 1, 4, World);
            }
            else
            {
                int v = 0;
                cMPI.Recv(ref v, 1, MPI_INT, 0, 4, World, out _);
                Assert.Equal(111, v);
                cMPI.Recv(ref v, 1, MPI_INT, 0, 4, World, out _);
                Assert.Equal(222, v);
                Thread.Sleep(500);
                cMPI.Iprobe(0, cMPI.ANY_TAG, World, out int flag, out _);
                Assert.Equal(0, flag);
            }
        });
    }

    [Fact]
    public void ForeignMessageOnAQueueIsRejectedNotFatal()
    {
        var rejections = new ConcurrentQueue<string>();
        AzureTransport? transport = null;
        Run(2, mailboxes => transport = AzureJobs.Create(azurite, mailboxes, rejected: (r, what) => rejections.Enqueue($"{r}: {what}")), rank =>
        {
            if (rank == 0)
            {
                using var admin = NewClient();
                admin.Queues.Put(AzureTransport.QueueName(transport!.JobId, 1, 0), "not base64 at all!");
                admin.Queues.Put(AzureTransport.QueueName(transport!.JobId, 1, 0), Convert.ToBase64String("<xml>a foreign message from some other application, long enough for a header</xml>"u8.ToArray()));
                int v = 7;
                cMPI.Send(ref v, 1, MPI_INT, 1, 0, World);
            }
            else
            {
                int v = 0;
                cMPI.Recv(ref v, 1, MPI_INT, 0, 0, World, out _);
                Assert.Equal(7, v);
            }
        });
        var clock = Stopwatch.StartNew();
        while (rejections.Count < 2 && clock.Elapsed < TimeSpan.FromSeconds(20)) Thread.Sleep(50);
        Assert.Equal(2, rejections.Count);
        Assert.All(rejections, r => Assert.Contains("1: rejected a message on queue", r));
        Assert.Contains(rejections, r => r.Contains("bad magic number", StringComparison.Ordinal));
    }

    /// <summary>Run ranks as threads with the given transports; return each rank's exception and the job.</summary>
    internal static (Exception?[] Errors, InProcJob Job) RunRaw(int size, Func<IMessageSink[], ITransport> transport, Action<int> body, double seconds = 120)
    {
        var job = new InProcJob(size, TimeSpan.FromSeconds(seconds), sinks => [transport(sinks)]);
        var errors = new Exception?[size];
        var threads = Enumerable.Range(0, size).Select(rank => new Thread(() =>
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
        }, 16 << 20) { IsBackground = true }).ToArray();
        foreach (var t in threads) t.Start();
        foreach (var t in threads)
        {
            if (!t.Join(TimeSpan.FromSeconds(seconds)))
            {
                job.Abort("test timeout");
                throw new TimeoutException($"job did not finish in {seconds} s");
            }
        }
        return (errors, job);
    }

    private static void Run(int size, Func<IMessageSink[], ITransport> transport, Action<int> body)
    {
        var (errors, job) = RunRaw(size, transport, body);
        job.Dispose();
        var first = errors.FirstOrDefault(e => e != null && e is not JobAbortedException) ?? errors.FirstOrDefault(e => e != null);
        if (first != null) throw new AggregateException($"a rank failed: {first.Message}", first);
    }
}

/// <summary>Azurite restarted in the middle of a job: it completes, or fails with a clear error; nothing is silently lost.</summary>
public class AzuriteRestartTests
{
    [Fact]
    public void RestartMidJobCompletesOrFailsClearly()
    {
        using var azurite = new AzuriteServer();
        const int rounds = 400;
        var received = new int[2];
        var restarted = new ManualResetEventSlim();
        var options = new AzureOptions { QueueWait = TimeSpan.FromSeconds(5) };
        var (errors, job) = AzureFaultTests.RunRaw(2, sinks => AzureJobs.Create(azurite, sinks, options), rank =>
        {
            int peer = 1 - rank;
            for (int i = 0; i < rounds; i++)
            {
                if (rank == 0 && i == 20)
                {
                    new Thread(() => { azurite.Restart(); restarted.Set(); }) { IsBackground = true }.Start();
                }
                int v = i;
                if ((i + rank) % 2 == 0)
                {
                    cMPI.Send(ref v, 1, MPI_INT, peer, 0, cMPI.COMM_WORLD);
                }
                else
                {
                    cMPI.Recv(ref v, 1, MPI_INT, peer, 0, cMPI.COMM_WORLD, out _);
                    Assert.Equal(i, v); // never a wrong or skipped message
                    received[rank]++;
                }
            }
        }, seconds: 240);
        restarted.Wait(TimeSpan.FromSeconds(120));
        using (job)
        {
            if (errors.All(e => e is null))
            {
                Assert.Equal([rounds / 2, rounds / 2], received);
                return;
            }
            // Failed: the job names the storage problem (in-memory Azurite loses the queues on restart).
            Assert.NotNull(job.TransportFailure);
            Assert.Contains("azure transport", job.TransportFailure);
            Assert.Contains("disappeared", job.TransportFailure);
            Assert.All(errors, e => Assert.True(e is null or JobAbortedException or StorageException, e?.ToString()));
        }
    }
}
