using System.Globalization;
using System.Text;

namespace CloudMpi.Libc.Tests;

/// <summary>strtol/strtoul/strtod/atoi and the CMath functions against glibc.</summary>
public sealed class ConversionMathDifferentialTests
{
    private const string Source = """
        #include <errno.h>
        #include <math.h>
        #include <stdint.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        static char line[8192], str[4096];
        static void unhex(const char *s, char *dst) {
            int n = 0;
            if (s[0] == '-') { dst[0] = 0; return; }
            while (s[0] && s[1]) { unsigned v; sscanf(s, "%2x", &v); dst[n++] = (char)v; s += 2; }
            dst[n] = 0;
        }
        static double d(const char *hex) { uint64_t b = strtoull(hex, NULL, 16); double x; memcpy(&x, &b, 8); return x; }
        static unsigned long long h(double x) { uint64_t b; memcpy(&b, &x, 8); return (unsigned long long)b; }

        int main(void) {
            while (fgets(line, sizeof line, stdin)) {
                line[strcspn(line, "\n")] = 0;
                char *save = NULL;
                char *op = strtok_r(line, "\t", &save);
                char *a1 = strtok_r(NULL, "\t", &save);
                char *a2 = strtok_r(NULL, "\t", &save);
                char *end = NULL;
                errno = 0;
                if (!strcmp(op, "strtol")) { unhex(a2, str); long v = strtol(str, &end, atoi(a1)); printf("%ld %d %d\n", v, (int)(end - str), errno == ERANGE); }
                else if (!strcmp(op, "strtoul")) { unhex(a2, str); unsigned long v = strtoul(str, &end, atoi(a1)); printf("%lu %d %d\n", v, (int)(end - str), errno == ERANGE); }
                else if (!strcmp(op, "strtod")) { unhex(a1, str); double v = strtod(str, &end); printf("%016llx %d\n", h(v), (int)(end - str)); }
                else if (!strcmp(op, "strtold")) {
                    unhex(a1, str);
                    long double v = strtold(str, &end);
                    uint64_t m; uint16_t se;
                    memcpy(&m, &v, 8); memcpy(&se, (char *)&v + 8, 2);
                    printf("%016llx %04x %d %d\n", (unsigned long long)m, se, (int)(end - str), errno == ERANGE);
                }
                else if (!strcmp(op, "atoi")) { unhex(a1, str); printf("%d\n", atoi(str)); }
                else if (!strcmp(op, "fmod")) printf("%016llx\n", h(fmod(d(a1), d(a2))));
                else if (!strcmp(op, "frexp")) { int e; double m = frexp(d(a1), &e); printf("%016llx %d\n", h(m), e); }
                else if (!strcmp(op, "ldexp")) printf("%016llx\n", h(ldexp(d(a1), atoi(a2))));
                else if (!strcmp(op, "modf")) { double ip; double f = modf(d(a1), &ip); printf("%016llx %016llx\n", h(f), h(ip)); }
                else if (!strcmp(op, "copysign")) printf("%016llx\n", h(copysign(d(a1), d(a2))));
                else if (!strcmp(op, "fmax")) printf("%016llx\n", h(fmax(d(a1), d(a2))));
                else if (!strcmp(op, "fmin")) printf("%016llx\n", h(fmin(d(a1), d(a2))));
                else if (!strcmp(op, "fdim")) printf("%016llx\n", h(fdim(d(a1), d(a2))));
                else if (!strcmp(op, "round")) printf("%016llx\n", h(round(d(a1))));
                else if (!strcmp(op, "trunc")) printf("%016llx\n", h(trunc(d(a1))));
                else if (!strcmp(op, "intpart")) printf("%016llx\n", h((double)(int)d(a1)));
                else if (!strcmp(op, "intpartl")) printf("%016llx\n", h((double)(long)d(a1)));
                else if (!strcmp(op, "rint")) printf("%016llx\n", h(rint(d(a1))));
                else if (!strcmp(op, "hypot")) printf("%016llx\n", h(hypot(d(a1), d(a2))));
                else if (!strcmp(op, "cbrt")) printf("%016llx\n", h(cbrt(d(a1))));
                else if (!strcmp(op, "log2")) printf("%016llx\n", h(log2(d(a1))));
                else if (!strcmp(op, "expm1")) printf("%016llx\n", h(expm1(d(a1))));
                else if (!strcmp(op, "log1p")) printf("%016llx\n", h(log1p(d(a1))));
                else if (!strcmp(op, "erf")) printf("%016llx\n", h(erf(d(a1))));
                else { fprintf(stderr, "bad op %s\n", op); return 2; }
            }
            return 0;
        }
        """;

