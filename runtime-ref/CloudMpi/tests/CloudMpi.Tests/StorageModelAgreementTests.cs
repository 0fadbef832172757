using System.Globalization;
using CloudMpi.Core;

namespace CloudMpi.Tests;

/// <summary>
/// The runtime's copy of the storage model (Core/StorageCollectiveModel.cs, which picks the collective variants) and
/// bench/scale_model.py (which docs/scale.md's projections come from) give the same numbers: seconds and requests of
/// one operation, requests a second on each of k accounts, and the accounts a job needs, on a grid of variants, rank
/// counts and account counts. The grid is tests/golden/storage_model_accounts.txt, written by the Python model
/// (tests/test_scale_model.py checks it is the model's current output); this prints the same grid from C#.
/// </summary>
public class StorageModelAgreementTests
{
    private static readonly (string Op, string Variant, Enum Kind)[] Variants =
    [
        ("barrier", "messages", CollectiveVariants.BarrierKind.Messages),
        ("barrier", "dissemination", CollectiveVariants.BarrierKind.Dissemination),
        ("bcast", "hypercube", CollectiveVariants.BcastKind.Hypercube),
        ("bcast", "naive", CollectiveVariants.BcastKind.Naive),
        ("scatter", "threads", CollectiveVariants.ScatterKind.Threads),
        ("scatter", "sequential", CollectiveVariants.ScatterKind.Sequential),
        ("allgather", "gatherbcast", CollectiveVariants.AllgatherKind.GatherBcast),
        ("allgather", "exchange", CollectiveVariants.AllgatherKind.Exchange),
    ];

    private static readonly int[] Ranks = [2, 3, 5, 8, 13, 64, 256, 1024, 4096];
    private static readonly int[] Accounts = [1, 2, 3, 7];

    private static string Grid()
    {
        var inv = CultureInfo.InvariantCulture;
        var lines = new List<string>();
        foreach (var (op, variant, kind) in Variants)
            foreach (int p in Ranks)
            {
                lines.Add(string.Create(inv, $"{op} {variant} p={p} seconds={StorageCollectiveModel.LatencySeconds(kind, p):F6} requests={StorageCollectiveModel.Requests(kind, p)}"));
                foreach (int k in Accounts)
                    lines.Add($"{op} {variant} p={p} k={k}: " + string.Join(" ", StorageCollectiveModel.AccountRates(kind, p, k).Select(x => x.ToString("F6", inv))));
                lines.Add($"{op} {variant} p={p} accounts needed: {StorageCollectiveModel.AccountsNeeded(kind, p)?.ToString(inv) ?? "none"}");
            }
        return string.Join("\n", lines) + "\n";
    }

    private static string GoldenPath()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
        {
            string candidate = Path.Combine(dir.FullName, "tests", "golden", "storage_model_accounts.txt");
            if (File.Exists(candidate)) return candidate;
        }
        throw new FileNotFoundException("tests/golden/storage_model_accounts.txt (written by pytest tests/test_scale_model.py --update-golden)");
    }

    [Fact]
    public void TheRuntimesModelPrintsThePythonModelsGrid()
    {
        string[] golden = File.ReadAllText(GoldenPath()).Split('\n');
        string[] mine = Grid().Split('\n');
        Assert.Equal(golden.Length, mine.Length);
        for (int i = 0; i < golden.Length; i++)
            Assert.True(golden[i] == mine[i], $"line {i + 1}:\n  bench/scale_model.py: {golden[i]}\n  StorageCollectiveModel: {mine[i]}");
    }

    [Fact]
    public void ShardingSpreadsEveryRanksRequestsOverTheAccounts()
    {
        // one account carries everything; k accounts carry the same total between them
        foreach (var (_, _, kind) in Variants)
        {
            double one = StorageCollectiveModel.AccountRates(kind, 1024, 1).Single();
            Assert.Equal(one, StorageCollectiveModel.AccountRates(kind, 1024, 5).Sum(), 6);
        }
        // 1024 ranks' polls alone (50 a second each) pass one account's 20,000: no variant fits on one
        Assert.All(Variants, v => Assert.True(StorageCollectiveModel.AccountsNeeded(v.Kind, 1024) is null or > 2));
    }
}
