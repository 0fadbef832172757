using System.Globalization;

namespace CloudMpi.Libc.Tests;

/// <summary>
/// <see cref="CLongDouble"/> against gcc's long double (x87, 64-bit precision): every operation's bits, the
/// conversions, and printf's %Lf %Le %Lg %La, for operands from random bit patterns (near exponents, so sums cancel
/// and round; far ones; denormals; the special values).
/// </summary>
public sealed class LongDoubleDifferentialTests
{
    private const string Source = """
        #include <math.h>
        #include <stdint.h>
        #include <stdio.h>
        #include <string.h>

        static long double ld(unsigned long long m, unsigned se) {
            unsigned char b[16] = {0}; long double x;
            memcpy(b, &m, 8); memcpy(b + 8, &se, 2); memcpy(&x, b, sizeof x); return x;
        }
        static void put(long double x) {
            unsigned char b[16]; unsigned long long m = 0; unsigned short se = 0;
            memcpy(b, &x, sizeof x); memcpy(&m, b, 8); memcpy(&se, b + 8, 2);
            printf(" %016llx:%04x", m, se);
        }
        static unsigned long long dh(double x) { unsigned long long b; memcpy(&b, &x, 8); return b; }
        static unsigned fh(float x) { unsigned b; memcpy(&b, &x, 4); return b; }

        int main(void) {
            unsigned long long ma, mb; unsigned sa, sb;
            while (scanf("%llx %x %llx %x", &ma, &sa, &mb, &sb) == 4) {
                volatile long double a = ld(ma, sa), b = ld(mb, sb);
                put(a + b); put(a - b); put(a * b); put(a / b); put(sqrtl(fabsl(a))); put(fmodl(a, b));
                put(truncl(a)); put(floorl(a)); put(ceill(a)); put(roundl(a));
                put((long double)(double)a); put((long double)(long)b);
                printf(" %d%d%d%d%d%d", a < b, a <= b, a > b, a >= b, a == b, a != b);
                printf(" %016llx %08x %ld %lu %d", dh((double)a), fh((float)a), (long)a, (unsigned long)a, (int)a);
                printf("|%.3Lf|%.25Le|%Lg|%.18Lg|%La|%.3La|%Le\n", a, a, a, b, a, a, b);
            }
            return 0;
        }
        """;

    private static string Put(CLongDouble x) =>
        $" {x.Significand.ToString("x16", CultureInfo.InvariantCulture)}:{x.SignExponent.ToString("x4", CultureInfo.InvariantCulture)}";

    private static string Ours(CLongDouble a, CLongDouble b)
    {
        var s = new System.Text.StringBuilder();
        s.Append(Put(a + b)).Append(Put(a - b)).Append(Put(a * b)).Append(Put(a / b));
        s.Append(Put(CLongDouble.Sqrt(CLongDouble.Abs(a)))).Append(Put(CLongDouble.Fmod(a, b)));
        s.Append(Put(CLongDouble.Truncate(a))).Append(Put(CLongDouble.Floor(a))).Append(Put(CLongDouble.Ceiling(a)))
         .Append(Put(CLongDouble.RoundHalfAway(a)));
        s.Append(Put((double)a)).Append(Put((long)b));
        static int B(bool v) => v ? 1 : 0;
        s.Append(' ').Append(B(a < b)).Append(B(a <= b)).Append(B(a > b)).Append(B(a >= b)).Append(B(a == b)).Append(B(a != b));
        s.Append(' ').Append(BitConverter.DoubleToInt64Bits((double)a).ToString("x16", CultureInfo.InvariantCulture));
        s.Append(' ').Append(BitConverter.SingleToInt32Bits((float)a).ToString("x8", CultureInfo.InvariantCulture));
        s.Append(' ').Append(((long)a).ToString(CultureInfo.InvariantCulture));
        s.Append(' ').Append(((ulong)a).ToString(CultureInfo.InvariantCulture));
        s.Append(' ').Append(((int)a).ToString(CultureInfo.InvariantCulture));
        s.Append(CFormat.Format("|%.3Lf|%.25Le|%Lg|%.18Lg|%La|%.3La|%Le", a, a, a, b, a, a, b));
        return s.ToString();
    }

    private static CLongDouble Random(TestRng rng, int exponentCenter, int spread)
    {
        int kind = rng.Next(40);
        ushort sign = rng.Chance(0.5) ? (ushort)0x8000 : (ushort)0;
        switch (kind)
        {
            case 0: return new CLongDouble(0, sign);                                   // zeros
            case 1: return new CLongDouble(1UL << 63, (ushort)(sign | 0x7FFF));        // infinities
            case 2: return new CLongDouble(0xC000000000000000UL | (rng.NextU64() >> 20), (ushort)(sign | 0x7FFF)); // NaNs
            case 3: return new CLongDouble(rng.NextU64() >> rng.Range(1, 63), sign);   // denormals
            case 4: return new CLongDouble((1UL << 63) | (rng.NextU64() >> 1), (ushort)(sign | rng.Range(1, 3))); // near the smallest
            case 5: return new CLongDouble((1UL << 63) | (rng.NextU64() >> 1), (ushort)(sign | rng.Range(0x7FFC, 0x7FFE))); // near the largest
            case 6: return (CLongDouble)(long)(rng.NextU64() >> rng.Range(0, 63)) * (sign != 0 ? -1 : 1); // integers
            case 7: return (CLongDouble)(BitConverter.Int64BitsToDouble((long)(rng.NextU64() & 0x7FFFFFFFFFFFFFFFUL)) is var d && double.IsFinite(d) ? (sign != 0 ? -d : d) : 1.5);
            default:
            {
                ulong m = (1UL << 63) | (rng.NextU64() >> 1);
                if (rng.Chance(0.3)) m &= ~((1UL << rng.Range(1, 62)) - 1);  // short significands: exact ties, exact results
                int e = Math.Clamp(exponentCenter + rng.Range(-spread, spread), 1, 0x7FFE);
                return new CLongDouble(m, (ushort)(sign | e));
            }
        }
    }

    [Fact]
    public void Arithmetic_conversions_and_printf_match_gcc()
    {
        var rng = new TestRng(80);
        var pairs = new List<(CLongDouble A, CLongDouble B)>();
        for (int i = 0; i < 1500; i++)
        {
            int center = rng.Pick(new[] { 16383, 16383 + 40, 16383 - 70, 16383 + 10, 20000, 9000 });
            int spread = rng.Pick(new[] { 0, 1, 2, 5, 70, 200 });
            pairs.Add((Random(rng, center, spread), Random(rng, center, spread)));
        }

        string input = string.Concat(pairs.Select(p =>
            $"{p.A.Significand:x} {p.A.SignExponent:x} {p.B.Significand:x} {p.B.SignExponent:x}\n"));
        string[] expected = CHarness.Run(Source, input);
        Assert.Equal(pairs.Count, expected.Length);
        var mismatches = new List<string>();
        using (LibcState.Enter(new LibcState(TextWriter.Null, TextWriter.Null)))
        {
            for (int i = 0; i < pairs.Count; i++)
            {
                string ours = Ours(pairs[i].A, pairs[i].B);
                if (ours != expected[i])
                    mismatches.Add($"a={Put(pairs[i].A)} b={Put(pairs[i].B)}\n  gcc  {expected[i]}\n  ours {ours}");
            }
        }

        Assert.True(mismatches.Count == 0, $"{mismatches.Count} of {pairs.Count} differ:\n" + string.Join("\n", mismatches.Take(12)));
    }
}
