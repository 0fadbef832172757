using System.Text;

namespace CloudMpi.Libc.Tests;

/// <summary>Deterministic pseudo-random printf cases over flags, widths, precisions, '*', lengths, conversions and values.</summary>
internal static class PrintfCaseGenerator
{
    private static readonly string[] IntLengths = ["", "", "", "hh", "h", "l", "ll", "j", "z", "t"];

    private static readonly string[] Conversions =
    [
        "d", "i", "u", "o", "x", "X", "c", "s", "p",
        "f", "F", "e", "E", "g", "G", "a", "A",
        "f", "e", "g", "f", "g", // floats more often: they are the hard part
    ];

    private static readonly string[] Texts = ["", "", "", "x=", "[", "] ", "abc ", "100%% ", "\u00e9 "];

    public static IEnumerable<PrintfCase> Generate(int count, ulong seed)
    {
        var rng = new TestRng(seed);
        foreach (var fixedCase in FixedCases()) yield return fixedCase;
        for (int n = 0; n < count; n++) yield return One(rng);
    }

    /// <summary>Cases named in the specification, always present.</summary>
    private static IEnumerable<PrintfCase> FixedCases()
    {
        PrintfCase D(string f, double v) => new(f, [PrintfArg.Double(v)]);
        yield return D("%.0f", 0.5);
        yield return D("%.0f", 1.5);
        yield return D("%.0f", 2.5);
        yield return D("%.2f", 2.675);
        yield return D("%.2f", 0.125);
        yield return D("%.1f", 0.25);
        yield return D("%f", -0.0);
        yield return D("%e", -0.0);
        yield return D("%g", -0.0);
        yield return D("%a", -0.0);
        yield return D("%f", double.PositiveInfinity);
        yield return D("%F", double.NegativeInfinity);
        yield return D("%f", double.NaN);
        yield return D("%f", BitConverter.Int64BitsToDouble(0x7FF8000000000000));
        yield return D("%G", double.NaN);
        yield return D("%g", 100000.0);
        yield return D("%g", 1000000.0);
        yield return D("%g", 0.0001);
        yield return D("%g", 0.00001);
        yield return D("%#g", 1.0);
        yield return D("%.0g", 0.5);
        yield return D("%f", double.MaxValue);
        yield return D("%.1074f", double.Epsilon);
        yield return D("%.20e", double.Epsilon);
        yield return D("%a", double.Epsilon);
        yield return D("%a", double.MaxValue);
        yield return D("%.0a", 1.5);
        yield return D("%.0e", 2.5);
        yield return D("%#.4g", 9999.9995);
        yield return D("%.15e", 1e23);                 // just below 10^23: the exponent estimate is one too high
        yield return D("%.16g", 1e-67);
        yield return D("%.15E", 9.999999999999999E-05);
        yield return D("%#.10g", 9999999999.5);
        yield return D("%#G", 999999.5);
        yield return D("%#.3g", 999.99995);
        yield return D("%#.4g", 0.000099999);
        yield return new("%d", [PrintfArg.Int(int.MinValue)]);
        yield return new("%ld", [PrintfArg.Long(long.MinValue)]);
        yield return new("%lu", [PrintfArg.ULong(ulong.MaxValue)]);
        yield return new("%d", [PrintfArg.UInt(uint.MaxValue)]);
        yield return new("%u", [PrintfArg.Int(-1)]);
        yield return new("%s", [PrintfArg.NullString()]);
        yield return new("%.3s", [PrintfArg.NullString()]);
        yield return new("%p", [PrintfArg.Pointer(0)]);
        yield return new("%p", [PrintfArg.Pointer(0x7ffd1234)]);
        yield return new("%*d", [PrintfArg.Int(-8), PrintfArg.Int(42)]);
        yield return new("%.*f", [PrintfArg.Int(-1), PrintfArg.Double(3.14159)]);
        yield return new("100%%", []);
        yield return new("%y%5k", []);
    }

