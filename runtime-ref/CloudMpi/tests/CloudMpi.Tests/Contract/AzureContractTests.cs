using CloudMpi.Core;
using CloudMpi.Tests.Azure;
using CloudMpi.Transports;
using CloudMpi.Transports.Azure;

namespace CloudMpi.Tests.Contract;

/// <summary>The contract on Azure Storage queues, blobs and tables, served by Azurite on loopback.</summary>
public class AzureContractTests(AzuriteServer azurite) : TransportContract, IClassFixture<AzuriteServer>
{
    protected override double JobSeconds => 180;

    internal override IReadOnlyList<ITransport> CreateTransports(IMessageSink[] mailboxes) =>
        [AzureJobs.Create(azurite, mailboxes)];
}

/// <summary>An azure transport for a test job whose ranks are threads (as <c>cmpi-run --transport azure --hosting threads</c>).</summary>
internal static class AzureJobs
{
    public static AzureTransport Create(AzuriteServer azurite, IMessageSink[] mailboxes, AzureOptions? options = null, Action<int, string>? rejected = null) =>
        Create(new StorageClients(StorageConnection.FromConnectionString(azurite.ConnectionString), retryFor: TimeSpan.FromSeconds(40)),
               mailboxes, options, rejected);

    /// <summary>The same on given clients (another way of signing in).</summary>
    public static AzureTransport Create(StorageClients client, IMessageSink[] mailboxes, AzureOptions? options = null, Action<int, string>? rejected = null)
    {
        var t = new AzureTransport(client, "cmpitest" + Guid.NewGuid().ToString("N")[..12], mailboxes.Length, options ?? new AzureOptions())
        {
            OwnsJobResources = true,
        };
        t.OnFatal = (r, e) => ((Mailbox)mailboxes[r]).Owner.Host?.TransportFailed(r, $"rank {r}: azure transport: {e.Message}");
        t.OnRejected = rejected;
        t.CreateJobResources();
        foreach (var sink in mailboxes)
        {
            var owner = ((Mailbox)sink).Owner;
            t.StartReceiving(owner.WorldRank, sink, () => owner.NextContextId);
        }
        return t;
    }
}
