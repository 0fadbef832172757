using System.Text.RegularExpressions;

namespace CloudMpi.Run.Join;

/// <summary>
/// The name a user gives a joined job (<c>--join JOB</c>) and the name of its storage. Storage names are narrow (a
/// table name is letters and digits and starts with a letter; a queue name lowercase letters, digits and single
/// dashes), while orchestrators hand out names with dashes, underscores and capitals (a Kubernetes Job's uid, an Azure
/// Batch job id), so JOB may hold letters, digits, dashes and underscores, and its storage id is <c>cmpi</c> followed by
/// JOB in lowercase without its dashes and underscores: <c>--join Ring-7</c> is storage id <c>cmpiring7</c>, its queues <c>cmpiring7-R-C</c>,
/// its table <c>cmpiring7</c>, its collected output container <c>cmpiring7-output</c>. (So <c>ring-7</c>, <c>ring_7</c> and
/// <c>ring7</c> name one job.)
/// </summary>
public static partial class JobNames
{
    /// <summary>At most 40 letters and digits after the dashes go: queue names (<c>{id}-{rank}-{comm}</c>) stay under 63 characters.</summary>
    public const int MaxLetters = 40;

    [GeneratedRegex("^[A-Za-z0-9][A-Za-z0-9_-]*$")]
    private static partial Regex JobPattern();

    /// <summary>Throws a <see cref="UsageException"/> naming what is wrong with <paramref name="job"/>.</summary>
    public static void Check(string job)
    {
        if (!JobPattern().IsMatch(job))
            throw new UsageException($"job name '{job}' must be letters, digits, dashes and underscores, starting with a letter or digit");
        int letters = job.Count(char.IsAsciiLetterOrDigit);
        if (letters > MaxLetters)
            throw new UsageException($"job name '{job}' has {letters} letters and digits; at most {MaxLetters}");
    }

    /// <summary>The storage id of job <paramref name="job"/> (names its queues, table and containers).</summary>
    public static string StorageId(string job) => "cmpi" + new string(job.Where(char.IsAsciiLetterOrDigit).ToArray()).ToLowerInvariant();

    /// <summary>The container of the ranks' collected output (kept when the job's own container is deleted at its end).</summary>
    public static string OutputContainer(string job) => StorageId(job) + "-output";

    public static string OutputBlob(int rank, bool stderr) => $"rank-{rank}.{(stderr ? "err" : "out")}";
}
