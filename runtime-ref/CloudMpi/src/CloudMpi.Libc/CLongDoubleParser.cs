using System.Numerics;

namespace CloudMpi.Libc;

/// <summary>
/// strtold as glibc has it on x86-64: the text strtod accepts (decimal, hexadecimal, inf, nan), its value rounded once
/// to the x87 80-bit format (nearest, ties to even), not a double widened. The value is computed exactly (the digits
/// as a big integer, scaled by the power of ten or two), so a long decimal rounds as glibc's does.
/// </summary>
public static class CLongDoubleParser
{
    private const int Bias = 16383;
    private const int MaxBiased = 0x7FFF;
    private const int MinUnit = 1 - Bias - 63;  // the exponent of a denormal's last bit
    private const int ERANGE = 34;

    /// <summary>The long double at the start of <paramref name="s"/>; <paramref name="end"/> is where it ends (0: none).</summary>
    public static CLongDouble StrToLD(string s, out int end)
    {
        // strtod's scan says where the number ends and reads inf and nan; its value is not used for finite text, nor
        // its ERANGE (1e4000 overflows a double, not a long double)
        int errno = LibcState.Current.Errno;
        double d = CNumberParser.StrToD(s, out end);
        LibcState.Current.Errno = errno;
        if (end == 0) return CLongDouble.Zero;
        if (double.IsNaN(d))
            return new CLongDouble(0xC000000000000000UL, (ushort)(MaxBiased | (double.IsNegative(d) ? 0x8000 : 0)));
        if (double.IsInfinity(d) && IsWord(s, end))
            return d < 0 ? CLongDouble.NegativeInfinity : CLongDouble.PositiveInfinity;
        int i = 0;
        while (i < end && !(char.IsAsciiDigit(s[i]) || s[i] == '.')) i++;  // blanks and the sign
        bool negative = s[..i].Contains('-');
        var text = s.AsSpan(i, end - i);
        var (mantissa, exponent, radix2) = Digits(text);
        // beyond these powers of ten every value is infinite or rounds to zero (LDBL_MAX is 1.19e4932, the least
        // denormal 3.6e-4951): the power computed is bounded whatever exponent the text writes
        long digits = (long)(mantissa.GetBitLength() * 0.30103) + 1;
        bool inexact = false;
        CLongDouble value = mantissa.IsZero ? CLongDouble.Zero :
            radix2 ? Round(mantissa, BigInteger.One, Math.Clamp(exponent, -40_000, 40_000), out inexact) :
            exponent >= 0 ? Round(mantissa * BigInteger.Pow(10, (int)Math.Min(exponent, 5000)), BigInteger.One, 0, out inexact) :
            Round(mantissa, BigInteger.Pow(10, (int)Math.Min(-exponent, 5000 + digits)), 0, out inexact);
        // glibc: ERANGE on overflow, and on a tiny result (a denormal or zero) that is not exact
        if (value.IsInfinity || (inexact && (value.SignExponent & 0x7FFF) == 0))
            LibcState.Current.Errno = ERANGE;
        return negative ? -value : value;
    }

    /// <summary>Whether the text before <paramref name="end"/> ends in a letter: inf, infinity (not a huge decimal).</summary>
    private static bool IsWord(string s, int end) => char.IsAsciiLetter(s[end - 1]);

    /// <summary>(digits, exponent, whether the exponent is of 2): the value is digits × 10^e or × 2^e.</summary>
    private static (BigInteger Mantissa, long Exponent, bool Radix2) Digits(ReadOnlySpan<char> t)
    {
        bool hex = t.Length > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
        int i = hex ? 2 : 0, radix = hex ? 16 : 10, perDigit = hex ? 4 : 1;
        BigInteger mantissa = BigInteger.Zero;
        long exponent = 0;
        bool point = false;
        for (; i < t.Length; i++)
        {
            char c = t[i];
            if (c == '.') { point = true; continue; }
            if (!char.IsAsciiHexDigit(c) || (!hex && !char.IsAsciiDigit(c))) break;
            mantissa = mantissa * radix + Convert.ToInt32(c.ToString(), 16);
            if (point) exponent -= perDigit;
        }
        if (i < t.Length)  // e±d or p±d (strtod's scan took it only when digits follow)
        {
            long e = 0;
            bool minus = t[i + 1] == '-';
            for (int j = i + (t[i + 1] is '+' or '-' ? 2 : 1); j < t.Length; j++)
                e = Math.Min(1_000_000_000, e * 10 + (t[j] - '0'));
            exponent += minus ? -e : e;
        }
        return (mantissa, exponent, hex);
    }

    /// <summary>n / d × 2^scale rounded to 80 bits: 64 significant bits, denormal below the least exponent.</summary>
    private static CLongDouble Round(BigInteger n, BigInteger d, long scale, out bool inexact)
    {
        inexact = true;
        if (n.IsZero) return CLongDouble.Zero;
        // e: the exponent of the value's leading bit, floor(log2(n / d)) + scale
        long e = (long)n.GetBitLength() - (long)d.GetBitLength() + scale;
        if (Compare(n, d, e - scale) < 0) e--;
        if (e > MaxBiased - Bias) return CLongDouble.PositiveInfinity;
        if (e < MinUnit - 1) return CLongDouble.Zero;  // below half the least denormal
        long unit = Math.Max(e - 63, MinUnit);
        long shift = unit - scale;  // q = n / (d × 2^shift)
        BigInteger num = shift < 0 ? n << (int)-shift : n, den = shift > 0 ? d << (int)shift : d;
        BigInteger q = BigInteger.DivRem(num, den, out BigInteger rest);
        inexact = !rest.IsZero;
        int half = (rest * 2).CompareTo(den);
        if (half > 0 || (half == 0 && !q.IsEven)) q += 1;
        if (q.GetBitLength() > 64)
        {
            q >>= 1;
            unit++;
        }
        ulong significand = (ulong)q;
        int biased = (significand >> 63) != 0 ? (int)(unit + 63 + Bias) : 0;
        if (biased >= MaxBiased) return CLongDouble.PositiveInfinity;
        return new CLongDouble(significand, (ushort)biased);
    }

    /// <summary>The sign of n / d − 2^p.</summary>
    private static int Compare(BigInteger n, BigInteger d, long p) =>
        p >= 0 ? n.CompareTo(d << (int)p) : (n << (int)-p).CompareTo(d);
}
