using System.Globalization;
using System.Text.RegularExpressions;
using CloudMpi.Run;
using CloudMpi.Transports.Azure;

namespace CloudMpi.Run.Tests;

/// <summary>
/// <c>--stats-json</c> and <c>cmpi-run --stats-merge</c> (docs/scale.md): a joined job's ranks each write their counts,
/// the merge adds them up into one job report. Here the files come from <see cref="StatsFiles.Write"/> with tallies
/// made by hand, so the expected sums are known; tests/test_join.py merges the files of a real joined job on Azurite.
/// </summary>
public class StatsMergeTests
{
    private static string WriteRank(Scratch s, string job, int rank, int size, double wallSeconds, params (int Rank, int Account, RequestKind Kind, long N)[] counts)
    {
        var tally = new RequestTally();
        foreach (var (r, a, k, n) in counts) tally.Add(r, k, n, a);
        var options = new RunOptions { StatsJson = Path.Combine(s.Dir, "stats-{rank}.json"), Stats = true };
        var err = new StringWriter();
        StatsFiles.Write(options, tally, job, rank, size, TimeSpan.FromSeconds(wallSeconds), err);
        Assert.Equal("", err.ToString());
        return StatsFiles.PathFor(options.StatsJson, rank);
    }

    private static long Count(string report, string who, string kind)
    {
        var line = report.Split('\n').Single(l => Regex.IsMatch(l, $@"^\s+{Regex.Escape(who)}\s+\d+:"));
        var m = Regex.Match(line, $@"\b{Regex.Escape(kind)} (\d+)");
        return m.Success ? long.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture) : 0;
    }

    [Fact]
    public void MergeAddsUpTheRanksAndTakesTheLongestWallTime()
    {
        using var s = new Scratch();
        string f0 = WriteRank(s, "j1", 0, 2, 3.0, (0, 0, RequestKind.QueuePut, 5), (0, 0, RequestKind.QueueGetEmpty, 40),
                              (RequestTally.Launcher, 0, RequestKind.TableInsert, 2));
        string f1 = WriteRank(s, "j1", 1, 2, 4.5, (1, 1, RequestKind.QueueDelete, 5), (1, 1, RequestKind.QueueGetEmpty, 10),
                              (RequestTally.Launcher, 0, RequestKind.TableInsert, 2), (RequestTally.Launcher, 1, RequestKind.QueueDeleteQueue, 1));
        var o = new StringWriter();
        var e = new StringWriter();
        Assert.Equal(0, StatsFiles.Merge([f0, f1], price: null, o, e));
        string report = o.ToString();
        Assert.Equal("", e.ToString());
        Assert.StartsWith("cmpi-run: job j1: storage requests of 2 of its 2 ranks (--stats-merge)\n", report);
        Assert.Equal(5, Count(report, "rank 0", "queue put"));
        Assert.Equal(5, Count(report, "rank 1", "queue delete"));
        Assert.Equal(4, Count(report, "cmpi-run", "table insert"));  // both rank processes' own requests in one row
        Assert.Equal(50, Count(report, "total", "empty poll"));
        Assert.Matches(@"\n  total\s+65: ", report);
        Assert.Contains("  account 1        16: ", report);  // sharded: per account, as --stats prints it
        Assert.Contains("wall time 4.500 s", report);
        Assert.Contains(string.Create(CultureInfo.InvariantCulture, $"cost {65 * 0.004 / 10_000:0.000000} USD at 0.004 USD per 10,000"), report);
    }

    [Fact]
    public void MergeGoesThroughTheCommandLineAndTakesAPrice()
    {
        using var s = new Scratch();
        string f0 = WriteRank(s, "j2", 0, 3, 1.0, (0, 0, RequestKind.QueuePut, 10));
        string f2 = WriteRank(s, "j2", 2, 3, 1.0, (2, 0, RequestKind.QueueDelete, 10));
        var o = new StringWriter();
        var e = new StringWriter();
        var r = Launcher.Run(["--price-per-10k-transactions", "40", "--stats-merge", f0, f2], o, e);
        Assert.Equal(0, r.ExitCode);
        Assert.Contains("cost 0.080000 USD at 40 USD per 10,000 transactions (--price-per-10k-transactions)", o.ToString());
        Assert.Equal("cmpi-run: --stats-merge: no file for rank 1 of 3: the totals are of the ranks given\n", e.ToString());
    }

    [Fact]
    public void FilesThatDoNotFitAreNamed()
    {
        using var s = new Scratch();
        string a0 = WriteRank(s, "ja", 0, 2, 1.0, (0, 0, RequestKind.QueuePut, 1));
        string copy = s.Write("again.json", File.ReadAllText(a0));
        string broken = s.Write("broken.json", "{\n  \"format\": \"cmpi-run --stats-json 1\",\n  \"job\": \n}\n");
        string other = s.Write("other.json", File.ReadAllText(a0).Replace("\"ja\"", "\"jb\"", StringComparison.Ordinal).Replace("\"rank\": 0,", "\"rank\": 1,", StringComparison.Ordinal));
        string badKind = s.Write("kind.json", File.ReadAllText(a0).Replace("queue put", "queue putt", StringComparison.Ordinal));
        (int, string) Merge(params string[] files)
        {
            var e = new StringWriter();
            return (StatsFiles.Merge(files, null, new StringWriter(), e), e.ToString());
        }
        Assert.Equal((1, $"{copy}: error: rank 0 again (also in {a0})\n"), Merge(a0, copy));
        var (code, message) = Merge(a0, broken);
        Assert.Equal(1, code);
        Assert.StartsWith($"{broken}:4:1: error: not JSON", message);
        Assert.Equal((1, $"{other}: error: of job jb, not ja as {a0}\n"), Merge(a0, other));
        Assert.Equal((1, $"{badKind}: requests[0]: error: unknown kind \"queue putt\"\n"), Merge(badKind));
        string none = Path.Combine(s.Dir, "none.json");
        var (missingCode, missingMessage) = Merge(none);
        Assert.Equal(1, missingCode);
        Assert.StartsWith($"{none}: error: cannot read it: ", missingMessage);
    }

    [Fact]
    public void Options()
    {
        var o = CommandLine.Parse(["--join", "j", "--stats-json", "s-{rank}.json", "A.cs"], _ => null)!;
        Assert.True(o.Stats);
        Assert.Equal("s-{rank}.json", o.StatsJson);
        Assert.Equal("s-3.json", StatsFiles.PathFor(o.StatsJson!, 3));
        var m = CommandLine.Parse(["--stats-merge", "a.json", "b.json"], _ => null)!;
        Assert.Equal(["a.json", "b.json"], m.StatsMerge);
        Assert.Throws<UsageException>(() => CommandLine.Parse(["--stats-merge"], _ => null));
        Assert.Throws<UsageException>(() => CommandLine.Parse(["--join", "j", "--stats-merge", "a.json"], _ => null));
    }
}
