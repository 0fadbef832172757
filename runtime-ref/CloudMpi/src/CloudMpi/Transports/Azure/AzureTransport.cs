using System.Collections.Concurrent;
using System.Net;
using Azure.Storage.Queues.Models;

namespace CloudMpi.Transports.Azure;

/// <summary>Knobs of the azure transport (env CMPI_AZURE_* or cmpi-run settings).</summary>
internal sealed record AzureOptions
{
    /// <summary>
    /// How long a message taken by a receiver stays hidden: if the receiver dies before deleting it, or the answer to
    /// the receive request is lost and the request retried, it reappears then. A receiver deletes a message right
    /// after handing it to the mailbox, so this can be short; it stays below the default deadlock timeout (10 s) so
    /// that a hidden message reappears before a job is declared deadlocked. A redelivery is dropped as a duplicate.
    /// </summary>
    public TimeSpan VisibilityTimeout { get; init; } = TimeSpan.FromSeconds(5);
    /// <summary>Longest pause between polls of an empty queue (the pause grows from zero while queues stay empty).</summary>
    public TimeSpan MaxPollInterval { get; init; } = TimeSpan.FromMilliseconds(20);
    /// <summary>
    /// Longest pause between polls once a rank's queues have been idle for long: after a second without traffic the
    /// pause may grow to a tenth of the time since the rank's last traffic (<see cref="PollSchedule"/>), up to this. At most <see cref="MaxPollInterval"/>
    /// turns the stretching off (every idle rank then polls every <see cref="MaxPollInterval"/>, as before).
    /// </summary>
    public TimeSpan MaxIdlePollInterval { get; init; } = TimeSpan.FromSeconds(1);
    /// <summary>How long a sender waits for a receiver to create its queue before giving up.</summary>
    public TimeSpan QueueWait { get; init; } = TimeSpan.FromSeconds(30);

    public static AzureOptions From(IReadOnlyDictionary<string, string> settings)
    {
        var o = new AzureOptions();
        if (settings.TryGetValue("CMPI_AZURE_VISIBILITY_TIMEOUT", out var v) && double.TryParse(v, System.Globalization.CultureInfo.InvariantCulture, out double s) && s >= 1)
            o = o with { VisibilityTimeout = TimeSpan.FromSeconds(s) };
        if (settings.TryGetValue("CMPI_AZURE_POLL_MS", out var p) && double.TryParse(p, System.Globalization.CultureInfo.InvariantCulture, out double ms) && ms >= 0)
            o = o with { MaxPollInterval = TimeSpan.FromMilliseconds(ms) };
        if (settings.TryGetValue("CMPI_AZURE_IDLE_POLL_MS", out var ip) && double.TryParse(ip, System.Globalization.CultureInfo.InvariantCulture, out double ims) && ims >= 0)
            o = o with { MaxIdlePollInterval = TimeSpan.FromMilliseconds(ims) };
        return o;
    }
}

/// <summary>
/// The cloudMPI design on Azure Storage. Every rank has one queue per communicator
/// (<c>{job}-{rank}-{communicator id}</c>) carrying both its point-to-point and its collective traffic; a
/// message is the base64 of its <see cref="MessageCodec"/> bytes, and one too big for a queue message (64 KiB of
/// text) goes to a blob named by sender and message id in the job's container, the queue carrying only its
/// header with the External flag. A receive loop per local rank polls that rank's queues, takes messages with a
/// visibility timeout (a message taken by a rank that dies reappears), hands each to the mailbox and deletes it
/// only then; the mailbox's per-sender sequence numbers restore MPI's order (queues do not promise FIFO) and drop
/// duplicates. Messages a rank sends to itself skip storage. Queues are created by their receivers; a vanished
/// queue (storage restarted without its data, or the job's resources deleted) is an error, never a silent loss.
/// A job may be sharded over several storage accounts (<see cref="StorageAccounts"/>): rank r's queues and the blobs
/// of the large messages sent to it on account r mod k, the table on account 0.
/// </summary>
internal sealed class AzureTransport : ITransport, ITransportBarrier, IStorageBacked
{
    /// <summary>A queue message holds at most 64 KiB of text, so at most 48 KiB of bytes before base64.</summary>
    public const int MaxInlineBytes = 48 * 1024;

