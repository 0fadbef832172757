using System.Globalization;
using System.Text;

namespace CloudMpi.Libc.Tests;

/// <summary>sscanf against glibc: generated formats and inputs, the return value and every target compared.</summary>
public sealed class ScanfDifferentialTests
{
    // Each case: a signature (one letter per target type), a format and an input, all hex-encoded.
    // i int, I unsigned, l long, L unsigned long, h short, b signed char, d double, f float,
    // s char[64], c char, C char[8] (for %3c), n int (for %n).
    private const string Source = """
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        static char line[8192], fmt[512], in[2048];
        static void unhex(const char *s, char *dst) {
            int n = 0;
            if (s[0] == '-') { dst[0] = 0; return; }
            while (s[0] && s[1]) { unsigned v; sscanf(s, "%2x", &v); dst[n++] = (char)v; s += 2; }
            dst[n] = 0;
        }
        union slot { int i; unsigned I; long l; unsigned long L; short h; signed char b; double d; float f; char s[64]; char c; char C[8]; };

        int main(void) {
            while (fgets(line, sizeof line, stdin)) {
                line[strcspn(line, "\n")] = 0;
                char *save = NULL;
                char *sig = strtok_r(line, "\t", &save);
                unhex(strtok_r(NULL, "\t", &save), fmt);
                unhex(strtok_r(NULL, "\t", &save), in);
                union slot v[4];
                int n = (int)strlen(sig);
                for (int k = 0; k < n; k++) {
                    memset(&v[k], 0, sizeof v[k]);
                    switch (sig[k]) {
                    case 'i': case 'n': v[k].i = 12345; break; case 'I': v[k].I = 777; break;
                    case 'l': v[k].l = -5; break; case 'L': v[k].L = 9; break; case 'h': v[k].h = 33; break;
                    case 'b': v[k].b = 44; break; case 'd': v[k].d = 0.25; break; case 'f': v[k].f = 0.5f; break;
                    case 's': strcpy(v[k].s, "~"); break; case 'c': v[k].c = '#'; break; case 'C': memset(v[k].C, 'Q', 8); break;
                    }
                }
                int r = sscanf(in, fmt, &v[0], &v[1], &v[2], &v[3]);
                printf("%d", r);
                for (int k = 0; k < n; k++) {
                    switch (sig[k]) {
                    case 'i': case 'n': printf(" %d", v[k].i); break; case 'I': printf(" %u", v[k].I); break;
                    case 'l': printf(" %ld", v[k].l); break; case 'L': printf(" %lu", v[k].L); break;
                    case 'h': printf(" %d", v[k].h); break; case 'b': printf(" %d", v[k].b); break;
                    case 'd': printf(" %.17g", v[k].d); break; case 'f': printf(" %.9g", v[k].f); break;
                    case 's': printf(" "); for (char *p = v[k].s; *p; p++) printf("%02x", (unsigned char)*p); break;
                    case 'c': printf(" %d", v[k].c); break;
                    case 'C': printf(" "); for (int j = 0; j < 8; j++) printf("%02x", (unsigned char)v[k].C[j]); break;
                    }
                }
                printf("\n");
            }
            return 0;
        }
        """;

    private static readonly (string Sig, string Format)[] Templates =
    [
        ("i", "%d"), ("i", "%i"), ("I", "%u"), ("I", "%o"), ("I", "%x"), ("I", "%X"), ("l", "%ld"), ("l", "%lld"), ("L", "%lu"),
        ("L", "%lx"), ("h", "%hd"), ("b", "%hhd"), ("i", "%3d"), ("i", "%2i"), ("i", "%*d %d"), ("in", "%d%n"), ("d", "%lf"),
        ("f", "%f"), ("d", "%le"), ("d", "%lg"), ("f", "%e"), ("d", "%4lf"), ("d", "%2lf"), ("s", "%s"), ("s", "%3s"), ("c", "%c"),
        ("C", "%3c"), ("s", "%[a-z]"), ("si", "%[^,],%d"), ("ii", "%d,%d"), ("i", "%%%d"), ("Ic", "%x%c"), ("ic", "%i%c"),
        ("dc", "%lf%c"), ("ss", "%s %s"), ("ns", "%n%s"), ("is", "%d %3[0-9a-f]"), ("i", "x%d"), ("i", " %d"), ("ci", "%c%d"),
        ("s", "%[]a]"), ("s", "%[^]]"), ("s", "%[a-]"), ("ddd", "%lf %lf %lf"), ("il", "%d%ld"), ("ci", "%1c %d"),
        ("dn", "%lf%n"), ("dn", "%1lf%n"), ("dn", "%2lf%n"), ("dn", "%3lf%n"), ("dn", "%4lf%n"), ("in", "%2d%n"), ("In", "%3x%n"),
        ("in", "%i%n"), ("sn", "%2[a-z0-9]%n"), ("Cn", "%3c%n"), ("fn", "%3f%n"),
    ];