    private static PrintfCase One(TestRng rng)
    {
        string conv = rng.Pick(Conversions);
        bool isFloat = "fFeEgGaA".Contains(conv[0]);
        var args = new List<PrintfArg>();
        var f = new StringBuilder();
        f.Append(rng.Pick(Texts)).Append('%');

        // Flags.
        foreach (char flag in "-+ #0")
        {
            if (rng.Chance(0.22)) f.Append(flag);
        }

        if (rng.Chance(0.05)) f.Append(rng.Pick(["0-", "+ ", "##", "00"]));

        // Width.
        int w = rng.Next(20);
        if (w < 7) { }
        else if (w < 16) f.Append(rng.Chance(0.8) ? rng.Range(1, 25) : rng.Range(26, 80));
        else
        {
            f.Append('*');
            args.Add(PrintfArg.Int(rng.Chance(0.8) ? rng.Range(-30, 30) : rng.Range(-200, 200)));
        }

        // Precision.
        int p = rng.Next(20);
        if (p < 7) { }
        else if (p < 8) f.Append('.');
        else if (p < 17)
        {
            f.Append('.');
            int r = rng.Next(100);
            f.Append(r < 80 ? rng.Range(0, 20) : r < 97 ? rng.Range(21, 60) : rng.Range(61, isFloat ? 400 : 120));
        }
        else
        {
            f.Append(".*");
            args.Add(PrintfArg.Int(rng.Chance(0.85) ? rng.Range(-5, 25) : rng.Range(-100, 120)));
        }

        // Length modifier and value.
        PrintfArg value;
        string length = "";
        switch (conv)
        {
            case "d" or "i" or "u" or "o" or "x" or "X":
                length = rng.Pick(IntLengths);
                bool signedConv = conv is "d" or "i";
                if (length is "l" or "ll" or "j" or "z" or "t")
                {
                    long v = RandomLong(rng);
                    value = rng.Chance(0.5) == signedConv ? PrintfArg.Long(v) : PrintfArg.ULong(unchecked((ulong)v));
                }
                else
                {
                    int v = RandomInt(rng);
                    value = rng.Chance(0.7) == signedConv ? PrintfArg.Int(v) : PrintfArg.UInt(unchecked((uint)v));
                }

                break;
            case "c":
                value = PrintfArg.Int(rng.Chance(0.8) ? rng.Range(32, 126) : rng.Chance(0.5) ? rng.Range(0, 255) : RandomInt(rng));
                break;
            case "s":
                value = RandomString(rng);
                break;
            case "p":
                value = PrintfArg.Pointer(rng.Chance(0.15) ? 0 : rng.Chance(0.5) ? RandomULongSmall(rng) : rng.NextU64());
                break;
            default:
                double d = RandomDouble(rng);
                if (conv is not ("a" or "A") && rng.Chance(0.1))
                {
                    length = "L";
                    value = PrintfArg.LongDouble(d);
                }
                else
                {
                    if (rng.Chance(0.1)) length = "l";
                    value = PrintfArg.Double(d);
                }

                break;
        }

        f.Append(length).Append(conv).Append(rng.Pick(Texts));
        args.Add(value);
        return new PrintfCase(f.ToString(), args);
    }

    private static readonly int[] SpecialInts = [0, 1, -1, int.MinValue, int.MaxValue, 127, 128, -128, 255, 256, 32767, 32768, -32768, 65535, 65536, 1000000000, -999999999, 8, 16, 7];

    private static int RandomInt(TestRng rng)
    {
        if (rng.Chance(0.3)) return rng.Pick(SpecialInts);
        int bits = rng.Range(1, 32);
        ulong v = rng.NextU64() & (bits == 64 ? ulong.MaxValue : (1UL << bits) - 1);
        return rng.Chance(0.3) ? -(int)(uint)v : (int)(uint)v;
    }

    private static readonly long[] SpecialLongs = [0, 1, -1, long.MinValue, long.MaxValue, int.MinValue, int.MaxValue, uint.MaxValue, 1L << 32, -(1L << 32), 1000000000000000000, 4294967296L * 65536];

    private static long RandomLong(TestRng rng)
    {
        if (rng.Chance(0.3)) return rng.Pick(SpecialLongs);
        int bits = rng.Range(1, 64);
        ulong v = rng.NextU64() & (bits == 64 ? ulong.MaxValue : (1UL << bits) - 1);
        return unchecked((long)v);
    }