    // Queues that have taken a message from this process: a 404 on one of them later means the storage lost it.
    private readonly ConcurrentDictionary<string, bool> acceptedPuts = new();
    private readonly StorageAccounts accounts;
    private readonly AzureOptions options;
    private readonly string jobId;
    private readonly IMessageSink?[] localSinks;
    private readonly List<Thread> receivers = [];
    // The receive loop of each local rank, woken when that rank sends (it expects an answer, so polling resumes at once).
    private readonly ReceiverWake?[] wakes;
    // Each local rank's deleter: its receive loop hands over the messages it has delivered (MessageDeleter).
    private readonly MessageDeleter?[] deleters;
    private readonly ConcurrentDictionary<string, bool> knownQueues = new();
    private volatile bool disposed;
    private int rejected;

    public AzureTransport(StorageClients client, string jobId, int worldSize, AzureOptions options)
        : this(new StorageAccounts([client]), jobId, worldSize, options)
    {
    }

    /// <summary>A transport whose queues, blobs and table are spread over <paramref name="accounts"/> (<see cref="StorageAccounts"/>'s rule).</summary>
    public AzureTransport(StorageAccounts accounts, string jobId, int worldSize, AzureOptions options)
    {
        this.accounts = accounts;
        this.jobId = jobId;
        this.options = options;
        WorldSize = worldSize;
        localSinks = new IMessageSink?[worldSize];
        wakes = new ReceiverWake?[worldSize];
        deleters = new MessageDeleter?[worldSize];
    }

    public string Name => "azure";

    public int WorldSize { get; }

    public string JobId => jobId;

    /// <summary>Account 0's clients (the job's table); <see cref="Accounts"/> has them all.</summary>
    internal StorageClients Client => accounts.Home;

    internal StorageAccounts Accounts => accounts;

    public StorageActivity Storage => accounts.Activity;

    /// <summary>A receive loop failed for good (storage unreachable, a queue vanished): the rank must abort.</summary>
    public Action<int, Exception>? OnFatal { get; set; }

    /// <summary>A message on a queue was not a cmpi message: it is deleted and reported here (rank, description).</summary>
    public Action<int, string>? OnRejected { get; set; }

    public int RejectedCount => Volatile.Read(ref rejected);

    /// <summary>Dispose deletes the job's queues, container and table (ranks as threads: this transport is the whole job).</summary>
    public bool OwnsJobResources { get; set; }

    public static string QueueName(string jobId, int rank, int commId) => $"{jobId}-{rank}-{commId}";

    public static string ContainerName(string jobId) => jobId;

    public static string TableName(string jobId) => jobId;

    /// <summary>The job's container (large payloads) in every account and its table (barriers) in account 0; creating them twice is harmless.</summary>
    public void CreateJobResources()
    {
        foreach (var account in accounts.All) account.Blobs.CreateContainer(ContainerName(jobId));
        accounts.Home.Tables.Create(TableName(jobId));
    }

    /// <summary>Delete every queue, the container and the table of the job (at its end).</summary>
    public static void DeleteJobResources(StorageClients client, string jobId)
    {
        foreach (string q in client.Queues.List(jobId + "-")) client.Queues.Delete(q);
        client.Blobs.DeleteContainer(ContainerName(jobId));
        client.Tables.Delete(TableName(jobId));
    }

    /// <summary>Delete the job's queues and containers in every account, and its table in account 0.</summary>
    public static void DeleteJobResources(StorageAccounts accounts, string jobId)
    {
        foreach (var account in accounts.All)
        {
            foreach (string q in account.Queues.List(jobId + "-")) account.Queues.Delete(q);
            account.Blobs.DeleteContainer(ContainerName(jobId));
        }
        accounts.Home.Tables.Delete(TableName(jobId));
    }

    /// <summary>
    /// Start receiving for local rank <paramref name="rank"/>: create its world queue and poll it, and the queues of
    /// communicators with ids below <paramref name="communicatorLimit"/>() (the rank's next free context id).
    /// </summary>
    public void StartReceiving(int rank, IMessageSink sink, Func<int> communicatorLimit)
    {
        localSinks[rank] = sink;
        wakes[rank] = new ReceiverWake();
        deleters[rank] = new MessageDeleter(rank, accounts.ForRank(rank), (r, e) => { if (!disposed) OnFatal?.Invoke(r, e); });
        using (RequestTally.ForRank(rank)) EnsureQueue(QueueName(jobId, rank, 0));
        var t = new Thread(() => ReceiveLoop(rank, sink, communicatorLimit)) { IsBackground = true, Name = $"cmpi azure receiver (rank {rank})" };
        lock (receivers) receivers.Add(t);
        t.Start();
    }