    private static readonly string[] Tokens =
    [
        "0", "1", "7", "9", "12", "-", "+", " ", "  ", "\t", "\n", "0x", "0X", "x", "e", "E", "e-", "p", ".", "5.", ".25", "inf", "INF",
        "infinity", "nan", "na", "abc", "z", ",", "]", "%", "ff", "2147483648", "4294967296", "99999999999999999999", "-0", "1e400", "08",
        "0x.", "-0x.", "1e+", ".e1", "nan(12)", "i", "p1", "infinit", "1.5e-3", "3.4028236e38", "1e-46",
    ];

    private static string Hex(string s) => s.Length == 0 ? "-" : Convert.ToHexString(Encoding.UTF8.GetBytes(s));

    private static object Initial(char t) => t switch
    {
        'i' or 'n' => 12345,
        'I' => 777u,
        'l' => -5L,
        'L' => 9UL,
        'h' => (short)33,
        'b' => (sbyte)44,
        'd' => 0.25,
        'f' => 0.5f,
        's' => CStrings.FromString("~").Concat(new sbyte[62]).ToArray(),
        'c' => (sbyte)'#',
        _ => Enumerable.Repeat((sbyte)'Q', 8).ToArray(),
    };

    private static string Show(char t, object? v) => t switch
    {
        'd' => CFormat.Format(" %.17g", (double)v!),
        'f' => CFormat.Format(" %.9g", (double)(float)v!),
        's' => " " + Convert.ToHexString(CStrings.Bytes((sbyte[])v!, 0, -1)).ToLowerInvariant(),
        'C' => " " + Convert.ToHexString(Array.ConvertAll((sbyte[])v!, b => unchecked((byte)b))).ToLowerInvariant(),
        _ => " " + System.Convert.ToString(v, CultureInfo.InvariantCulture),
    };

    private static string Ours(string sig, string format, string input)
    {
        var slots = sig.Select(t => (object?)Initial(t)).ToArray();
        int r = CScanner.Scan(new BytesInput(Encoding.UTF8.GetBytes(input)), Encoding.UTF8.GetBytes(format), slots);
        var b = new StringBuilder(r.ToString(CultureInfo.InvariantCulture));
        for (int k = 0; k < sig.Length; k++) b.Append(Show(sig[k], slots[k]));
        return b.ToString();
    }

    [Fact]
    public void Sscanf_matches_glibc_on_generated_cases()
    {
        var rng = new TestRng(31);
        var cases = new List<(string Sig, string Format, string Input)>();
        foreach (var (sig, format) in Templates)
        {
            cases.Add((sig, format, ""));
            cases.Add((sig, format, "   "));
            for (int i = 0; i < 60; i++)
            {
                var input = new StringBuilder();
                int n = rng.Range(1, 5);
                for (int k = 0; k < n; k++) input.Append(rng.Pick(Tokens));
                cases.Add((sig, format, input.ToString()));
            }
        }

        string stdin = string.Concat(cases.Select(c => $"{c.Sig}\t{Hex(c.Format)}\t{Hex(c.Input)}\n"));
        string[] expected = CHarness.Run(Source, stdin);
        Assert.Equal(cases.Count, expected.Length);
        var mismatches = new List<string>();
        using (LibcState.Enter(new LibcState(TextWriter.Null, TextWriter.Null)))
        {
            for (int i = 0; i < cases.Count; i++)
            {
                var (sig, format, input) = cases[i];
                string ours = Ours(sig, format, input);
                if (ours != expected[i])
                    mismatches.Add($"sscanf(\"{Escape(input)}\", \"{Escape(format)}\"): glibc {expected[i]}, ours {ours}");
            }
        }

        Assert.True(mismatches.Count == 0, $"{mismatches.Count} of {cases.Count} differ:\n" + string.Join("\n", mismatches.Take(40)));
    }

    private static string Escape(string s) => s.Replace("\t", "\\t", StringComparison.Ordinal).Replace("\n", "\\n", StringComparison.Ordinal);
}
