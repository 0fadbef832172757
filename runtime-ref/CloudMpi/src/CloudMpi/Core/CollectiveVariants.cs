namespace CloudMpi.Core;

/// <summary>
/// The collective algorithms a job can choose (the cloudMPI thesis compared them on storage queues, where every
/// message is an HTTP request and latency, not bandwidth, dominates):
/// <list type="bullet">
/// <item><c>CMPI_BCAST</c>: <c>hypercube</c> (binomial tree, log p rounds; default) or <c>naive</c> (the root sends to every rank).</item>
/// <item><c>CMPI_SCATTER</c>: <c>sequential</c> (default) or <c>threads</c> (the root's sends go out in parallel).</item>
/// <item><c>CMPI_BARRIER</c>: <c>messages</c> (binomial fan-in/fan-out; default) or <c>table</c> (the thesis's barrier on a
/// storage table, azure only; elsewhere it falls back to messages).</item>
/// </list>
/// Defaults are the faster variants measured on Azurite (see docs/transports.md).
/// </summary>
internal static class CollectiveVariants
{
    public enum BcastKind { Hypercube, Naive }
    public enum ScatterKind { Sequential, Threads }
    public enum BarrierKind { Messages, Table }

    public static BcastKind Bcast { get; set; } = Parse("CMPI_BCAST", BcastKind.Hypercube);
    public static ScatterKind Scatter { get; set; } = Parse("CMPI_SCATTER", ScatterKind.Sequential);
    public static BarrierKind Barrier { get; set; } = Parse("CMPI_BARRIER", BarrierKind.Messages);

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