    /// <summary>The rank whose queue <paramref name="name"/> ({job}-{rank}-{communicator}) is.</summary>
    private int RankOfQueue(string name)
    {
        string rest = name[(jobId.Length + 1)..];
        return int.Parse(rest[..rest.IndexOf('-')], System.Globalization.CultureInfo.InvariantCulture);
    }

    private void EnsureQueue(string name)
    {
        if (knownQueues.ContainsKey(name)) return;
        accounts.ForRank(RankOfQueue(name)).Queues.Create(name);
        knownQueues[name] = true;
    }

    // ------------------------------------------------------------------ sending

    public void Send(int destWorldRank, cMPIMessage message)
    {
        if (destWorldRank == message.SenderWorldRank && localSinks[destWorldRank] is { } self)
        {
            self.Deliver(message);
            return;
        }
        using var charged = RequestTally.ForRank(message.SenderWorldRank);
        // Each communicator has a queue per rank (its point-to-point and collective contexts share it); the
        // reserved negative contexts (one-sided requests, cMPI.RmaContext) travel on the world queue, since a
        // queue name cannot hold a minus sign. The mailbox restores each sender's order across queues.
        int commId = message.Context < 0 ? 0 : message.Context / 2;
        string queue = QueueName(jobId, destWorldRank, commId);
        bool external = !message.IsAck && MessageCodec.HeaderSize + message.Data.Length > MaxInlineBytes;
        // The receiver's account carries its queue and the blobs of its large messages (StorageAccounts).
        var client = accounts.ForRank(destWorldRank);
        if (external) client.Blobs.Put(ContainerName(jobId), BlobName(message), message.Data);
        string text = Convert.ToBase64String(MessageCodec.Encode(message, external));
        var waitedSince = DateTime.UtcNow;
        while (true)
        {
            try
            {
                client.Queues.Put(queue, text);
                acceptedPuts.TryAdd(queue, true);
                // The sender is about to wait for an answer, most often: its own receive loop polls again at once.
                if ((uint)message.SenderWorldRank < (uint)wakes.Length) wakes[message.SenderWorldRank]?.Nudge();
                return;
            }
            catch (StorageException e) when (e.Status == HttpStatusCode.NotFound && DateTime.UtcNow - waitedSince < options.QueueWait && !disposed)
            {
                // The receiver has not created this queue yet (it does when it starts, or joins the communicator).
                Thread.Sleep(20);
            }
            catch (StorageException e) when (e.Status == HttpStatusCode.NotFound && acceptedPuts.ContainsKey(queue))
            {
                // It took messages before: the storage lost it (restarted without its data). Say so, as the receiver does.
                var gone = new StorageException(
                    $"queue {queue} of rank {destWorldRank} has disappeared (the storage service restarted without its data, or the job's resources were deleted): messages on it are lost",
                    e.Status, e.ErrorCode, e);
                OnFatal?.Invoke(message.SenderWorldRank, gone);
                throw gone;
            }
        }
    }

    /// <summary>
    /// The thesis's barrier on a table: every member inserts a row (its rank) into the partition of this barrier
    /// round, then polls until the partition holds a row per member. Rounds never reuse a partition.
    /// </summary>
    public void Barrier(int worldRank, int commId, long epoch, int memberRank, int size, Action checkAbort)
    {
        string table = TableName(jobId);
        string partition = $"barrier-{commId}-{epoch}";
        using var charged = RequestTally.ForRank(worldRank);
        var client = accounts.Home; // the job's table is on account 0
        try
        {
            client.Tables.Insert(table, partition, memberRank.ToString("D6", System.Globalization.CultureInfo.InvariantCulture));
            var pause = TimeSpan.FromMilliseconds(1);
            while (client.Tables.CountPartition(table, partition) < size)
            {
                checkAbort();
                Thread.Sleep(pause);
                pause = pause * 2 > options.MaxPollInterval ? options.MaxPollInterval : pause * 2;
            }
        }
        catch (StorageException e) when (e.Status == HttpStatusCode.NotFound)
        {
            // As for a queue: the job's storage is gone, so the job ends naming that rather than one rank's 404.
            var gone = new StorageException(
                $"table {table} of the job has disappeared (the storage service restarted without its data, or the job's resources were deleted): barrier {partition} cannot complete",
                e.Status, e.ErrorCode, e);
            OnFatal?.Invoke(worldRank, gone);
            throw gone;
        }
    }

