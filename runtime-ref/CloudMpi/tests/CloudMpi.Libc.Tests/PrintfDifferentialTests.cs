using System.Text;
using Xunit.Abstractions;

namespace CloudMpi.Libc.Tests;

/// <summary>CFormat against glibc's snprintf on generated cases: every byte must agree.</summary>
public sealed class PrintfDifferentialTests(ITestOutputHelper output)
{
    public const int GeneratedCases = 30000;

    [Fact]
    public void CFormat_matches_glibc_snprintf_on_generated_cases()
    {
        // CMPI_PRINTF_CASES / CMPI_PRINTF_SEED widen the search locally; the defaults are what CI runs.
        int count = int.TryParse(Environment.GetEnvironmentVariable("CMPI_PRINTF_CASES"), out var n) ? n : GeneratedCases;
        ulong seed = ulong.TryParse(Environment.GetEnvironmentVariable("CMPI_PRINTF_SEED"), out var s) ? s : 20240611;
        var cases = PrintfCaseGenerator.Generate(count, seed).ToList();
        Assert.True(cases.Count >= Math.Min(count, 10000));
        var input = new StringBuilder();
        foreach (var c in cases) input.Append(c.ToLine()).Append('\n');
        string[] expected = CHarness.Run(PrintfHarness.Source, input.ToString());
        Assert.Equal(cases.Count, expected.Length);

        var mismatches = new List<string>();
        for (int i = 0; i < cases.Count; i++)
        {
            var c = cases[i];
            string[] parts = expected[i].Split('\t');
            int cLength = int.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture);
            string cHex = parts.Length > 1 ? parts[1] : "";
            string actualHex;
            try
            {
                byte[] actual = CFormat.FormatBytes(c.Format, c.Args.Select(a => a.Value).ToArray());
                actualHex = (actual.Length != cLength ? $"[length {actual.Length} vs {cLength}] " : "") + Convert.ToHexString(actual).ToLowerInvariant();
            }
            catch (Exception e)
            {
                actualHex = $"threw {e.GetType().Name}: {e.Message}";
            }

            if (actualHex != cHex)
            {
                mismatches.Add($"#{i} {c}\n    glibc: {Show(cHex)}\n    ours:  {Show(actualHex)}");
            }
        }

        output.WriteLine($"{cases.Count} printf cases, {mismatches.Count} mismatches");
        foreach (var m in mismatches.Take(60)) output.WriteLine(m);
        Assert.True(mismatches.Count == 0,
            $"{mismatches.Count} of {cases.Count} printf cases differ from glibc:\n" + string.Join("\n", mismatches.Take(40)));
    }

    private static string Show(string hex)
    {
        if (hex.StartsWith('[') || hex.StartsWith("threw", StringComparison.Ordinal)) return hex;
        try
        {
            var bytes = Convert.FromHexString(hex);
            var s = Encoding.Latin1.GetString(bytes);
            return "\"" + (s.Length > 200 ? s[..200] + "..." : s) + "\"";
        }
        catch (FormatException)
        {
            return hex;
        }
    }
}
