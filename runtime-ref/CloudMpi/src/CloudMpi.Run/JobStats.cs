using CloudMpi.Core;
using CloudMpi.Transports.Azure;

namespace CloudMpi.Run;

/// <summary>
/// <c>cmpi-run --stats</c>: the storage requests of the job just run, by rank and kind (counted in every rank process
/// and in cmpi-run itself by <see cref="RequestTally"/>, the rank processes' counts sent to cmpi-run as their last
/// control frame), its wall time, its cost at the given price, and the collective variants it used.
/// </summary>
public static class JobStats
{
    public static string Report(RunOptions options, TimeSpan wall)
    {
        double price = options.PricePer10kTransactions ?? StoragePrices.DefaultPer10k;
        string source = options.PricePer10kTransactions is null ? StoragePrices.DefaultSource : "--price-per-10k-transactions";
        string variants = $"  collectives: {CollectiveVariants.Describe(options.Transport, options.Ranks)}\n";
        if (options.Transport != "azure")
            return $"cmpi-run: --stats: transport {options.Transport} makes no storage requests; wall time {wall.TotalSeconds.ToString("0.000", System.Globalization.CultureInfo.InvariantCulture)} s\n{variants}";
        return RequestTally.ForProcess.Report(wall, price, source) + variants;
    }
}