    private static string BlobName(cMPIMessage m) => $"{m.SenderWorldRank}-{m.MsgId}";

    // ------------------------------------------------------------------ receiving

    private void ReceiveLoop(int rank, IMessageSink sink, Func<int> communicatorLimit)
    {
        using var charged = RequestTally.ForRank(rank);
        var client = accounts.ForRank(rank);
        var pause = TimeSpan.Zero;
        var queues = new List<string> { QueueName(jobId, rank, 0) };
        ReceiverWake wake = wakes[rank]!;
        long lastTraffic = System.Diagnostics.Stopwatch.GetTimestamp();
        try
        {
            while (!disposed)
            {
                // Communicators 0 (world) and 2.. (derived); 1 is MPI_COMM_SELF, whose messages never leave the rank.
                for (int c = queues.Count == 1 ? 2 : queues.Count + 1; c < communicatorLimit(); c++)
                {
                    string q = QueueName(jobId, rank, c);
                    EnsureQueue(q);
                    queues.Add(q);
                }
                bool any = false;
                foreach (string q in queues)
                {
                    QueueMessage[] batch;
                    try
                    {
                        batch = client.Queues.Receive(q, 32, options.VisibilityTimeout);
                    }
                    catch (StorageException e) when (e.Status == HttpStatusCode.NotFound)
                    {
                        throw new StorageException(
                            $"queue {q} of rank {rank} has disappeared (the storage service restarted without its data, or the job's resources were deleted): messages on it are lost",
                            e.Status, e.ErrorCode, e);
                    }
                    foreach (var qm in batch)
                    {
                        if (disposed) return;
                        any = true;
                        Handle(rank, sink, q, qm);
                    }
                }
                if (any)
                {
                    pause = TimeSpan.Zero;
                    lastTraffic = System.Diagnostics.Stopwatch.GetTimestamp();
                }
                else
                {
                    long since = Math.Max(lastTraffic, wake.LastNudge);
                    pause = PollSchedule.Next(pause, System.Diagnostics.Stopwatch.GetElapsedTime(since), options);
                    // A send by this rank ends a stretched pause: the answer it waits for is then polled for at once.
                    if (pause > TimeSpan.Zero && wake.Wait(pause, stretched: pause > options.MaxPollInterval, since)) pause = TimeSpan.Zero;
                }
            }
        }
        catch (Exception e)
        {
            // a receive thread must never take the process down: the rank's host aborts the job instead
            if (!disposed) OnFatal?.Invoke(rank, e);
        }
    }

    private void Handle(int rank, IMessageSink sink, string queue, QueueMessage qm)
    {
        var client = accounts.ForRank(rank);
        cMPIMessage m;
        try
        {
            byte[] bytes = Convert.FromBase64String(qm.MessageText);
            m = MessageCodec.Decode(bytes, WorldSize, out bool external, out int length);
            if (external)
            {
                m.Data = client.Blobs.Get(ContainerName(jobId), BlobName(m));
                if (m.Data.Length != length)
                    throw new MalformedMessageException($"blob {BlobName(m)} holds {m.Data.Length} bytes, its message says {length}");
            }
        }
        catch (Exception e) when (e is FormatException or MalformedMessageException)
        {
            Interlocked.Increment(ref rejected);
            deleters[rank]!.Add(queue, qm);
            OnRejected?.Invoke(rank, $"rejected a message on queue {queue} that is not a cmpi message: {e.Message}");
            return;
        }
        sink.Deliver(m);
        // Only now: had this rank died before this line, the message would have reappeared for its successor. The
        // delete goes to the rank's deleter, so the loop polls on (and the rest of its batch is delivered) meanwhile.
        deleters[rank]!.Add(queue, qm);
    }