    private static string Hex(double x) => BitConverter.DoubleToInt64Bits(x).ToString("x16", CultureInfo.InvariantCulture);

    private static string HexString(string s) => s.Length == 0 ? "-" : Convert.ToHexString(Encoding.UTF8.GetBytes(s));

    private sealed record Case(string Line, Func<string> Ours);

    private static void RunCases(List<Case> cases, bool nanSignMatters)
    {
        string[] expected = CHarness.Run(Source, string.Concat(cases.Select(c => c.Line + "\n")));
        Assert.Equal(cases.Count, expected.Length);
        var mismatches = new List<string>();
        using (LibcState.Enter(new LibcState(TextWriter.Null, TextWriter.Null)))
        {
            for (int i = 0; i < cases.Count; i++)
            {
                string ours = cases[i].Ours();
                if (ours != expected[i] && (nanSignMatters || !BothNaN(ours, expected[i])))
                    mismatches.Add($"{cases[i].Line.Replace('\t', ' ')}: glibc {expected[i]}, ours {ours}");
            }
        }

        Assert.True(mismatches.Count == 0, $"{mismatches.Count} of {cases.Count} differ:\n" + string.Join("\n", mismatches.Take(40)));
    }

    private static bool BothNaN(string a, string b)
    {
        static bool IsNaN(string s) => s.Length == 16 && double.IsNaN(BitConverter.Int64BitsToDouble(Convert.ToInt64(s, 16)));
        return IsNaN(a) && IsNaN(b);
    }

    [Fact]
    public void String_conversions_match_glibc()
    {
        var rng = new TestRng(99);
        var strings = new List<string>
        {
            "", " ", "0", "-0", "+0", "42", "  -17xyz", "\t\n+8", "0x1F", "0X", "0x", "0xg", "010", "09", "-0x8000000000000000",
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "18446744073709551615", "18446744073709551616", "99999999999999999999999", "z", "Zz", "-", "+",
            "1.5", "-2.5e3", ".5", "5.", ".", "e5", "1e", "1e+", "1e+x", "1.5E-3end", "inf", "-INF", "Infinity", "infinit", "nan",
            "-nan", "NaN(123)", "nan(", "0x1.8p3", "0x.8p1", "-0x1p-1074", "0x1p-1075", "0x1.8p-1074", "0x1.fffffffffffff8p1023",
            "0x1.00000000000008p0", "0x1.00000000000018p0", "0x1.000000000000080000001p0", "1e400", "-1e400", "1e-400", "2.4703282292062327e-324",
            "2.4703282292062328e-324", "4.9406564584124654e-324", "2.2250738585072011e-308", "9007199254740993", "0.1000000000000000055511151231257827",
            "1.7976931348623157e308", "1.7976931348623158e308", "1.797693134862315807e308", "123456789012345678901234567890", "0.000001", "3.14159265358979323846",
        };
        for (int i = 0; i < 400; i++)
        {
            var b = new StringBuilder();
            if (rng.Chance(0.2)) b.Append(' ');
            if (rng.Chance(0.3)) b.Append(rng.Chance(0.5) ? '-' : '+');
            int digits = rng.Range(1, rng.Chance(0.1) ? 40 : 18);
            for (int k = 0; k < digits; k++) b.Append((char)('0' + rng.Next(10)));
            if (rng.Chance(0.6))
            {
                b.Insert(b.Length - rng.Range(0, digits - 1), '.');
            }

            if (rng.Chance(0.4)) b.Append('e').Append(rng.Range(-330, 310));
            if (rng.Chance(0.2)) b.Append("abc");
            strings.Add(b.ToString());
        }

        int[] bases = [0, 10, 16, 8, 2, 36];
        var cases = new List<Case>();
        foreach (var s in strings)
        {
            cases.Add(new Case($"strtod\t{HexString(s)}", () => $"{Hex(Stdlib.strtod(s, out int end))} {end}"));
            cases.Add(new Case($"atoi\t{HexString(s)}", () => Stdlib.atoi(s).ToString(CultureInfo.InvariantCulture)));
            foreach (var b in bases)
            {
                cases.Add(new Case($"strtol\t{b}\t{HexString(s)}", () => Strtol(s, b)));
                cases.Add(new Case($"strtoul\t{b}\t{HexString(s)}", () => Strtoul(s, b)));
            }
        }

        RunCases(cases, nanSignMatters: true);
    }

