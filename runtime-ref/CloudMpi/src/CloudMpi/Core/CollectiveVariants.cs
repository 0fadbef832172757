using CloudMpi.Transports;

namespace CloudMpi.Core;

/// <summary>
/// The collective algorithms a job can choose (the cloudMPI thesis compared them on storage queues, where every
/// message is an HTTP request and latency, not bandwidth, dominates):
/// <list type="bullet">
/// <item><c>CMPI_BCAST</c>: <c>hypercube</c> (binomial tree, log p rounds; default) or <c>naive</c> (the root sends to every rank).</item>
/// <item><c>CMPI_SCATTER</c>: <c>sequential</c> (default except on azure) or <c>threads</c> (the root's sends go out in parallel; default on azure).</item>
/// <item><c>CMPI_BARRIER</c>: <c>dissemination</c> (log2 p rounds of one send and one receive per rank; default on inproc
/// and tcp), <c>messages</c> (binomial fan-in/fan-out, 2 log2 p hops; default on azure) or <c>table</c> (the thesis's
/// barrier on a storage table, azure only; elsewhere it falls back to messages).</item>
/// <item><c>CMPI_ALLGATHER</c>: <c>exchange</c> (every rank sends its block straight to every other rank, p - 1 sends and
/// receives a rank; default inproc) or <c>gatherbcast</c> (a gather to rank 0, which broadcasts the packed blocks:
/// 2(p - 1) messages in all; default on tcp and azure, where each message costs a round trip).</item>
/// </list>
/// Defaults are the faster variants measured per transport by make bench-comm (docs/bench/README.md).
/// </summary>
internal static class CollectiveVariants
{
    public enum BcastKind { Hypercube, Naive }
    public enum ScatterKind { Sequential, Threads }
    public enum BarrierKind { Messages, Table, Dissemination }
    public enum AllgatherKind { Exchange, GatherBcast }

    /// <summary>The broadcast chosen by CMPI_BCAST (or a test), null = the transport's default (<see cref="BcastFor"/>).</summary>
    public static BcastKind? Bcast { get; set; } = ParseChoice<BcastKind>("CMPI_BCAST");
    /// <summary>The scatter chosen by CMPI_SCATTER, null = the transport's default (<see cref="ScatterFor"/>).</summary>
    public static ScatterKind? Scatter { get; set; } = ParseChoice<ScatterKind>("CMPI_SCATTER");
    /// <summary>The barrier chosen by CMPI_BARRIER, null = the transport's default (<see cref="BarrierFor"/>).</summary>
    public static BarrierKind? Barrier { get; set; } = ParseChoice<BarrierKind>("CMPI_BARRIER");
    /// <summary>The allgather chosen by CMPI_ALLGATHER, null = the transport's default (<see cref="AllgatherFor"/>).</summary>
    public static AllgatherKind? Allgather { get; set; } = ParseChoice<AllgatherKind>("CMPI_ALLGATHER");

    /// <summary>
    /// The broadcast a job on <paramref name="transport"/> uses unless told otherwise: the hypercube everywhere. On
    /// Azurite naive (one round of puts) and hypercube (log p rounds) were within each other's noise at 4 ranks in
    /// make bench-comm (docs/bench/README.md), so the one that scales with p stays.
    /// </summary>
    public static BcastKind BcastFor(ITransport transport) => Bcast ?? BcastKind.Hypercube;

    /// <summary>
    /// The scatter a job on <paramref name="transport"/> uses unless told otherwise: the root's sends in parallel on
    /// storage queues (each is an HTTP request), in order elsewhere (a thread per send costs more than the send).
    /// </summary>
    public static ScatterKind ScatterFor(ITransport transport) =>
        Scatter ?? (transport.Name == "azure" ? ScatterKind.Threads : ScatterKind.Sequential);

    /// <summary>
    /// The barrier a job on <paramref name="transport"/> uses unless told otherwise: dissemination in memory and over
    /// TCP (half the sequential hops of the binomial barrier; 4-7 ranks on 2 cores, docs/bench/README.md), messages on
    /// azure, where the thesis's table barrier and the message barrier traded places from run to run of make
    /// bench-comm on Azurite and dissemination's p log2 p puts (against 2(p-1)) all go to one storage service.
    /// </summary>
    public static BarrierKind BarrierFor(ITransport transport) =>
        Barrier ?? (transport.Name == "azure" ? BarrierKind.Messages : BarrierKind.Dissemination);

    /// <summary>
    /// The allgather a job on <paramref name="transport"/> uses unless told otherwise: the exchange in memory, where a
    /// message is a copy (an Allgatherv of 96 KB on 2 ranks, nbody's each step: 241-251 us through rank 0's packed
    /// broadcast, 31-77 us by exchange; Open MPI 9-12 us), the gather and broadcast where every message is a round trip.
    /// </summary>
    public static AllgatherKind AllgatherFor(ITransport transport) =>
        Allgather ?? (transport.Name == "inproc" ? AllgatherKind.Exchange : AllgatherKind.GatherBcast);

    /// <summary>
    /// The variants a job on transport <paramref name="transportName"/> uses, as <c>cmpi-run --stats</c> reports them:
    /// "bcast hypercube, scatter threads, barrier messages, allgather gatherbcast", each marked "(set)" when the
    /// environment chose it.
    /// </summary>
    public static string Describe(string transportName)
    {
        string Name<T>(T kind, T? chosen) where T : struct, Enum =>
            kind.ToString().ToLowerInvariant() + (chosen is null ? "" : " (set)");
        var bcast = Bcast ?? BcastKind.Hypercube;
        var scatter = Scatter ?? (transportName == "azure" ? ScatterKind.Threads : ScatterKind.Sequential);
        var barrier = Barrier ?? (transportName == "azure" ? BarrierKind.Messages : BarrierKind.Dissemination);
        var allgather = Allgather ?? (transportName == "inproc" ? AllgatherKind.Exchange : AllgatherKind.GatherBcast);
        return $"bcast {Name(bcast, Bcast)}, scatter {Name(scatter, Scatter)}, barrier {Name(barrier, Barrier)}, allgather {Name(allgather, Allgather)}";
    }

    private static T? ParseChoice<T>(string variable) where T : struct, Enum
    {
        string? v = Environment.GetEnvironmentVariable(variable);
        return string.IsNullOrWhiteSpace(v) ? null : Parse(variable, v, default(T));
    }

    private static T Parse<T>(string variable, T fallback) where T : struct, Enum =>
        Parse(variable, Environment.GetEnvironmentVariable(variable), fallback);

    /// <summary>The variant <paramref name="v"/> names (case-insensitive); <paramref name="fallback"/> when empty.</summary>
    internal static T Parse<T>(string variable, string? v, T fallback) where T : struct, Enum
    {
        if (string.IsNullOrWhiteSpace(v)) return fallback;
        if (Enum.TryParse(v, ignoreCase: true, out T kind) && Enum.IsDefined(kind)) return kind;
        throw new ArgumentException($"{variable}={v}: expected one of {string.Join(", ", Enum.GetNames<T>().Select(n => n.ToLowerInvariant()))}");
    }
}
