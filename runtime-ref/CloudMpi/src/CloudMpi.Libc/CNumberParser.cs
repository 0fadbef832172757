using System.Globalization;
using System.Numerics;

namespace CloudMpi.Libc;

/// <summary>strtol/strtoul/strtod scanning, as glibc does in the C locale.</summary>
internal static class CNumberParser
{
    public const int ERANGE = 34;

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
        if (@base is < 0 or 1 or > 36) return (0, false, false, 0);
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

    public static double StrToD(string s, out int end)
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
            magnitude = ScanHex(s, ref i);
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

            magnitude = double.Parse(s.AsSpan(start, i - start), NumberStyles.Float, CultureInfo.InvariantCulture);
            if (double.IsInfinity(magnitude) || (magnitude == 0 && HasNonZeroDigit(s, start, i)))
                LibcState.Current.Errno = ERANGE;
        }

        end = i;
        return negative ? -magnitude : magnitude;
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
    private static double ScanHex(string s, ref int i)
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

        return ScaleExact(mantissa, exponent);
    }

    /// <summary>mantissa × 2^exponent rounded to the nearest double, ties to even.</summary>
    internal static double ScaleExact(BigInteger mantissa, long exponent)
    {
        if (mantissa.IsZero) return 0.0;
        long length = (long)mantissa.GetBitLength();
        long top = length + exponent; // value in [2^(top-1), 2^top)
        if (top > 1024) return double.PositiveInfinity;
        long lsb = Math.Max(top - 53, -1074);
        if (lsb - exponent > length + 1) return 0.0; // far below half the smallest subnormal
        BigInteger q;
        int shift = (int)(lsb - exponent);
        if (shift > 0)
        {
            q = mantissa >> shift;
            var rest = mantissa - (q << shift);
            var half = BigInteger.One << (shift - 1);
            int c = rest.CompareTo(half);
            if (c > 0 || (c == 0 && !q.IsEven)) q += 1;
        }
        else
        {
            q = mantissa << -shift;
        }

        return Math.ScaleB((double)q, (int)lsb);
    }
}