    public void Dispose()
    {
        disposed = true;
        List<Thread> ts;
        lock (receivers) ts = [.. receivers];
        foreach (var t in ts) t.Join(TimeSpan.FromSeconds(2));
        // The deletes of delivered messages finish before the job's resources go and its requests are counted
        // (--stats); bounded, as one request with its retries is.
        foreach (var d in deleters) d?.Close();
        long deadline = System.Diagnostics.Stopwatch.GetTimestamp()
                        + (long)((accounts.Home.RetryFor + TimeSpan.FromSeconds(15)).TotalSeconds * System.Diagnostics.Stopwatch.Frequency);
        foreach (var d in deleters) d?.Wait(deadline);
        if (OwnsJobResources)
        {
            try
            {
                DeleteJobResources(accounts, jobId);
            }
            catch (StorageException)
            {
                // storage gone: nothing left to clean, or nothing we can clean
            }
        }
        accounts.Dispose();
    }
}

/// <summary>
/// How long a receive loop pauses before polling its empty queues again. For the first <see cref="IdleAfter"/> (1 s)
/// without traffic in or out the pause doubles from 1 ms up to <see cref="AzureOptions.MaxPollInterval"/> (20 ms), as
/// before, so an exchange whose messages are less than a second apart is polled for exactly as before; after that it
/// stretches to a tenth of the idle time, up to <see cref="AzureOptions.MaxIdlePollInterval"/> (1 s). A message that
/// arrives after an idle time T of more than a second is therefore seen at most about T/10 later (an idle rank costs 1
/// request a second instead of 50), and the first message or send ends the stretch. (A first version stretched from
/// the start: a ping-pong whose round trips took 200-300 ms on a loaded Azurite then waited up to 10 % longer.)
/// </summary>
internal static class PollSchedule
{
    /// <summary>The fraction of the idle time a pause may grow to.</summary>
    public const double IdleFraction = 0.1;

    /// <summary>How long a rank is without traffic before its pauses stretch.</summary>
    public static readonly TimeSpan IdleAfter = TimeSpan.FromSeconds(1);

    public static TimeSpan Next(TimeSpan pause, TimeSpan idleFor, AzureOptions options)
    {
        var next = pause == TimeSpan.Zero ? TimeSpan.FromMilliseconds(1) : pause * 2;
        if (next > options.MaxPollInterval) next = options.MaxPollInterval;
        if (options.MaxIdlePollInterval > options.MaxPollInterval && idleFor >= IdleAfter)
        {
            var stretched = idleFor * IdleFraction;
            if (stretched > options.MaxIdlePollInterval) stretched = options.MaxIdlePollInterval;
            if (stretched > next) next = stretched;
        }
        return next;
    }
}

/// <summary>
/// Wakes a rank's receive loop from a stretched pause between polls when the rank sends (it then expects an answer).
/// Only a stretched pause (longer than the busy schedule's 20 ms): waking the loop on every send of a busy exchange
/// added an empty poll per message, and on Azurite, one Node.js thread serving every rank, those extra requests made
/// the 2-rank ping-pong 19 % slower (docs/scale.md); within the busy schedule the loop is never more than 20 ms away
/// from its next poll anyway.
/// </summary>
internal sealed class ReceiverWake
{
    private readonly ManualResetEventSlim signal = new(false, spinCount: 0); // no spinning: 2 cores are shared by every rank
    private long lastNudge = System.Diagnostics.Stopwatch.GetTimestamp();
    private volatile bool inStretchedPause;

    /// <summary>When the rank last sent (a Stopwatch timestamp): traffic, for the idle time of <see cref="PollSchedule"/>.</summary>
    public long LastNudge => Interlocked.Read(ref lastNudge);

    public void Nudge()
    {
        Interlocked.Exchange(ref lastNudge, System.Diagnostics.Stopwatch.GetTimestamp());
        if (inStretchedPause) signal.Set();
    }

    /// <summary>
    /// Pause for up to <paramref name="pause"/>; true when a send ended a <paramref name="stretched"/> pause early.
    /// <paramref name="trafficAt"/> is the last traffic the pause was computed from: a send after it ends the pause.
    /// </summary>
    public bool Wait(TimeSpan pause, bool stretched, long trafficAt)
    {
        if (!stretched)
        {
            Thread.Sleep(pause);
            return false;
        }
        inStretchedPause = true;
        // A send after the pause was computed but before the flag was up did not signal: it is seen here.
        bool woken = LastNudge > trafficAt || signal.Wait(pause);
        inStretchedPause = false;
        signal.Reset();
        return woken;
    }
}
