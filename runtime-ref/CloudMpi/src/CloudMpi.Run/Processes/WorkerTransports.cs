using CloudMpi.Hosting;
using CloudMpi.Transports;

namespace CloudMpi.Run.Processes;

/// <summary>The data transports besides inproc and TCP (which needs its listener before hello): how they are built.</summary>
internal static class WorkerTransports
{
    /// <summary>For one rank process.</summary>
    public static ITransport Create(JobDescription job, int rank, ProcessRankHost host) =>
        throw new UsageException($"transport '{job.Transport}' is not available in this build of cmpi-run");

    public static void Start(ITransport transport, RankContext ctx)
    {
    }

    /// <summary>For ranks as threads of this process; null = the in-process transport.</summary>
    public static Func<IMessageSink[], IReadOnlyList<ITransport>>? ForThreads(string transport, IReadOnlyDictionary<string, string> settings) =>
        transport switch
        {
            "inproc" => null,
            _ => throw new UsageException($"transport '{transport}' is not available in this build of cmpi-run"),
        };
}
