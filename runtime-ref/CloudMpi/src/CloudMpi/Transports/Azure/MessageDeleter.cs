using System.Collections.Concurrent;
using Azure.Storage.Queues.Models;

namespace CloudMpi.Transports.Azure;

/// <summary>
/// Deletes the queue messages one rank's receive loop has delivered, on a thread of its own, in the order they were
/// delivered. A delete is bookkeeping, not progress: the message is already in the mailbox, so the receive loop hands
/// it over here and polls on. Done in the loop itself, a batch of 32 messages waited for 32 deletes one after another
/// before its next poll, and one slow or lost answer to a delete (an SDK try waits up to its network timeout) held
/// back the delivery of the rest of the batch: on a saturated Azurite at 32 ranks the batch's other messages outlived
/// their visibility timeout, came back as duplicates, and the allgather waited ~30 s per operation (docs/scale.md).
/// A message whose delete is late can still reappear; the mailbox drops it as a duplicate and it is deleted again
/// (the late delete, whose pop receipt is then stale, is refused with PopReceiptMismatch, which is no error here).
/// The thread charges its requests to the rank (<see cref="RequestTally.ForRank"/>), as the loop did.
/// </summary>
internal sealed class MessageDeleter
{
    /// <summary>Deletes waiting at most; a receive loop that gets this far ahead waits for its deleter.</summary>
    private const int MaxPending = 512;

    private readonly BlockingCollection<(string Queue, QueueMessage Message)> pending = new(MaxPending);
    private readonly Thread thread;
    private readonly int rank;
    private readonly StorageClients client;
    private readonly Action<int, Exception> onFatal;
    private volatile bool stopping;

    public MessageDeleter(int rank, StorageClients client, Action<int, Exception> onFatal)
    {
        this.rank = rank;
        this.client = client;
        this.onFatal = onFatal;
        thread = new Thread(Run) { IsBackground = true, Name = $"cmpi azure deleter (rank {rank})" };
        thread.Start();
    }

    /// <summary>Delete <paramref name="message"/> from <paramref name="queue"/> soon (false once the transport is closing).</summary>
    public bool Add(string queue, QueueMessage message)
    {
        try
        {
            return pending.TryAdd((queue, message), Timeout.Infinite);
        }
        catch (InvalidOperationException)
        {
            return false; // Finish has been called: the job's queues go with their messages
        }
    }

    /// <summary>Take no more messages: the deleter stops once it has deleted those waiting.</summary>
    public void Close() => pending.CompleteAdding();

    /// <summary>Wait until the deletes waiting are done, or until <paramref name="deadline"/> (a Stopwatch timestamp), then stop.</summary>
    public void Wait(long deadline)
    {
        var left = System.Diagnostics.Stopwatch.GetElapsedTime(System.Diagnostics.Stopwatch.GetTimestamp(), deadline);
        if (!thread.Join(left > TimeSpan.Zero ? left : TimeSpan.Zero)) stopping = true;
    }

    private void Run()
    {
        using var charged = RequestTally.ForRank(rank);
        try
        {
            foreach (var (queue, message) in pending.GetConsumingEnumerable())
            {
                if (stopping) return;
                try
                {
                    client.Queues.Delete(queue, message);
                }
                catch (StorageException e) when (e.Status == System.Net.HttpStatusCode.BadRequest)
                {
                    // 400 PopReceiptMismatch: the delete came after the visibility timeout and the receive loop took
                    // the message again (a duplicate the mailbox dropped); its newer pop receipt's delete is queued
                    // behind this one. Any other refusal of a receipt is as harmless: the message reappears and is
                    // taken, dropped and deleted again.
                }
            }
        }
        catch (Exception e)
        {
            // as in the receive loop: a deleter must never take the process down; the rank's host aborts the job
            if (!stopping) onFatal(rank, e);
        }
    }
}