    private static ulong RandomULongSmall(TestRng rng) => rng.NextU64() & ((1UL << rng.Range(4, 48)) - 1);

    private static PrintfArg RandomString(TestRng rng)
    {
        int kind = rng.Next(10);
        if (kind == 0) return PrintfArg.NullString();
        if (kind == 1) return PrintfArg.String("");
        if (kind == 2) return PrintfArg.String(rng.Pick(["h\u00e9llo", "\u00fcber", "\u65e5\u672c\u8a9e", "a\u00e9b\u00e9c"]));
        if (kind == 3)
        {
            var bytes = new byte[rng.Range(0, 12)];
            for (int i = 0; i < bytes.Length; i++) bytes[i] = (byte)rng.Range(1, 255);
            return PrintfArg.Bytes(bytes);
        }

        var b = new StringBuilder();
        int len = rng.Range(0, kind == 4 ? 70 : 15);
        for (int i = 0; i < len; i++) b.Append((char)rng.Range(32, 126));
        return PrintfArg.String(b.ToString());
    }

    private static readonly double[] SpecialDoubles =
    [
        0.0, -0.0, double.PositiveInfinity, double.NegativeInfinity, double.NaN,
        BitConverter.Int64BitsToDouble(0x7FF8000000000000), double.MaxValue, -double.MaxValue,
        2.2250738585072014e-308, double.Epsilon, -double.Epsilon, 2.2250738585072009e-308,
        0.5, 1.5, 2.5, 3.5, -0.5, -2.5, 0.125, 0.375, 0.625, 2.675, 1.005, 0.05, 0.15, 0.25, 0.35, 0.45,
        1e-5, 1e-4, 0.0001, 0.00009999999999999999, 99999.5, 999999.5, 9.9999995, 9.5, 99.5, 0.95, 0.995,
        123456789.0, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23, 9007199254740992.0, 9007199254740993.0,
        4503599627370495.5, 0.1, 0.2, 0.3, 1.0 / 3.0, 2.0 / 3.0, Math.PI, Math.E, 1e100, 1e-100, 1e300, 1e-300,
        1.7976931348623157e308, 4.9406564584124654e-324, 1.0, 10.0, 100.0, 0.001, 5e-324, 1e-320,
    ];

    private static double RandomDouble(TestRng rng)
    {
        int kind = rng.Next(12);
        double d;
        switch (kind)
        {
            case 0:
            case 1:
                d = rng.Pick(SpecialDoubles);
                break;
            case 2:
                // Powers of ten and neighbours.
                d = double.Parse("1e" + rng.Range(-323, 308), System.Globalization.CultureInfo.InvariantCulture);
                if (rng.Chance(0.3)) d = rng.Chance(0.5) ? Math.BitIncrement(d) : Math.BitDecrement(d);
                break;
            case 3:
                // Exact binary fractions: ties at many precisions.
                d = rng.Range(-100000, 100000) / Math.Pow(2, rng.Range(0, 20));
                break;
            case 4:
                // Short decimals: near ties once rounded to binary.
                d = rng.Range(-99999, 99999) / Math.Pow(10, rng.Range(0, 8));
                break;
            case 5:
                // Subnormals.
                d = BitConverter.Int64BitsToDouble((long)(rng.NextU64() & ((1UL << rng.Range(1, 52)) - 1)));
                break;
            case 6:
                // Integers.
                d = (double)(long)(rng.NextU64() >> rng.Range(1, 63));
                break;
            case 7:
                // Near %g's switch between fixed and exponent.
                d = Math.Pow(10, rng.Range(-6, 18)) * (rng.Chance(0.5) ? 0.99999995 : 9.9999995);
                break;
            default:
            {
                // Random bits with a uniformly chosen exponent.
                ulong mantissa = rng.NextU64() & ((1UL << 52) - 1);
                ulong exponent = (ulong)rng.Range(1, 2046);
                if (rng.Chance(0.6)) exponent = (ulong)rng.Range(1023 - 70, 1023 + 70);
                d = BitConverter.Int64BitsToDouble((long)((exponent << 52) | mantissa));
                break;
            }
        }

        if (rng.Chance(0.3) && !double.IsNaN(d)) d = -d;
        return d;
    }
}
