using System.Globalization;
using System.Text;

namespace CloudMpi.Libc.Tests;

/// <summary>string.h and ctype.h against glibc: the same operations on the same bytes.</summary>
public sealed class CStringDifferentialTests
{
    // Strings arrive hex-encoded so that any byte (and the empty string, "-") can be passed;
    // values come from stdin so gcc cannot fold the calls at compile time.
    private const string Source = """
        #include <ctype.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        static char line[8192], a[2048], b[2048], buf[4096];
        static void unhex(const char *s, char *dst) {
            int n = 0;
            if (s[0] == '-') { dst[0] = 0; return; }
            while (s[0] && s[1]) { unsigned v; sscanf(s, "%2x", &v); dst[n++] = (char)v; s += 2; }
            dst[n] = 0;
        }
        static void hexout(const char *p, int n) { for (int i = 0; i < n; i++) printf("%02x", (unsigned char)p[i]); printf("\n"); }
        static long at(const char *p, const char *base) { return p ? (long)(p - base) : -1L; }

        int main(void) {
            while (fgets(line, sizeof line, stdin)) {
                line[strcspn(line, "\n")] = 0;
                char *save = NULL;
                char *op = strtok_r(line, "\t", &save);
                char *x = strtok_r(NULL, "\t", &save);
                char *y = strtok_r(NULL, "\t", &save);
                char *z = strtok_r(NULL, "\t", &save);
                if (!strcmp(op, "ctype")) {
                    for (int c = -128; c < 256; c++)
                        printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n", c, isupper(c), islower(c), isalpha(c), isdigit(c),
                               isxdigit(c), isspace(c), isprint(c), isgraph(c), isblank(c), iscntrl(c), ispunct(c), isalnum(c),
                               toupper(c), tolower(c));
                    int e = EOF;
                    printf("%d %d %d %d\n", isalpha(e), isspace(e), toupper(e), tolower(e));
                    continue;
                }
                unhex(x, a);
                if (y) unhex(y, b);
                size_t n = z ? (size_t)atoi(z) : 0;
                if (!strcmp(op, "strlen")) printf("%zu\n", strlen(a));
                else if (!strcmp(op, "strcmp")) printf("%d\n", strcmp(a, b));
                else if (!strcmp(op, "strncmp")) printf("%d\n", strncmp(a, b, n));
                else if (!strcmp(op, "memcmp")) printf("%d\n", memcmp(a, b, n));
                else if (!strcmp(op, "strchr")) printf("%ld\n", at(strchr(a, (unsigned char)b[0]), a));
                else if (!strcmp(op, "strrchr")) printf("%ld\n", at(strrchr(a, (unsigned char)b[0]), a));
                else if (!strcmp(op, "memchr")) printf("%ld\n", at(memchr(a, (unsigned char)b[0], n), a));
                else if (!strcmp(op, "strstr")) printf("%ld\n", at(strstr(a, b), a));
                else if (!strcmp(op, "strncpy")) { memset(buf, 'Q', 64); strncpy(buf, a, n); hexout(buf, 64); }
                else if (!strcmp(op, "strncat")) { memset(buf, 'Q', 128); strcpy(buf, b); strncat(buf, a, n); hexout(buf, 128); }
                else if (!strcmp(op, "strcat")) { memset(buf, 'Q', 128); strcpy(buf, b); strcat(buf, a); hexout(buf, 128); }
                else { fprintf(stderr, "bad op %s\n", op); return 2; }
            }
            return 0;
        }
        """;

    private static string Hex(byte[] s) => s.Length == 0 ? "-" : Convert.ToHexString(s);

    private static sbyte[] C(byte[] s, int room = 0)
    {
        var r = new sbyte[s.Length + 1 + room];
        for (int i = 0; i < s.Length; i++) r[i] = unchecked((sbyte)s[i]);
        return r;
    }

    private static string HexOut(sbyte[] buf, int n) => Convert.ToHexString(Array.ConvertAll(buf[..n], v => unchecked((byte)v))).ToLowerInvariant();

    private static string At(Ptr<sbyte> p, sbyte[] baseArray) => p.IsNull ? "-1" : (p - (Ptr<sbyte>)baseArray).ToString(CultureInfo.InvariantCulture);

    private static byte[] RandomBytes(TestRng rng)
    {
        // Mostly a small alphabet (so prefixes and matches are common), sometimes high bytes.
        int n = rng.Chance(0.1) ? 0 : rng.Range(1, 12);
        var b = new byte[n];
        for (int i = 0; i < n; i++)
            b[i] = rng.Chance(0.15) ? (byte)rng.Range(1, 255) : (byte)"abcAB0 \xE9"[rng.Next(8)];
        return b;
    }

