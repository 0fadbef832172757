using System.Globalization;
using System.Numerics;

namespace CloudMpi.Libc;

/// <summary>strtol/strtoul/strtod scanning, as glibc does in the C locale.</summary>
internal static class CNumberParser
{
    public const int ERANGE = 34;
    private const int EINVAL = 22;

    private static bool IsSpace(char c) => c is ' ' or '\t' or '\n' or '\v' or '\f' or '\r';

    private static int DigitValue(char c) => c switch
    {
        >= '0' and <= '9' => c - '0',
        >= 'a' and <= 'z' => c - 'a' + 10,
        >= 'A' and <= 'Z' => c - 'A' + 10,
        _ => 99,
    };

    /// <summary>Scans an integer; returns its magnitude, sign, whether it overflowed 64 bits, and the end index (0 when nothing was parsed).</summary>
    private static (ulong Magnitude, bool Negative, bool Overflow, int End) ScanInteger(string s, int @base)
    {
        if (@base is < 0 or 1 or > 36)
        {
            LibcState.Current.Errno = EINVAL; // glibc: no conversion, errno EINVAL
            return (0, false, false, 0);
        }
        int i = 0;
        while (i < s.Length && IsSpace(s[i])) i++;
        bool negative = false;
        if (i < s.Length && (s[i] == '+' || s[i] == '-'))
        {
            negative = s[i] == '-';
            i++;
        }

        if ((@base == 0 || @base == 16) && i + 1 < s.Length && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X'))
        {
            if (i + 2 < s.Length && DigitValue(s[i + 2]) < 16)
            {
                i += 2;
                @base = 16;
            }
            else
            {
                // "0x" with no hex digit: the "0" alone is the number.
                return (0, negative, false, i + 1);
            }
        }
        else if (@base == 0)
        {
            @base = i < s.Length && s[i] == '0' ? 8 : 10;
        }

        int start = i;
        ulong value = 0;
        bool overflow = false;
        while (i < s.Length)
        {
            int d = DigitValue(s[i]);
            if (d >= @base) break;
            if (!overflow)
            {
                UInt128 next = (UInt128)value * (uint)@base + (uint)d;
                if (next > ulong.MaxValue) overflow = true;
                else value = (ulong)next;
            }

            i++;
        }

        if (i == start) return (0, false, false, 0);
        return (value, negative, overflow, i);
    }

    public static long StrToL(string s, int @base, out int end)
    {
        var (magnitude, negative, overflow, e) = ScanInteger(s, @base);
        end = e;
        if (negative)
        {
            if (overflow || magnitude > 1UL << 63)
            {
                LibcState.Current.Errno = ERANGE;
                return long.MinValue;
            }

            return unchecked((long)(0UL - magnitude));
        }

        if (overflow || magnitude > long.MaxValue)
        {
            LibcState.Current.Errno = ERANGE;
            return long.MaxValue;
        }

        return (long)magnitude;
    }

    public static ulong StrToUL(string s, int @base, out int end)
    {
        var (magnitude, negative, overflow, e) = ScanInteger(s, @base);
        end = e;
        if (overflow)
        {
            LibcState.Current.Errno = ERANGE;
            return ulong.MaxValue;
        }

        return negative ? unchecked(0UL - magnitude) : magnitude;
    }

    public static double StrToD(string s, out int end) => Scan(s, out end, single: false);

    /// <summary>strtof: the text rounded once to a float (not through a double: 1 + 2^-24 + 2^-60 would round twice),
    /// ERANGE on a float's overflow and underflow.</summary>
    public static float StrToF(string s, out int end) => (float)Scan(s, out end, single: true);

    /// <summary>strtod's or strtof's scan; with <paramref name="single"/> the value returned is a float's. errno is
    /// ERANGE as glibc sets it: an infinite result from finite text, or a result that is zero or subnormal and
    /// inexact (4.9e-324, 1e-310: an exact subnormal such as 0x1p-1074 is none).</summary>
    private static double Scan(string s, out int end, bool single)
    {
        int i = 0;
        while (i < s.Length && IsSpace(s[i])) i++;
        bool negative = false;
        if (i < s.Length && (s[i] == '+' || s[i] == '-'))
        {
            negative = s[i] == '-';
            i++;
        }

        double magnitude;
        if (Matches(s, i, "inf"))
        {
            i += Matches(s, i, "infinity") ? 8 : 3;
            magnitude = double.PositiveInfinity;
        }
        else if (Matches(s, i, "nan"))
        {
            i += 3;
            ulong payload = 0;
            if (i < s.Length && s[i] == '(')
            {
                int j = i + 1;
                while (j < s.Length && (char.IsAsciiLetterOrDigit(s[j]) || s[j] == '_')) j++;
                if (j < s.Length && s[j] == ')')
                {
                    // glibc: the n-char-sequence, read as by strtoull(.., 0), becomes the payload when it is all a number.
                    string inner = s.Substring(i + 1, j - i - 1);
                    var (value, neg, _, innerEnd) = ScanInteger(inner, 0);
                    if (innerEnd == inner.Length && inner.Length > 0)
                        payload = (neg ? unchecked(0UL - value) : value) & ((1UL << 51) - 1);
                    i = j + 1;
                }
            }

            magnitude = BitConverter.Int64BitsToDouble((long)(0x7FF8000000000000UL | payload));
        }
        else if (i + 1 < s.Length && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X') && HexFollows(s, i + 2))
        {
            magnitude = ScanHex(s, ref i, single, out bool inexact);
            if (double.IsInfinity(magnitude) || (inexact && IsTiny(magnitude, single)))
                LibcState.Current.Errno = ERANGE;
        }
        else
        {
            int start = i;
            int digits = 0;
            while (i < s.Length && char.IsAsciiDigit(s[i])) { i++; digits++; }
            if (i < s.Length && s[i] == '.')
            {
                i++;
                while (i < s.Length && char.IsAsciiDigit(s[i])) { i++; digits++; }
            }

            if (digits == 0)
            {
                end = 0;
                return 0.0;
            }

            if (i < s.Length && (s[i] == 'e' || s[i] == 'E'))
            {
                int j = i + 1;
                if (j < s.Length && (s[j] == '+' || s[j] == '-')) j++;
                if (j < s.Length && char.IsAsciiDigit(s[j]))
                {
                    while (j < s.Length && char.IsAsciiDigit(s[j])) j++;
                    i = j;
                }
            }

            var text = s.AsSpan(start, i - start);
            magnitude = single ? float.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture)
                : double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
            if (double.IsInfinity(magnitude) || (magnitude == 0 && HasNonZeroDigit(s, start, i))
                || (magnitude != 0 && IsTiny(magnitude, single) && !DecimalIs(text, magnitude)))
                LibcState.Current.Errno = ERANGE;
        }

        end = i;
        return negative ? -magnitude : magnitude;
    }

    /// <summary>Whether a result is below the smallest normal number of its type (zero included).</summary>
    private static bool IsTiny(double magnitude, bool single) =>
        magnitude < (single ? 1.1754943508222875e-38 : 2.2250738585072014e-308); // FLT_MIN, DBL_MIN

    /// <summary>Whether decimal text ("12.5e-3") is exactly the finite double <paramref name="value"/>.</summary>
    private static bool DecimalIs(ReadOnlySpan<char> text, double value)
    {
        BigInteger digits = BigInteger.Zero;
        long exponent10 = 0;
        int k = 0;
        bool point = false;
        for (; k < text.Length && text[k] is not ('e' or 'E'); k++)
        {
            if (text[k] == '.') { point = true; continue; }
            digits = digits * 10 + (text[k] - '0');
            if (point) exponent10--;
        }

        if (k < text.Length)
            exponent10 += long.Parse(text[(k + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        // value = m * 2^e2 exactly
        long bits = BitConverter.DoubleToInt64Bits(Math.Abs(value));
        int biased = (int)(bits >> 52);
        BigInteger m = bits & ((1L << 52) - 1);
        int e2 = biased == 0 ? -1074 : biased - 1075;
        if (biased != 0) m += BigInteger.One << 52;
        // digits * 10^exponent10 == m * 2^e2, both sides scaled to integers
        BigInteger left = digits, right = m;
        if (exponent10 >= 0) left *= BigInteger.Pow(10, (int)Math.Min(exponent10, 100_000));
        else right *= BigInteger.Pow(10, (int)Math.Min(-exponent10, 100_000));
        if (e2 >= 0) right <<= e2;
        else left <<= -e2;
        return left == right;
    }

    private static bool HasNonZeroDigit(string s, int start, int end)
    {
        for (int k = start; k < end; k++)
        {
            if (s[k] is 'e' or 'E') break;
            if (s[k] is >= '1' and <= '9') return true;
        }

        return false;
    }

    private static bool Matches(string s, int i, string word) =>
        i + word.Length <= s.Length && string.Compare(s, i, word, 0, word.Length, StringComparison.OrdinalIgnoreCase) == 0;

    private static bool HexFollows(string s, int i) =>
        (i < s.Length && char.IsAsciiHexDigit(s[i]))
        || (i + 1 < s.Length && s[i] == '.' && char.IsAsciiHexDigit(s[i + 1]));

    /// <summary>A hexadecimal float "0x h.hhh p±d", correctly rounded (ties to even).</summary>
    private static double ScanHex(string s, ref int i, bool single, out bool inexact)
    {
        i += 2;
        BigInteger mantissa = BigInteger.Zero;
        long exponent = 0;
        bool point = false;
        while (i < s.Length)
        {
            if (s[i] == '.' && !point)
            {
                point = true;
                i++;
                continue;
            }

            if (!char.IsAsciiHexDigit(s[i])) break;
            mantissa = (mantissa << 4) + DigitValue(s[i]);
            if (point) exponent -= 4;
            i++;
        }

        if (i < s.Length && (s[i] == 'p' || s[i] == 'P'))
        {
            int j = i + 1;
            bool negative = false;
            if (j < s.Length && (s[j] == '+' || s[j] == '-'))
            {
                negative = s[j] == '-';
                j++;
            }

            if (j < s.Length && char.IsAsciiDigit(s[j]))
            {
                long e = 0;
                while (j < s.Length && char.IsAsciiDigit(s[j]))
                {
                    e = Math.Min(1_000_000_000, e * 10 + (s[j] - '0'));
                    j++;
                }

                exponent += negative ? -e : e;
                i = j;
            }
        }

        return single ? ScaleExact(mantissa, exponent, 24, -149, 128, out inexact)
            : ScaleExact(mantissa, exponent, 53, -1074, 1024, out inexact);
    }

    /// <summary>mantissa × 2^exponent rounded to the nearest double, ties to even.</summary>
    internal static double ScaleExact(BigInteger mantissa, long exponent) =>
        ScaleExact(mantissa, exponent, 53, -1074, 1024, out _);

    /// <summary>mantissa × 2^exponent rounded to nearest, ties to even, to a binary format of
    /// <paramref name="precision"/> bits, least subnormal 2^<paramref name="minLsb"/> and values below
    /// 2^<paramref name="maxTop"/> (a double's: 53, -1074, 1024; a float's: 24, -149, 128);
    /// <paramref name="inexact"/> says whether rounding changed it.</summary>
    private static double ScaleExact(BigInteger mantissa, long exponent, int precision, int minLsb, int maxTop,
        out bool inexact)
    {
        inexact = false;
        if (mantissa.IsZero) return 0.0;
        long length = (long)mantissa.GetBitLength();
        long top = length + exponent; // value in [2^(top-1), 2^top)
        inexact = true;
        if (top > maxTop) return double.PositiveInfinity;
        long lsb = Math.Max(top - precision, minLsb);
        if (lsb - exponent > length + 1) return 0.0; // far below half the smallest subnormal
        BigInteger q;
        int shift = (int)(lsb - exponent);
        if (shift > 0)
        {
            q = mantissa >> shift;
            var rest = mantissa - (q << shift);
            inexact = !rest.IsZero;
            var half = BigInteger.One << (shift - 1);
            int c = rest.CompareTo(half);
            if (c > 0 || (c == 0 && !q.IsEven)) q += 1;
        }
        else
        {
            q = mantissa << -shift;
            inexact = false;
        }

        // rounding up may carry to 2^maxTop: infinity, as in C
        double result = Math.ScaleB((double)q, (int)lsb);
        return result >= Math.ScaleB(1.0, maxTop) ? double.PositiveInfinity : result;
    }
}
