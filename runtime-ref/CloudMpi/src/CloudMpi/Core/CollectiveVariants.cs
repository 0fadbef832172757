using CloudMpi.Transports;

namespace CloudMpi.Core;

/// <summary>
/// The collective algorithms a job can choose (the cloudMPI thesis compared them on storage queues, where every
/// message is an HTTP request and latency, not bandwidth, dominates):
/// <list type="bullet">
/// <item><c>CMPI_BCAST</c>: <c>hypercube</c> (binomial tree, log p rounds; default except on azure below the model's switch point) or <c>naive</c> (the root sends to every rank).</item>
/// <item><c>CMPI_SCATTER</c>: <c>sequential</c> (default except on azure) or <c>threads</c> (the root's sends go out in parallel; the model's choice on azure).</item>
/// <item><c>CMPI_BARRIER</c>: <c>dissemination</c> (log2 p rounds of one send and one receive per rank; default on inproc
/// and tcp but at 5-7 ranks), <c>linear</c> (every rank to rank 0 and back, 2(p - 1) messages, 2 hops; default on tcp at
/// 5-7 ranks, as Open MPI's at 4-7), <c>messages</c> (binomial fan-in/fan-out, 2 log2 p hops; on azure the model's choice from its switch point up, dissemination below) or <c>table</c> (the thesis's
/// barrier on a storage table, azure only; elsewhere it falls back to messages).</item>
/// <item><c>CMPI_ALLGATHER</c>: <c>exchange</c> (every rank sends its block straight to every other rank, p - 1 sends and
/// receives a rank; default inproc) or <c>gatherbcast</c> (a gather to rank 0, which broadcasts the packed blocks:
/// 2(p - 1) messages in all; default on tcp, and on azure from the model's switch point up, the exchange below).</item>
/// </list>
/// Defaults on inproc and tcp are the faster variants measured per transport by make bench-comm (docs/bench/README.md);
/// on azure they are chosen by the communicator's size from the storage model (<see cref="StorageCollectiveModel"/>,
/// docs/scale.md). A variable set always wins.
/// </summary>
internal static class CollectiveVariants
{
    public enum BcastKind { Hypercube, Naive }
    public enum ScatterKind { Sequential, Threads }
    public enum BarrierKind { Messages, Table, Dissemination, Linear }
    public enum AllgatherKind { Exchange, GatherBcast }

    /// <summary>The broadcast chosen by CMPI_BCAST (or a test), null = the transport's default (<see cref="BcastFor(string, int)"/>).</summary>
    public static BcastKind? Bcast { get; set; } = ParseChoice<BcastKind>("CMPI_BCAST");
    /// <summary>The scatter chosen by CMPI_SCATTER, null = the transport's default (<see cref="ScatterFor(string, int)"/>).</summary>
    public static ScatterKind? Scatter { get; set; } = ParseChoice<ScatterKind>("CMPI_SCATTER");
    /// <summary>The barrier chosen by CMPI_BARRIER, null = the transport's default (<see cref="BarrierFor(string, int)"/>).</summary>
    public static BarrierKind? Barrier { get; set; } = ParseChoice<BarrierKind>("CMPI_BARRIER");
    /// <summary>The allgather chosen by CMPI_ALLGATHER, null = the transport's default (<see cref="AllgatherFor(string, int)"/>).</summary>
    public static AllgatherKind? Allgather { get; set; } = ParseChoice<AllgatherKind>("CMPI_ALLGATHER");

    /// <summary>
    /// The broadcast a job on <paramref name="transport"/> uses on a communicator of <paramref name="size"/> ranks
    /// unless CMPI_BCAST says otherwise: on azure the one <see cref="StorageCollectiveModel"/> says is faster at that
    /// size (naive from 3 ranks, while the root's puts, 16 at a time, take less than log2 p hops; docs/scale.md),
    /// elsewhere the hypercube (on Azurite naive and hypercube were within each other's noise at 4 ranks in make
    /// bench-comm, docs/bench/README.md, so the one that scales with p stays).
    /// </summary>
    public static BcastKind BcastFor(ITransport transport, int size) => BcastFor(transport.Name, size);

    public static BcastKind BcastFor(string transportName, int size) =>
        Bcast ?? (transportName == "azure" ? StorageCollectiveModel.Best(size, BcastKind.Hypercube, BcastKind.Naive) : BcastKind.Hypercube);

