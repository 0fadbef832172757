using System.Collections.Concurrent;
using System.Net;
using Azure.Storage.Queues;
using Azure.Storage.Queues.Models;

namespace CloudMpi.Transports.Azure;

/// <summary>The queue operations of the azure transport, through the SDK's <see cref="QueueClient"/>s (one per queue, kept).</summary>
internal sealed class QueueStore(StorageClients owner, QueueServiceClient service)
{
    /// <summary>A message that never expires (the service's time-to-live -1).</summary>
    private static readonly TimeSpan NeverExpires = TimeSpan.FromSeconds(-1);

    private readonly ConcurrentDictionary<string, QueueClient> clients = new();

    private QueueClient Queue(string name) => clients.GetOrAdd(name, service.GetQueueClient);

    internal Uri Endpoint => service.Uri;

    /// <summary>Create the queue (no error if it exists).</summary>
    public void Create(string queue) =>
        owner.Do($"create queue {queue}", Endpoint, ct => Queue(queue).Create(cancellationToken: ct), HttpStatusCode.Conflict);

    public void Delete(string queue) =>
        owner.Do($"delete queue {queue}", Endpoint, ct => Queue(queue).Delete(ct), HttpStatusCode.NotFound);

    /// <summary>Names of the queues that start with <paramref name="prefix"/>.</summary>
    public List<string> List(string prefix) =>
        owner.Do($"list queues {prefix}*", Endpoint, ct => service.GetQueues(prefix: prefix, cancellationToken: ct).Select(q => q.Name).ToList());

    /// <summary>Put a message whose text is <paramref name="text"/>; it never expires and is visible at once.</summary>
    public void Put(string queue, string text) =>
        owner.Do($"put a message on queue {queue}", Endpoint, ct => Queue(queue).SendMessage(text, null, NeverExpires, ct));

    /// <summary>Up to <paramref name="max"/> messages, each hidden from other readers for <paramref name="visibility"/>.</summary>
    public QueueMessage[] Receive(string queue, int max, TimeSpan visibility) =>
        owner.Do($"get messages from queue {queue}", Endpoint, ct => Queue(queue).ReceiveMessages(max, visibility, ct).Value);

    public void Delete(string queue, QueueMessage m) =>
        owner.Do($"delete a message from queue {queue}", Endpoint, ct => Queue(queue).DeleteMessage(m.MessageId, m.PopReceipt, ct), HttpStatusCode.NotFound);
}
