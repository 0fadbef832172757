using System.Numerics;
using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

/// <summary>
/// C's <c>long double</c> as gcc has it on x86-64: the x87 80-bit extended format (a 64-bit significand with an
/// explicit integer bit, a 15-bit exponent biased by 16383, a sign), 16 bytes in memory, every operation rounded to
/// nearest, ties to even, at 64 bits of precision (the x87's default precision control under Linux). Arithmetic is
/// exact integer arithmetic on the significands (128-bit products and quotients, one rounding), so results are the
/// bits gcc's code computes; the tests compare them with vectors a gcc build printed
/// (scripts/long_double_vectors.c).
/// <para>
/// NaNs: an invalid operation (inf - inf, 0 / 0, sqrt of a negative) gives the x87's default NaN, negative
/// (glibc prints it <c>-nan</c>); an operation on a NaN gives that NaN, quieted (the first one's when both are).
/// </para>
/// </summary>
[StructLayout(LayoutKind.Sequential, Size = 16)]
public readonly struct CLongDouble : IEquatable<CLongDouble>, IComparable<CLongDouble>,
    System.Numerics.IComparisonOperators<CLongDouble, CLongDouble, bool>
{
    private readonly ulong _m;    // the significand, its integer bit (bit 63) explicit
    private readonly ushort _se;  // sign (bit 15), biased exponent (bits 0-14)

    private const int Bias = 16383;
    private const int MaxBiased = 0x7FFF;
    /// <summary>The exponent of a significand unit (its last bit) at the smallest exponent: denormals' scale.</summary>
    private const int MinUnitExponent = 1 - Bias - 63;
    private const ulong IntegerBit = 1UL << 63;

    /// <summary>The value of these bits: a significand (integer bit explicit) and a sign-and-exponent word.</summary>
    public CLongDouble(ulong significand, ushort signExponent)
    {
        _m = significand;
        _se = signExponent;
    }

    public ulong Significand => _m;
    public ushort SignExponent => _se;

    public bool IsNegative => (_se & 0x8000) != 0;
    private int Biased => _se & 0x7FFF;
    public bool IsNaN => Biased == MaxBiased && (_m << 1) != 0;
    public bool IsInfinity => Biased == MaxBiased && (_m << 1) == 0;
    public bool IsFinite => Biased != MaxBiased;
    public bool IsZero => Biased == 0 && _m == 0;

    public static readonly CLongDouble Zero = new(0, 0);
    public static readonly CLongDouble One = new(IntegerBit, Bias);
    public static readonly CLongDouble PositiveInfinity = new(IntegerBit, MaxBiased);
    public static readonly CLongDouble NegativeInfinity = new(IntegerBit, 0x8000 | MaxBiased);
    /// <summary>The x87's default NaN ("real indefinite"), what an invalid operation gives: glibc prints -nan.</summary>
    public static readonly CLongDouble DefaultNaN = new(0xC000000000000000UL, 0x8000 | MaxBiased);
    /// <summary>LDBL_MAX, LDBL_MIN (the smallest normal), LDBL_EPSILON, LDBL_TRUE_MIN.</summary>
    public static readonly CLongDouble MaxValue = new(ulong.MaxValue, MaxBiased - 1);
    public static readonly CLongDouble MinNormal = new(IntegerBit, 1);
    public static readonly CLongDouble Epsilon = new(IntegerBit, Bias - 63);
    public static readonly CLongDouble TrueMin = new(1, 0);

    /// <summary>A finite value as m × 2^e (m the significand, e the exponent of its last bit).</summary>
    private (ulong M, int E) Parts => Biased == 0 ? (_m, MinUnitExponent) : (_m, Biased - Bias - 63);

    private CLongDouble Quieted => new(_m | (1UL << 62), _se);

    /// <summary>The x87's result of an operation on NaNs: the NaN operand, quieted; of two, the larger significand's.</summary>
    private static CLongDouble PropagatedNaN(CLongDouble a, CLongDouble b)
    {
        if (a.IsNaN && b.IsNaN)
            return (b.Quieted._m > a.Quieted._m ? b : a).Quieted;
        return (a.IsNaN ? a : b).Quieted;
    }

    private CLongDouble Negated => new(_m, (ushort)(_se ^ 0x8000));

    private static CLongDouble SignedZero(bool negative) => new(0, negative ? (ushort)0x8000 : (ushort)0);

    private static CLongDouble Infinity(bool negative) => negative ? NegativeInfinity : PositiveInfinity;

    // ------------------------------------------------------------------ rounding

    /// <summary>
    /// (m + a fraction below its last bit when <paramref name="sticky"/>) × 2^e, rounded to 64 bits, nearest,
    /// ties to even; denormal below the smallest exponent, infinite above the largest.
    /// </summary>
    private static CLongDouble Round(bool negative, UInt128 m, int e, bool sticky)
    {
        if (m == 0)
            return SignedZero(negative);
        var (q, unit) = RoundToPrecision(m, e, sticky, 64, MinUnitExponent);
        if (q == 0)
            return SignedZero(negative);
        ulong significand = (ulong)q;
        int biased = (significand & IntegerBit) != 0 ? unit + 63 + Bias : 0;  // below the integer bit: a denormal
        if (biased >= MaxBiased)
            return Infinity(negative);
        return new CLongDouble(significand, (ushort)((negative ? 0x8000 : 0) | biased));
    }

    /// <summary>
    /// m × 2^e (plus a fraction of its last bit when sticky) rounded to <paramref name="precision"/> bits, nearest,
    /// ties to even, with no unit below 2^<paramref name="minUnit"/>: the significand q and its unit's exponent.
    /// q may come out one bit longer than the precision only as 2^precision (then renormalized here).
    /// </summary>
    internal static (UInt128 Q, int Unit) RoundToPrecision(UInt128 m, int e, bool sticky, int precision, int minUnit)
    {
        int length = 128 - (int)UInt128.LeadingZeroCount(m);
        int shift = Math.Max(length - precision, minUnit - e);
        if (shift <= 0)
            return (m << -shift, e + shift);  // exact (a caller that has lost bits gives enough of them to round)
        UInt128 q;
        bool up;
        if (shift >= 128)
        {
            // every bit is below the unit: half a unit (2^(shift-1)) is more than m unless shift is exactly 128
            q = 0;
            UInt128 half = UInt128.One << 127;
            up = shift == 128 && (m > half || (m == half && sticky));
        }
        else
        {
            q = m >> shift;
            UInt128 rest = m - (q << shift);
            UInt128 half = UInt128.One << (shift - 1);
            up = rest > half || (rest == half && (sticky || (q & 1) == 1));
        }
        int unit = e + shift;
        if (up)
        {
            q++;
            if (q >> precision != 0)
            {
                q >>= 1;
                unit++;
            }
        }
        return (q, unit);
    }

    // ------------------------------------------------------------------ arithmetic

    public static CLongDouble operator +(CLongDouble a, CLongDouble b) => Add(a, b, negateB: false);

    public static CLongDouble operator -(CLongDouble a, CLongDouble b) => Add(a, b, negateB: true);

    public static CLongDouble operator -(CLongDouble a) => a.Negated;

    public static CLongDouble operator +(CLongDouble a) => a;

    public static CLongDouble operator ++(CLongDouble a) => a + One;

    public static CLongDouble operator --(CLongDouble a) => a - One;

    private static CLongDouble Add(CLongDouble a, CLongDouble b, bool negateB)
    {
        if (a.IsNaN || b.IsNaN)
            return PropagatedNaN(a, b);
        bool na = a.IsNegative, nb = b.IsNegative ^ negateB;
        if (a.IsInfinity || b.IsInfinity)
        {
            if (a.IsInfinity && b.IsInfinity)
                return na == nb ? a : DefaultNaN;
            return a.IsInfinity ? a : Infinity(nb);
        }
        if (a.IsZero && b.IsZero)
            return SignedZero(na && nb);  // -0 + -0 is -0; any other sum of zeros +0 (rounding to nearest)
        if (b.IsZero)
            return a;
        if (a.IsZero)
            return negateB ? b.Negated : b;
        var (ma, ea) = a.Parts;
        var (mb, eb) = b.Parts;
        // each significand at the top of 128 bits: 64 bits below it to keep what the alignment shifts out
        UInt128 xa = (UInt128)ma << 64, xb = (UInt128)mb << 64;
        ea -= 64;
        eb -= 64;
        if (ea < eb || (ea == eb && xa < xb))
        {
            (xa, xb) = (xb, xa);
            (ea, eb) = (eb, ea);
            (na, nb) = (nb, na);
        }
        // |a| >= |b| now, up to the alignment; b shifted to a's exponent, what falls off jammed into its last bit
        int d = ea - eb;
        if (d > 0)
        {
            if (d >= 128)
            {
                xb = 1;
            }
            else
            {
                bool lost = (xb & ((UInt128.One << d) - 1)) != 0;
                xb = (xb >> d) | (lost ? UInt128.One : UInt128.Zero);
            }
        }
        UInt128 sum;
        int e = ea;
        if (na == nb)
        {
            // a carry out of 128 bits: both halved first, the bit the halving loses jammed into the last bit
            bool lost = ((xa ^ xb) & 1) != 0;
            sum = (xa >> 1) + (xb >> 1) + (xa & xb & 1);
            if (lost)
                sum |= 1;
            return Round(na, sum, e + 1, sticky: false);
        }
        sum = xa - xb;
        if (sum == 0)
            return SignedZero(false);
        return Round(na, sum, e, sticky: false);
    }

    public static CLongDouble operator *(CLongDouble a, CLongDouble b)
    {
        if (a.IsNaN || b.IsNaN)
            return PropagatedNaN(a, b);
        bool negative = a.IsNegative ^ b.IsNegative;
        if (a.IsInfinity || b.IsInfinity)
            return a.IsZero || b.IsZero ? DefaultNaN : Infinity(negative);
        if (a.IsZero || b.IsZero)
            return SignedZero(negative);
        var (ma, ea) = a.Parts;
        var (mb, eb) = b.Parts;
        return Round(negative, (UInt128)ma * mb, ea + eb, sticky: false);
    }

    public static CLongDouble operator /(CLongDouble a, CLongDouble b)
    {
        if (a.IsNaN || b.IsNaN)
            return PropagatedNaN(a, b);
        bool negative = a.IsNegative ^ b.IsNegative;
        if (a.IsInfinity)
            return b.IsInfinity ? DefaultNaN : Infinity(negative);
        if (b.IsInfinity)
            return SignedZero(negative);
        if (b.IsZero)
            return a.IsZero ? DefaultNaN : Infinity(negative);
        if (a.IsZero)
            return SignedZero(negative);
        var (ma, ea) = a.Parts;
        var (mb, eb) = b.Parts;
        // normalized significands (denormals' leading zeros moved into the exponent), so the quotient has 64-65 bits
        int za = BitOperations.LeadingZeroCount(ma), zb = BitOperations.LeadingZeroCount(mb);
        ma <<= za;
        ea -= za;
        mb <<= zb;
        eb -= zb;
        UInt128 n = (UInt128)ma << 64;
        UInt128 q = n / mb;
        UInt128 r = n - q * mb;
        // two more quotient bits from the remainder, and whether anything is left below them
        UInt128 r4 = r << 2;
        UInt128 q2 = r4 / mb;
        UInt128 rest = r4 - q2 * mb;
        return Round(negative, (q << 2) | q2, ea - eb - 64 - 2, sticky: rest != 0);
    }

    /// <summary>C's % does not apply; fmodl: the exact remainder of a / b truncated, with a's sign (C11 7.12.10.1).</summary>
    public static CLongDouble Fmod(CLongDouble a, CLongDouble b)
    {
        if (a.IsNaN || b.IsNaN)
            return PropagatedNaN(a, b);
        if (a.IsInfinity || b.IsZero)
            return DefaultNaN;
        if (b.IsInfinity || a.IsZero)
            return a;
        var (ma, ea) = a.Parts;
        var (mb, eb) = b.Parts;
        int e = Math.Min(ea, eb);
        BigInteger x = new BigInteger(ma) << (ea - e), y = new BigInteger(mb) << (eb - e);
        BigInteger r = BigInteger.Remainder(x, y);  // less than both: it fits the 64 bits of either significand
        if (r.IsZero)
            return SignedZero(a.IsNegative);
        return Round(a.IsNegative, (ulong)r, e, sticky: false);
    }

    /// <summary>sqrtl: correctly rounded (an integer square root of the significand with enough extra bits).</summary>
    public static CLongDouble Sqrt(CLongDouble a)
    {
        if (a.IsNaN)
            return a.Quieted;
        if (a.IsZero)
            return a;
        if (a.IsNegative)
            return DefaultNaN;
        if (a.IsInfinity)
            return a;
        var (m, e) = a.Parts;
        // m × 2^e with an even exponent, scaled up so the root has 66+ bits: root(N) × 2^((e - 2k) / 2)
        BigInteger n = m;
        if ((e & 1) != 0)
        {
            n <<= 1;
            e -= 1;
        }
        int k = 70;
        n <<= 2 * k;
        e -= 2 * k;
        BigInteger root = IntegerSqrt(n);
        bool inexact = root * root != n;
        return Round(false, (UInt128)root, e / 2, sticky: inexact);
    }

    private static BigInteger IntegerSqrt(BigInteger n)
    {
        if (n.IsZero) return n;
        BigInteger x = BigInteger.One << (int)((n.GetBitLength() + 1) / 2);
        while (true)
        {
            BigInteger y = (x + n / x) >> 1;
            if (y >= x) return x;
            x = y;
        }
    }

    public static CLongDouble Abs(CLongDouble a) => new(a._m, (ushort)(a._se & 0x7FFF));

    /// <summary>truncl, floorl, ceill, roundl (halves away from zero): the integer part by clearing fraction bits.</summary>
    public static CLongDouble Truncate(CLongDouble a)
    {
        if (!a.IsFinite || a.IsZero)
            return a;
        var (m, e) = a.Parts;
        if (e >= 0)
            return a;
        if (e <= -64)
            return SignedZero(a.IsNegative);
        ulong kept = m >> -e << -e;
        return kept == 0 ? SignedZero(a.IsNegative) : new CLongDouble(kept, a._se);
    }

    public static CLongDouble Floor(CLongDouble a)
    {
        var t = Truncate(a);
        return a.IsNegative && t != a ? t - One : t;
    }

    public static CLongDouble Ceiling(CLongDouble a)
    {
        var t = Truncate(a);
        return !a.IsNegative && t != a ? t + One : t;
    }

    public static CLongDouble RoundHalfAway(CLongDouble a)
    {
        if (!a.IsFinite)
            return a;
        var half = new CLongDouble(IntegerBit, Bias - 1);
        var t = Truncate(a);
        var fraction = Abs(a - t);
        if (fraction >= half)
            t = a.IsNegative ? t - One : t + One;
        return t;
    }

    // ------------------------------------------------------------------ comparison

    public static bool operator ==(CLongDouble a, CLongDouble b) => Compare(a, b) == 0;
    public static bool operator !=(CLongDouble a, CLongDouble b) => Compare(a, b) != 0;
    public static bool operator <(CLongDouble a, CLongDouble b) => Compare(a, b) is int c && c != Unordered && c < 0;
    public static bool operator <=(CLongDouble a, CLongDouble b) => Compare(a, b) is int c && c != Unordered && c <= 0;
    public static bool operator >(CLongDouble a, CLongDouble b) => Compare(a, b) is int c && c != Unordered && c > 0;
    public static bool operator >=(CLongDouble a, CLongDouble b) => Compare(a, b) is int c && c != Unordered && c >= 0;

    private const int Unordered = int.MinValue;

    /// <summary>-1, 0, 1, or Unordered when either is a NaN; +0 equals -0.</summary>
    private static int Compare(CLongDouble a, CLongDouble b)
    {
        if (a.IsNaN || b.IsNaN)
            return Unordered;
        if (a.IsZero && b.IsZero)
            return 0;
        if (a.IsNegative != b.IsNegative)
            return a.IsNegative ? -1 : 1;
        int magnitude = a.Biased != b.Biased ? a.Biased.CompareTo(b.Biased) : a._m.CompareTo(b._m);
        return a.IsNegative ? -magnitude : magnitude;
    }

    public bool Equals(CLongDouble other) => _m == other._m && _se == other._se;
    public override bool Equals(object? obj) => obj is CLongDouble other && Equals(other);
    public override int GetHashCode() => HashCode.Combine(_m, _se);

    /// <summary>A total order for sorting (NaNs last); C's comparisons are the operators.</summary>
    public int CompareTo(CLongDouble other)
    {
        int c = Compare(this, other);
        return c != Unordered ? c : IsNaN.CompareTo(other.IsNaN);
    }

    // ------------------------------------------------------------------ conversions

    public static implicit operator CLongDouble(double d)
    {
        long bits = BitConverter.DoubleToInt64Bits(d);
        bool negative = bits < 0;
        int biased = (int)(bits >> 52) & 0x7FF;
        ulong fraction = (ulong)bits & ((1UL << 52) - 1);
        if (biased == 0x7FF)
            return fraction == 0 ? Infinity(negative)
                : new CLongDouble(IntegerBit | (fraction << 11), (ushort)((negative ? 0x8000 : 0) | MaxBiased));
        if (biased == 0)
            return fraction == 0 ? SignedZero(negative) : Round(negative, fraction, -1074, sticky: false);
        return Round(negative, fraction | (1UL << 52), biased - 1075, sticky: false);
    }

    public static implicit operator CLongDouble(float f) => (double)f;

    public static implicit operator CLongDouble(long v) =>
        v == 0 ? Zero : Round(v < 0, v < 0 ? (UInt128)(ulong)(-(v + 1)) + 1 : (UInt128)(ulong)v, 0, sticky: false);

    public static implicit operator CLongDouble(ulong v) => v == 0 ? Zero : Round(false, v, 0, sticky: false);
    public static implicit operator CLongDouble(int v) => (long)v;
    public static implicit operator CLongDouble(uint v) => (ulong)v;
    public static implicit operator CLongDouble(short v) => (long)v;
    public static implicit operator CLongDouble(ushort v) => (ulong)v;
    public static implicit operator CLongDouble(sbyte v) => (long)v;
    public static implicit operator CLongDouble(byte v) => (ulong)v;

    public static explicit operator double(CLongDouble a)
    {
        if (a.IsNaN)
            return BitConverter.Int64BitsToDouble((a.IsNegative ? long.MinValue : 0) | 0x7FF8000000000000L | (long)((a._m << 1) >> 12));
        if (a.IsInfinity)
            return a.IsNegative ? double.NegativeInfinity : double.PositiveInfinity;
        if (a.IsZero)
            return a.IsNegative ? -0.0 : 0.0;
        var (m, e) = a.Parts;
        var (q, unit) = RoundToPrecision(m, e, false, 53, -1074);
        if (q == 0)
            return a.IsNegative ? -0.0 : 0.0;
        ulong significand = (ulong)q;
        long bits;
        if ((significand >> 52) == 0)
        {
            bits = (long)significand;  // a denormal double (unit -1074)
        }
        else
        {
            int biased = unit + 1075;
            if (biased >= 0x7FF)
                return a.IsNegative ? double.NegativeInfinity : double.PositiveInfinity;
            bits = ((long)biased << 52) | (long)(significand & ((1UL << 52) - 1));
        }
        return BitConverter.Int64BitsToDouble((a.IsNegative ? long.MinValue : 0) | bits);
    }

    public static explicit operator float(CLongDouble a)
    {
        // rounded once, to float's 24 bits (through double would round twice)
        if (!a.IsFinite || a.IsZero)
            return (float)(double)a;
        var (m, e) = a.Parts;
        var (q, unit) = RoundToPrecision(m, e, false, 24, -149);
        double exact = Math.ScaleB((double)(ulong)q, unit);  // q has at most 24 bits: exact in a double
        return (float)(a.IsNegative ? -exact : exact);
    }

    /// <summary>Truncated toward zero; out of range (or NaN) the x87's integer indefinite, as gcc's fisttp gives.</summary>
    public static explicit operator long(CLongDouble a)
    {
        if (!a.IsFinite)
            return long.MinValue;
        var (m, e) = a.Parts;
        if (e <= -64)
            return 0;
        if (e > 0)
            return long.MinValue;
        ulong magnitude = e < 0 ? m >> -e : m;
        if (magnitude > long.MaxValue)
            return long.MinValue;  // (-2^63 itself is long.MinValue too)
        return a.IsNegative ? -(long)magnitude : (long)magnitude;
    }

    /// <summary>
    /// As gcc converts: below 2^63 through the signed conversion (so -1.0 gives 2^64 - 1), else 2^63 subtracted
    /// first and the top bit set again (so 2^64 and above give 0, NaN 2^63).
    /// </summary>
    public static explicit operator ulong(CLongDouble a)
    {
        var twoTo63 = new CLongDouble(IntegerBit, Bias + 63);
        if (!(a >= twoTo63))
            return (ulong)(long)a;  // NaN too (the x87 compare is unordered, gcc's branch the signed path)
        return (ulong)(long)(a - twoTo63) ^ IntegerBit;
    }

    /// <summary>gcc's fisttpl: truncated to 32 bits, out of range the 32-bit indefinite.</summary>
    public static explicit operator int(CLongDouble a)
    {
        long v = (long)a;
        return v is >= int.MinValue and <= int.MaxValue ? (int)v : int.MinValue;
    }

    public static explicit operator uint(CLongDouble a) => (uint)(long)a;

    /// <summary>gcc's fistps: truncated to 16 bits, out of range (or NaN) the 16-bit indefinite, -32768 (70000.0L gives
    /// -32768 where the low half of the 32-bit conversion is 4464).</summary>
    public static explicit operator short(CLongDouble a)
    {
        long v = (long)a;
        return v is >= short.MinValue and <= short.MaxValue ? (short)v : short.MinValue;
    }

    /// <summary>gcc's fisttpl and the low 16 bits (unsigned short has no 16-bit x87 store).</summary>
    public static explicit operator ushort(CLongDouble a) => (ushort)(int)a;

    /// <summary>The low byte of gcc's 16-bit fistps (x87 has no 8-bit store): 70000.0L gives 0, 32767.9L -1.</summary>
    public static explicit operator sbyte(CLongDouble a) => (sbyte)(short)a;

    /// <summary>The low byte of gcc's 16-bit fistps, as for signed char.</summary>
    public static explicit operator byte(CLongDouble a) => (byte)(short)a;

    /// <summary>The exact value as m × 2^e for the formatter (finite, non-negative magnitude).</summary>
    internal (ulong Mantissa, int Exponent) ExactMagnitude => Parts;

    public override string ToString() => ((double)this).ToString("R", System.Globalization.CultureInfo.InvariantCulture);
}
