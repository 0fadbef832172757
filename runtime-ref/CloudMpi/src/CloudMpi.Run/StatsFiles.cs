using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using CloudMpi.Transports.Azure;

namespace CloudMpi.Run;

/// <summary>
/// The storage requests of a job or of one joined rank as a JSON file (<c>--stats-json FILE</c>), and
/// <c>cmpi-run --stats-merge FILE...</c>, which adds up the files of a joined job's ranks into one job report: a job
/// whose ranks were started with <c>--join</c> has no cmpi-run that sees every rank, so each rank writes its own
/// counts and the merge gives the job's totals and cost (docs/scale.md).
///
/// The file is one object: <c>format</c> ("cmpi-run --stats-json 1"), <c>job</c> (null for a cmpi-run job),
/// <c>rank</c> (null when the file holds every rank of a cmpi-run job), <c>size</c>, <c>wall_seconds</c>,
/// <c>price_per_10k_transactions</c>, <c>price_source</c>, and <c>requests</c>: one row per (rank, account, kind)
/// with a count, rank -1 being the cmpi-run process itself (creating and deleting the job's resources, the
/// <c>--join</c> registry), the kinds named as <c>--stats</c> prints them.
/// </summary>
public static class StatsFiles
{
    public const string Format = "cmpi-run --stats-json 1";

    /// <summary>A stats file read back.</summary>
    public sealed record Contents(string Path, string? Job, int? Rank, int Size, double WallSeconds, double Price, string PriceSource,
                                  Dictionary<(int Rank, int Account), long[]> Cells);

    /// <summary>The file name for <paramref name="rank"/>: "{rank}" in the option's value is the rank number.</summary>
    public static string PathFor(string pattern, int? rank) =>
        rank is int r ? pattern.Replace("{rank}", r.ToString(CultureInfo.InvariantCulture), StringComparison.Ordinal) : pattern;

    /// <summary>Write this process's tally to <c>--stats-json</c>'s file; a failure is said on stderr, the job's status stays.</summary>
    internal static void Write(RunOptions options, RequestTally tally, string? job, int? rank, int size, TimeSpan wall, TextWriter stderr)
    {
        if (options.StatsJson is null) return;
        string path = PathFor(options.StatsJson, rank);
        var rows = new JsonArray();
        foreach (var ((r, account), counts) in tally.Cells())
            for (int k = 0; k < counts.Length; k++)
                if (counts[k] != 0)
                    rows.Add(new JsonObject
                    {
                        ["rank"] = r, ["account"] = account, ["kind"] = RequestTally.Describe((RequestKind)k), ["count"] = counts[k],
                    });
        var doc = new JsonObject
        {
            ["format"] = Format,
            ["job"] = job,
            ["rank"] = rank,
            ["size"] = size,
            ["wall_seconds"] = Math.Round(wall.TotalSeconds, 6),
            ["price_per_10k_transactions"] = options.PricePer10kTransactions ?? StoragePrices.DefaultPer10k,
            ["price_source"] = options.PricePer10kTransactions is null ? StoragePrices.DefaultSource : "--price-per-10k-transactions",
            ["requests"] = rows,
        };
        try
        {
            File.WriteAllText(path, doc.ToJsonString(new JsonSerializerOptions { WriteIndented = true }) + "\n");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException or ArgumentException)
        {
            stderr.Write($"cmpi-run: --stats-json {path}: cannot write it: {e.Message}\n");
        }
    }

    /// <summary>A file that is no stats file, with where (line:col when the JSON itself is broken).</summary>
    public sealed class BadFile(string where, string message) : Exception(message)
    {
        public string Where { get; } = where;
    }