    [Fact]
    public void String_functions_match_glibc()
    {
        var rng = new TestRng(2024);
        var lines = new List<string>();
        var ours = new List<Func<string>>();
        void Add(string line, Func<string> f)
        {
            lines.Add(line);
            ours.Add(f);
        }

        for (int i = 0; i < 600; i++)
        {
            byte[] x = RandomBytes(rng), y = rng.Chance(0.3) ? x.Take(rng.Range(0, x.Length)).Concat(RandomBytes(rng)).ToArray() : RandomBytes(rng);
            if (y.Length == 0 && rng.Chance(0.5)) y = [(byte)'a'];
            int n = rng.Range(0, 14);
            string hx = Hex(x), hy = Hex(y);
            Add($"strlen\t{hx}", () => CString.strlen(C(x)).ToString(CultureInfo.InvariantCulture));
            Add($"strcmp\t{hx}\t{hy}", () => CString.strcmp(C(x), C(y)).ToString(CultureInfo.InvariantCulture));
            Add($"strncmp\t{hx}\t{hy}\t{n}", () => CString.strncmp(C(x), C(y), n).ToString(CultureInfo.InvariantCulture));
            int m = Math.Min(n, Math.Min(x.Length, y.Length) + 1);
            Add($"memcmp\t{hx}\t{hy}\t{m}", () => CMem.memcmp(C(x), C(y), m).ToString(CultureInfo.InvariantCulture));
            Add($"strchr\t{hx}\t{hy}", () => { var a = C(x); return At(CString.strchr(a, y.Length > 0 ? y[0] : 0), a); });
            Add($"strrchr\t{hx}\t{hy}", () => { var a = C(x); return At(CString.strrchr(a, y.Length > 0 ? y[0] : 0), a); });
            int k = Math.Min(n, x.Length + 1);
            Add($"memchr\t{hx}\t{hy}\t{k}", () => { var a = C(x); return At(CString.memchr(a, y.Length > 0 ? y[0] : 0, k), a); });
            Add($"strstr\t{hx}\t{hy}", () => { var a = C(x); return At(CString.strstr(a, C(y)), a); });
            Add($"strncpy\t{hx}\t-\t{n}", () =>
            {
                var buf = new sbyte[64];
                Array.Fill(buf, (sbyte)'Q');
                CString.strncpy(buf, C(x), n);
                return HexOut(buf, 64);
            });
            foreach (var op in new[] { "strncat", "strcat" })
            {
                Add($"{op}\t{hx}\t{hy}\t{n}", () =>
                {
                    var buf = new sbyte[128];
                    Array.Fill(buf, (sbyte)'Q');
                    CString.strcpy(buf, C(y));
                    if (op == "strcat") CString.strcat(buf, C(x));
                    else CString.strncat(buf, C(x), n);
                    return HexOut(buf, 128);
                });
            }
        }

        string[] expected = CHarness.Run(Source, string.Concat(lines.Select(l => l + "\n")));
        Assert.Equal(lines.Count, expected.Length);
        var mismatches = new List<string>();
        for (int i = 0; i < lines.Count; i++)
        {
            string got = ours[i]();
            if (got != expected[i]) mismatches.Add($"{lines[i].Replace('\t', ' ')}: glibc {expected[i]}, ours {got}");
        }

        Assert.True(mismatches.Count == 0, $"{mismatches.Count} of {lines.Count} differ:\n" + string.Join("\n", mismatches.Take(40)));
    }

    [Fact]
    public void Ctype_matches_glibc_c_locale_including_its_bit_values()
    {
        string[] expected = CHarness.Run(Source, "ctype\t-\n");
        var ours = new List<string>();
        for (int c = -128; c < 256; c++)
        {
            ours.Add(string.Join(' ', new[]
            {
                c, CString.isupper(c), CString.islower(c), CString.isalpha(c), CString.isdigit(c), CString.isxdigit(c),
                CString.isspace(c), CString.isprint(c), CString.isgraph(c), CString.isblank(c), CString.iscntrl(c),
                CString.ispunct(c), CString.isalnum(c), CString.toupper(c), CString.tolower(c),
            }.Select(v => v.ToString(CultureInfo.InvariantCulture))));
        }

        ours.Add($"{CString.isalpha(-1)} {CString.isspace(-1)} {CString.toupper(-1)} {CString.tolower(-1)}");
        Assert.Equal(expected, ours.ToArray());
    }

    [Fact]
    public void Literals_strings_copies_and_string_arguments()
    {
        Ptr<sbyte> s = CString.Lit("h\u00e9llo");
        Assert.Equal(7, s.Array!.Length);
        Assert.Equal(6UL, CString.strlen(s));
        Assert.Equal("h\u00e9llo", CString.Str(s));
        Assert.Null(CString.Str(default));
        Assert.Equal("llo", CString.Str(s + 3));
        var buf = new sbyte[16];
        CString.strcpy(buf, "abc");
        CString.strcat(buf, s);
        CString.strncat(buf, "xyz", 2);
        Assert.Equal("abch\u00e9lloxy", CString.Str(buf));
        Assert.Equal(0, CString.strcmp(buf, "abch\u00e9lloxy"));
        Assert.True(CString.strcmp("abc", buf) < 0);
        Assert.Equal(0, CString.strncmp("abcz", buf, 3));
        Ptr<sbyte> d = CString.strdup(buf);
        Assert.NotSame(buf, d.Array);
        Assert.Equal(CString.Str(buf), CString.Str(d));
        Assert.Equal(3L, CString.strstr(buf, "h\u00e9") - (Ptr<sbyte>)buf);
        Assert.Equal(11UL, CString.strlen("abch\u00e9lloxy")); // é is two UTF-8 bytes
        var small = new sbyte[3];
        Assert.Equal("pointer out of bounds: offset 3 in array of 3", Assert.Throws<PointerException>(() => CString.strcpy(small, "abc")).Message);
        sbyte[] unterminated = [97, 98];
        Assert.Throws<PointerException>(() => CString.strlen(unterminated));
        Assert.Throws<PointerException>(() => CString.strlen(default(Ptr<sbyte>)));
    }
}
