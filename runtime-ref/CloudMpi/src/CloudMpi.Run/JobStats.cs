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
        string variants = $"  collectives: {CollectiveVariants.Describe(options.Transport, options.Ranks)}\n"
                          + Hosting.RankJitTally.Report();
        if (options.Transport != "azure")
            return $"cmpi-run: --stats: transport {options.Transport} makes no storage requests; wall time {wall.TotalSeconds.ToString("0.000", System.Globalization.CultureInfo.InvariantCulture)} s\n{variants}";
        return RequestTally.ForProcess.Report(wall, price, source) + variants;
    }

    /// <summary><c>--stats-json FILE</c> of a cmpi-run job: every rank's counts, in the form --stats-merge reads.</summary>
    public static void WriteJson(RunOptions options, TimeSpan wall, TextWriter stderr)
    {
        if (options.Transport == "azure")
            StatsFiles.Write(options, RequestTally.ForProcess, job: null, rank: null, options.Ranks, wall, stderr);
    }

    /// <summary>
    /// <c>cmpi-run --join JOB --stats</c>: the requests of this one rank of a joined job, which has no cmpi-run to add
    /// up every rank's (docs/scale.md). Its "rank R" row is what the rank's transport made (messages, polls, barriers);
    /// its "cmpi-run" row what this process made to run the job (the registry's rows and heartbeats, creating the
    /// job's resources, the output blobs, and the clean-up when it was the last rank out). The header names the job and
    /// rank, so the lines of every rank can be collected (--collect-output, the orchestrator's logs) and added up.
    /// </summary>
    public static string JoinedRankReport(RunOptions options, string job, int rank, TimeSpan wall)
    {
        double price = options.PricePer10kTransactions ?? StoragePrices.DefaultPer10k;
        string source = options.PricePer10kTransactions is null ? StoragePrices.DefaultSource : "--price-per-10k-transactions";
        return RequestTally.ForProcess.Report(wall, price, source, $"cmpi-run: job {job}: rank {rank}: storage requests of this rank (--stats)");
    }
}