    /// <summary>strtold: the text rounded once to the x87's 80 bits (CLongDoubleParser), its end, ERANGE on overflow and
    /// on a nonzero text that rounds to zero.</summary>
    [Fact]
    public void Strtold_matches_glibc()
    {
        var rng = new TestRng(80);
        var strings = new List<string>
        {
            "", "0", "-0", "0.1", "-2.5e-3", "1e4000", "1e-4940", "1e5000", "-1e5000", "1e-5000", "inf", "-Infinity", "nan",
            "-nan", "0x1.fffffffffffffffep+0", "0x1.ffffffffffffffff8p+0", "0x1p-16445", "0x1p-16446", "0x1.8p-16446",
            "18446744073709551615.5", "18446744073709551616.5", "3.14159265358979323846264338327950288", "12abc",
            "  +123456789012345678901234567890", "1.18973149535723176502e+4932", "1.18973149535723176508e+4932",
            "3.64519953188247460253e-4951", "1.82259976594123730126e-4951", "1.82259976594123730127e-4951",
            "0.1000000000000000000013552527156068805425093160010874271392822265625",
            "0.10000000000000000000135525271560688054250931600108742713928222656250001",
        };
        for (int i = 0; i < 400; i++)
        {
            var b = new StringBuilder();
            if (rng.Chance(0.3)) b.Append(rng.Chance(0.5) ? '-' : '+');
            int digits = rng.Range(1, rng.Chance(0.2) ? 45 : 21);
            for (int k = 0; k < digits; k++) b.Append((char)('0' + rng.Next(10)));
            if (rng.Chance(0.6)) b.Insert(b.Length - rng.Range(0, digits - 1), '.');
            if (rng.Chance(0.5)) b.Append('e').Append(rng.Chance(0.2) ? rng.Range(-4960, 4940) : rng.Range(-40, 40));
            strings.Add(b.ToString());
        }

        var cases = strings.Select(s => new Case($"strtold\t{HexString(s)}", () =>
        {
            LibcState.Current.Errno = 0;
            var v = Stdlib.strtold(s, out int end);
            return $"{v.Significand:x16} {v.SignExponent:x4} {end} {(LibcState.Current.Errno == 34 ? 1 : 0)}";
        })).ToList();
        RunCases(cases, nanSignMatters: true);
    }

    private static string Strtol(string s, int b)
    {
        LibcState.Current.Errno = 0;
        long v = Stdlib.strtol(s, out int end, b);
        return $"{v} {end} {(LibcState.Current.Errno == 34 ? 1 : 0)}";
    }

    private static string Strtoul(string s, int b)
    {
        LibcState.Current.Errno = 0;
        ulong v = Stdlib.strtoul(s, out int end, b);
        return $"{v} {end} {(LibcState.Current.Errno == 34 ? 1 : 0)}";
    }

    [Fact]
    public void IntPart_of_a_float_is_the_integer_converted_back()
    {
        // (float)(int)x: -1 < x < 0 gives the int 0, which converts to +0.0f (not truncf's -0.0f)
        Assert.Equal(0, BitConverter.SingleToInt32Bits(CMath.IntPart(-0.75f)));
        Assert.Equal(-3.0f, CMath.IntPart(-3.7f));
        Assert.Equal(8388607.0f, CMath.IntPart(8388607.5f));
    }

