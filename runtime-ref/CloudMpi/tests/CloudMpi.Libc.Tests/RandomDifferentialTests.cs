using System.Globalization;

namespace CloudMpi.Libc.Tests;

/// <summary>rand/random and the drand48 family against glibc, value for value.</summary>
public sealed class RandomDifferentialTests
{
    private const int Count = 1000;

    private static readonly uint[] RandSeeds = [1, 0, 2, 42, 12345, 2147483647, 2147483648, 4294967295, 987654321];

    private static readonly long[] Drand48Seeds = [0, 1, 42, -1, 123456789, -2147483648, 1099511627781, long.MinValue];

    /// <summary>Runs <paramref name="body"/> with a fresh LibcState, as a new rank would.</summary>
    private static T WithFreshState<T>(Func<T> body)
    {
        using var scope = LibcState.Enter(new LibcState(TextWriter.Null, TextWriter.Null));
        return body();
    }

    private static string Hex(double d) => BitConverter.DoubleToInt64Bits(d).ToString("x16", CultureInfo.InvariantCulture);

    [Fact]
    public void Rand_matches_glibc_for_several_seeds()
    {
        string source = """
            #include <stdio.h>
            #include <stdlib.h>
            int main(void) {
                for (int i = 0; i < COUNT; i++) printf("%d\n", rand());      /* unseeded: as srand(1) */
                unsigned seeds[] = { SEEDS };
                for (unsigned s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
                    srand(seeds[s]);
                    for (int i = 0; i < COUNT; i++) printf("%d\n", rand());
                }
                srandom(77u);
                for (int i = 0; i < COUNT; i++) printf("%ld\n", random());
                printf("%d\n", RAND_MAX);
                return 0;
            }
            """.Replace("COUNT", Count.ToString(CultureInfo.InvariantCulture))
            .Replace("SEEDS", string.Join(", ", RandSeeds.Select(s => s + "u")));
        string[] expected = CHarness.Run(source);

        var actual = WithFreshState(() =>
        {
            var lines = new List<string>();
            for (int i = 0; i < Count; i++) lines.Add(Stdlib.rand().ToString(CultureInfo.InvariantCulture));
            foreach (var seed in RandSeeds)
            {
                Stdlib.srand(seed);
                for (int i = 0; i < Count; i++) lines.Add(Stdlib.rand().ToString(CultureInfo.InvariantCulture));
            }

            Stdlib.srandom(77u);
            for (int i = 0; i < Count; i++) lines.Add(Stdlib.random().ToString(CultureInfo.InvariantCulture));
            lines.Add(Stdlib.RAND_MAX.ToString(CultureInfo.InvariantCulture));
            return lines;
        });

        Assert.Equal((RandSeeds.Length + 2) * Count + 1, expected.Length);
        AssertSameLines(expected, actual);
    }

    [Fact]
    public void Drand48_family_matches_glibc()
    {
        string source = """
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <limits.h>
            #include <stdint.h>
            static void hex(double d) { uint64_t b; memcpy(&b, &d, 8); printf("%016llx\n", (unsigned long long)b); }
            int main(void) {
                for (int i = 0; i < 100; i++) hex(drand48());                  /* unseeded: x = 0 */
                long seeds[] = { SEEDS };
                for (unsigned s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
                    srand48(seeds[s]);
                    for (int i = 0; i < COUNT; i++) hex(drand48());
                    for (int i = 0; i < COUNT; i++) printf("%ld\n", lrand48());
                    for (int i = 0; i < COUNT; i++) printf("%ld\n", mrand48());
                }
                unsigned short s16[3] = { 0x1234, 0xabcd, 0xffff };
                unsigned short *old = seed48(s16);
                printf("%u %u %u\n", old[0], old[1], old[2]);
                for (int i = 0; i < 100; i++) hex(drand48());
                unsigned short x[3] = { 1, 2, 3 };
                for (int i = 0; i < 100; i++) hex(erand48(x));
                for (int i = 0; i < 100; i++) printf("%ld\n", nrand48(x));
                for (int i = 0; i < 100; i++) printf("%ld\n", jrand48(x));
                printf("%u %u %u\n", x[0], x[1], x[2]);
                unsigned short param[7] = { 5, 6, 7, 0x1111, 0x2222, 0x3, 17 };
                lcong48(param);
                for (int i = 0; i < 100; i++) printf("%ld\n", lrand48());
                for (int i = 0; i < 100; i++) hex(erand48(x));                 /* erand48 uses lcong48's a, c */
                srand48(5);
                for (int i = 0; i < 100; i++) printf("%ld\n", mrand48());      /* srand48 restores a, c */
                return 0;
            }
            """.Replace("COUNT", Count.ToString(CultureInfo.InvariantCulture))
            .Replace("SEEDS", string.Join(", ", Drand48Seeds.Select(s => s == long.MinValue ? "LONG_MIN" : s + "L")));
        string[] expected = CHarness.Run(source);

        var actual = WithFreshState(() =>
        {
            var lines = new List<string>();
            string L(long v) => v.ToString(CultureInfo.InvariantCulture);
            for (int i = 0; i < 100; i++) lines.Add(Hex(Stdlib.drand48()));
            foreach (var seed in Drand48Seeds)
            {
                Stdlib.srand48(seed);
                for (int i = 0; i < Count; i++) lines.Add(Hex(Stdlib.drand48()));
                for (int i = 0; i < Count; i++) lines.Add(L(Stdlib.lrand48()));
                for (int i = 0; i < Count; i++) lines.Add(L(Stdlib.mrand48()));
            }

            ushort[] old = Stdlib.seed48([0x1234, 0xabcd, 0xffff]);
            lines.Add($"{old[0]} {old[1]} {old[2]}");
            for (int i = 0; i < 100; i++) lines.Add(Hex(Stdlib.drand48()));
            ushort[] x = [1, 2, 3];
            for (int i = 0; i < 100; i++) lines.Add(Hex(Stdlib.erand48(x)));
            for (int i = 0; i < 100; i++) lines.Add(L(Stdlib.nrand48(x)));
            for (int i = 0; i < 100; i++) lines.Add(L(Stdlib.jrand48(x)));
            lines.Add($"{x[0]} {x[1]} {x[2]}");
            Stdlib.lcong48([5, 6, 7, 0x1111, 0x2222, 0x3, 17]);
            for (int i = 0; i < 100; i++) lines.Add(L(Stdlib.lrand48()));
            for (int i = 0; i < 100; i++) lines.Add(Hex(Stdlib.erand48(x)));
            Stdlib.srand48(5);
            for (int i = 0; i < 100; i++) lines.Add(L(Stdlib.mrand48()));
            return lines;
        });

        Assert.Equal(100 + Drand48Seeds.Length * 3 * Count + 1 + 100 + 300 + 1 + 300, expected.Length);
        AssertSameLines(expected, actual);
    }

    private static void AssertSameLines(string[] expected, List<string> actual)
    {
        Assert.Equal(expected.Length, actual.Count);
        for (int i = 0; i < expected.Length; i++)
        {
            if (expected[i] != actual[i])
                Assert.Fail($"line {i}: glibc {expected[i]}, ours {actual[i]}");
        }
    }
}
