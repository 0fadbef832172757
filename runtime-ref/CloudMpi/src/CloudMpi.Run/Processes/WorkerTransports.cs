using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Transports;
using CloudMpi.Transports.Azure;

namespace CloudMpi.Run.Processes;

/// <summary>The data transports besides inproc and TCP (which needs its listener before hello): how they are built.</summary>
internal static class WorkerTransports
{
    /// <summary>For one rank process (the job's resources were created by cmpi-run).</summary>
    public static ITransport Create(JobDescription job, int rank, ProcessRankHost host)
    {
        if (job.Transport != "azure")
            throw new UsageException($"transport '{job.Transport}' cannot run one rank per process");
        var azure = NewAzure(job.Settings, job.JobId, job.Size);
        azure.OnFatal = (r, e) => host.TransportFailed(r, $"rank {r}: azure transport: {e.Message}");
        azure.OnRejected = (r, what) => Console.Error.WriteLine($"cmpi-run: rank {r}: {what}");
        return azure;
    }

    public static void Start(ITransport transport, RankContext ctx)
    {
        if (transport is AzureTransport azure)
            azure.StartReceiving(ctx.WorldRank, ctx.Mailbox, () => ctx.NextContextId);
    }

    /// <summary>For ranks as threads of this process; null = the in-process transport.</summary>
    public static Func<IMessageSink[], IReadOnlyList<ITransport>>? ForThreads(string transport, IReadOnlyDictionary<string, string> settings) =>
        transport switch
        {
            "inproc" => null,
            "azure" => sinks =>
            {
                var azure = NewAzure(settings, NewJobId(), sinks.Length);
                azure.OwnsJobResources = true;
                azure.CreateJobResources();
                azure.OnFatal = (r, e) => ((Mailbox)sinks[r]).Owner.Host?.TransportFailed(r, $"rank {r}: azure transport: {e.Message}");
                azure.OnRejected = (r, what) => Console.Error.WriteLine($"cmpi-run: rank {r}: {what}");
                foreach (var sink in sinks)
                {
                    RankContext rank = ((Mailbox)sink).Owner;
                    azure.StartReceiving(rank.WorldRank, sink, () => rank.NextContextId);
                }
                return [azure];
            },
            _ => throw new UsageException($"transport '{transport}' cannot run its ranks as threads"),
        };

    public static string NewJobId() => "cmpi" + Guid.NewGuid().ToString("N")[..16];

    internal static AzureTransport NewAzure(IReadOnlyDictionary<string, string> settings, string jobId, int size) =>
        new(StorageAccounts.Connect(Connections(settings)), jobId, size, AzureOptions.From(settings));

    /// <summary>How to reach the storage account the settings name (account 0 of a sharded job); a malformed connection string is a usage error.</summary>
    internal static StorageConnection Connection(IReadOnlyDictionary<string, string> settings) => Connections(settings)[0];

    /// <summary>Every storage account of the job, in account order (one unless <c>--azure-accounts</c> named several).</summary>
    internal static List<StorageConnection> Connections(IReadOnlyDictionary<string, string> settings)
    {
        try
        {
            if (settings.TryGetValue(AzureSettings.AccountsKey, out string? lines))
                return lines.Split('\n').Select(a => StorageConnection.IsAccountName(a) ? StorageConnection.ForAccount(a) : StorageConnection.FromConnectionString(a)).ToList();
            return [settings.TryGetValue(AzureSettings.AccountKey, out string? account)
                ? StorageConnection.ForAccount(account)
                : StorageConnection.FromConnectionString(settings[AzureSettings.ConnectionStringKey])];
        }
        catch (FormatException e)
        {
            throw new UsageException(e.Message);
        }
    }

    /// <summary>cmpi-run's part for process-per-rank azure jobs: create the job's container and table first, delete everything at the end.</summary>
    public static IDisposable? JobResources(string transport, IReadOnlyDictionary<string, string> settings, string jobId)
    {
        if (transport != "azure") return null;
        var azure = NewAzure(settings, jobId, 1);
        azure.CreateJobResources();
        return new Cleanup(azure);
    }

    private sealed class Cleanup(AzureTransport azure) : IDisposable
    {
        public void Dispose()
        {
            try
            {
                AzureTransport.DeleteJobResources(azure.Accounts, azure.JobId);
            }
            catch (StorageException e)
            {
                Console.Error.WriteLine($"cmpi-run: could not delete the job's storage resources ({azure.JobId}*): {e.Message}");
            }
            finally
            {
                azure.Accounts.Dispose();
            }
        }
    }
}