    [Fact]
    public void Math_functions_match_glibc()
    {
        var rng = new TestRng(5);
        var values = new List<double>
        {
            0.0, -0.0, 1.0, -1.0, 0.5, -0.5, -0.75, -1e-300, 2147483647.9, -2147483648.9, -3.7, 1.5, 2.5, -2.5, 0.49999999999999994, 4503599627370497.0, 1e300, -1e-300,
            double.Epsilon, -double.Epsilon, 2.2250738585072014e-308, double.MaxValue, double.PositiveInfinity, double.NegativeInfinity,
            BitConverter.Int64BitsToDouble(0x7FF8000000000000), 3.0, 10.0, 1e-10, -1e-10, 0.1, 7.25, 709.0, -745.0, 1e-320,
        };
        for (int i = 0; i < 300; i++)
        {
            ulong exponent = (ulong)(rng.Chance(0.7) ? rng.Range(1000, 1046) : rng.Range(0, 2046));
            double v = BitConverter.Int64BitsToDouble((long)((exponent << 52) | (rng.NextU64() & ((1UL << 52) - 1))));
            values.Add(rng.Chance(0.4) ? -v : v);
        }

        var cases = new List<Case>();
        for (int i = 0; i < values.Count; i++)
        {
            double x = values[i];
            double y = values[(i * 7 + 3) % values.Count];
            int n = (i * 37 % 2200) - 1100;
            string hx = Hex(x), hy = Hex(y);
            cases.Add(new Case($"fmod\t{hx}\t{hy}", () => Hex(CMath.fmod(x, y))));
            cases.Add(new Case($"frexp\t{hx}", () => { int e = 0; double m = CMath.frexp(x, ref e); return $"{Hex(m)} {e}"; }));
            cases.Add(new Case($"ldexp\t{hx}\t{n}", () => Hex(CMath.ldexp(x, n))));
            cases.Add(new Case($"modf\t{hx}", () => { double ip = 0; double f = CMath.modf(x, ref ip); return $"{Hex(f)} {Hex(ip)}"; }));
            cases.Add(new Case($"copysign\t{hx}\t{hy}", () => Hex(CMath.copysign(x, y))));
            cases.Add(new Case($"fmax\t{hx}\t{hy}", () => Hex(CMath.fmax(x, y))));
            cases.Add(new Case($"fmin\t{hx}\t{hy}", () => Hex(CMath.fmin(x, y))));
            cases.Add(new Case($"fdim\t{hx}\t{hy}", () => Hex(CMath.fdim(x, y))));
            cases.Add(new Case($"round\t{hx}", () => Hex(CMath.round(x))));
            cases.Add(new Case($"trunc\t{hx}", () => Hex(CMath.trunc(x))));
            // (double)(int)x and (double)(long)x, where C defines them (x within the integer type)
            if (Math.Abs(x) < 2147483648.0)
                cases.Add(new Case($"intpart\t{hx}", () => Hex(CMath.IntPart(x))));
            if (Math.Abs(x) < 9223372036854775808.0)
                cases.Add(new Case($"intpartl\t{hx}", () => Hex(CMath.IntPart(x))));
            cases.Add(new Case($"rint\t{hx}", () => Hex(CMath.rint(x))));
            cases.Add(new Case($"hypot\t{hx}\t{hy}", () => Hex(CMath.hypot(x, y))));
            cases.Add(new Case($"cbrt\t{hx}", () => Hex(CMath.cbrt(x))));
            cases.Add(new Case($"log2\t{hx}", () => Hex(CMath.log2(x))));
            cases.Add(new Case($"expm1\t{hx}", () => Hex(CMath.expm1(x))));
            cases.Add(new Case($"log1p\t{hx}", () => Hex(CMath.log1p(x))));
            cases.Add(new Case($"erf\t{hx}", () => Hex(CMath.erf(x))));
        }

        // A NaN's sign and payload from arithmetic are not part of the C contract: any NaN matches any NaN here.
        RunCases(cases, nanSignMatters: false);
    }
}