    public static Contents Read(string path)
    {
        string text;
        try
        {
            text = File.ReadAllText(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException or ArgumentException)
        {
            throw new BadFile(path, $"cannot read it: {e.Message}");
        }
        JsonNode? root;
        try
        {
            root = JsonNode.Parse(text);
        }
        catch (JsonException e)
        {
            // JsonException counts lines and bytes from 0
            throw new BadFile($"{path}:{(e.LineNumber ?? 0) + 1}:{(e.BytePositionInLine ?? 0) + 1}", "not JSON: " + FirstSentence(e.Message));
        }
        if (root is not JsonObject o || (string?)Value<string>(o, "format", path) != Format)
            throw new BadFile(path, $"not a --stats-json file (its \"format\" is not \"{Format}\")");
        var cells = new Dictionary<(int, int), long[]>();
        int kinds = Enum.GetValues<RequestKind>().Length;
        if (o["requests"] is not JsonArray rows)
            throw new BadFile(path, "no \"requests\" list");
        int i = 0;
        foreach (var row in rows)
        {
            string where = $"{path}: requests[{i++}]";
            if (row is not JsonObject r) throw new BadFile(where, "not an object");
            int rank = Value<int>(r, "rank", where), account = Value<int>(r, "account", where);
            string kindName = Value<string>(r, "kind", where) ?? "";
            long count = Value<long>(r, "count", where);
            if (!RequestTally.TryParseKind(kindName, out var kind)) throw new BadFile(where, $"unknown kind \"{kindName}\"");
            if (rank < RequestTally.Launcher || account < 0 || count < 0) throw new BadFile(where, "a negative rank, account or count");
            if (!cells.TryGetValue((rank, account), out var counts)) cells[(rank, account)] = counts = new long[kinds];
            counts[(int)kind] += count;
        }
        int? fileRank = o["rank"] is null ? null : Value<int>(o, "rank", path);
        return new Contents(path, Value<string?>(o, "job", path), fileRank, Value<int>(o, "size", path),
                            Value<double>(o, "wall_seconds", path), Value<double>(o, "price_per_10k_transactions", path),
                            Value<string?>(o, "price_source", path) ?? "", cells);
    }

    private static T Value<T>(JsonObject o, string name, string where)
    {
        try
        {
            var node = o[name];
            if (node is null)
            {
                if (default(T) is null) return default!;
                throw new BadFile(where, $"no \"{name}\"");
            }
            return node.GetValue<T>();
        }
        catch (Exception e) when (e is InvalidOperationException or FormatException)
        {
            throw new BadFile(where, $"\"{name}\" is not a {typeof(T).Name.ToLowerInvariant()}");
        }
    }

    private static string FirstSentence(string message)
    {
        int dot = message.IndexOf(". ", StringComparison.Ordinal);
        return dot > 0 ? message[..dot] : message;
    }

    /// <summary>
    /// <c>cmpi-run --stats-merge FILE...</c>: the files of one job's ranks added up and printed as one --stats report
    /// (on stdout: it is the command's output). The job's wall time is the longest rank's (the ranks run at the same
    /// time), its cost the total at the files' price (or <c>--price-per-10k-transactions</c>). Every file must be of
    /// the same job and a different rank; ranks of 0..size-1 that have no file are named, and the totals are then of
    /// the ranks given. Exit status 0, 1 when a file cannot be read or does not fit the others.
    /// </summary>
    public static int Merge(IReadOnlyList<string> paths, double? price, TextWriter stdout, TextWriter stderr)
    {
        var files = new List<Contents>();
        try
        {
            foreach (string path in paths) files.Add(Read(path));
        }
        catch (BadFile e)
        {
            stderr.Write($"{e.Where}: error: {e.Message}\n");
            return 1;
        }
        var first = files[0];
        foreach (var f in files.Skip(1))
        {
            string? problem = f.Job != first.Job ? $"of job {Name(f.Job)}, not {Name(first.Job)} as {first.Path}"
                : f.Size != first.Size ? $"of a job of {f.Size} ranks, not {first.Size} as {first.Path}"
                : f.Rank is null || first.Rank is null ? "a whole cmpi-run job's counts: there is nothing to add to them"
                : null;
            if (problem is not null)
            {
                stderr.Write($"{f.Path}: error: {problem}\n");
                return 1;
            }
        }
        var seen = new Dictionary<int, string>();
        foreach (var f in files.Where(f => f.Rank is not null))
        {
            if (seen.TryGetValue(f.Rank!.Value, out string? other))
            {
                stderr.Write($"{f.Path}: error: rank {f.Rank} again (also in {other})\n");
                return 1;
            }
            seen[f.Rank.Value] = f.Path;
        }
        var tally = new RequestTally();
        foreach (var f in files) tally.Merge(f.Cells);
        double usd = price ?? first.Price;
        string source = price is not null ? "--price-per-10k-transactions" : first.PriceSource;
        var wall = TimeSpan.FromSeconds(files.Max(f => f.WallSeconds));
        string title = first.Rank is null
            ? "cmpi-run: storage requests (--stats-merge)"
            : $"cmpi-run: job {Name(first.Job)}: storage requests of {files.Count} of its {first.Size} ranks (--stats-merge)";
        stdout.Write(tally.Report(wall, usd, source, title));
        stdout.Write("  (the job's wall time is its longest rank's; \"cmpi-run\" is every rank process's own requests: the --join registry, the job's resources)\n");
        var missing = Enumerable.Range(0, first.Size).Where(r => !seen.ContainsKey(r)).ToList();
        if (first.Rank is not null && missing.Count > 0)
        {
            stderr.Write($"cmpi-run: --stats-merge: no file for rank{(missing.Count > 1 ? "s" : "")} {string.Join(", ", missing)} of {first.Size}: the totals are of the ranks given\n");
        }
        return 0;
    }

    private static string Name(string? job) => job ?? "(a cmpi-run job)";
}