    /// <summary>
    /// The scatter unless CMPI_SCATTER says otherwise: on azure the model's choice (the root's sends in parallel at
    /// every size: each is an HTTP request), in order elsewhere (a thread per send costs more than the send).
    /// </summary>
    public static ScatterKind ScatterFor(ITransport transport, int size) => ScatterFor(transport.Name, size);

    public static ScatterKind ScatterFor(string transportName, int size) =>
        Scatter ?? (transportName == "azure" ? StorageCollectiveModel.Best(size, ScatterKind.Threads, ScatterKind.Sequential) : ScatterKind.Sequential);

    /// <summary>
    /// The barrier unless CMPI_BARRIER says otherwise: dissemination in memory and over TCP (half the sequential hops
    /// of the binomial barrier; 4-7 ranks on 2 cores, docs/bench/README.md), but linear over TCP at 5-7 ranks (12
    /// messages against 21 at 7 ranks, two hops against three; measured in bench/README.md, tcp round 10); on azure the model's choice between
    /// dissemination (log2 p hops) and messages (2 log2 p hops, but 2(p - 1) messages against p log2 p: fewer requests
    /// once the account's target is near). The table barrier is only taken when CMPI_BARRIER=table asks for it
    /// (<see cref="StorageCollectiveModel"/> says why).
    /// </summary>
    public static BarrierKind BarrierFor(ITransport transport, int size) => BarrierFor(transport.Name, size);

    public static BarrierKind BarrierFor(string transportName, int size) =>
        Barrier ?? transportName switch
        {
            "azure" => StorageCollectiveModel.Best(size, BarrierKind.Messages, BarrierKind.Dissemination),
            "tcp" when size is >= LinearBarrierMin and <= LinearBarrierMax => BarrierKind.Linear,
            _ => BarrierKind.Dissemination,
        };

    /// <summary>The communicator sizes whose tcp barrier is linear: where dissemination needs 3 hops to linear's 2.
    /// Open MPI 4.1's tuned barrier takes linear from 4 ranks to 7; at 4, where dissemination's hops are 2 as well, it
    /// measured faster here (83 against 120 us, 4 ranks on 2 cores at load 30; bench/README.md, tcp round 10).</summary>
    public const int LinearBarrierMin = 5, LinearBarrierMax = 7;

    /// <summary>
    /// The allgather unless CMPI_ALLGATHER says otherwise: the exchange in memory, where a message is a copy (an
    /// Allgatherv of 96 KB on 2 ranks, nbody's each step: 241-251 us through rank 0's packed broadcast, 31-77 us by
    /// exchange; Open MPI 9-12 us), the gather and broadcast over TCP, where every message is a round trip; on azure
    /// the model's choice (the exchange's one hop while its p - 2 puts in a row cost less than log2 p hops).
    /// </summary>
    public static AllgatherKind AllgatherFor(ITransport transport, int size) => AllgatherFor(transport.Name, size);

    public static AllgatherKind AllgatherFor(string transportName, int size) =>
        Allgather ?? transportName switch
        {
            "inproc" => AllgatherKind.Exchange,
            "azure" => StorageCollectiveModel.Best(size, AllgatherKind.GatherBcast, AllgatherKind.Exchange),
            _ => AllgatherKind.GatherBcast,
        };

    /// <summary>
    /// The variants a job of <paramref name="ranks"/> ranks on transport <paramref name="transportName"/> uses on its
    /// world communicator, as <c>cmpi-run --stats</c> reports them: "bcast naive, scatter threads, barrier
    /// dissemination (set), allgather exchange", "(set)" where CMPI_* chose it; on azure followed by where the model
    /// puts each choice ("by rank count ..."). A smaller communicator may get a different variant.
    /// </summary>
    public static string Describe(string transportName, int ranks)
    {
        static string Name<T>(T kind, T? chosen) where T : struct, Enum =>
            kind.ToString().ToLowerInvariant() + (chosen is null ? "" : " (set)");
        string line = $"bcast {Name(BcastFor(transportName, ranks), Bcast)}, scatter {Name(ScatterFor(transportName, ranks), Scatter)}, " +
                      $"barrier {Name(BarrierFor(transportName, ranks), Barrier)}, allgather {Name(AllgatherFor(transportName, ranks), Allgather)}";
        if (transportName == "azure" && (Bcast is null || Scatter is null || Barrier is null || Allgather is null))
            line += $" (by rank count at {ranks} ranks from the storage model, docs/scale.md; CMPI_BCAST, CMPI_SCATTER, CMPI_BARRIER, CMPI_ALLGATHER override)";
        return line;
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
