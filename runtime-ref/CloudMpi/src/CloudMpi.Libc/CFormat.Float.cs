using System.Numerics;

namespace CloudMpi.Libc;

/// <summary>
/// %f %F %e %E %g %G %a %A, correctly rounded from the exact binary value with
/// round-half-even on exact ties (glibc under the default rounding mode).
/// </summary>
public static partial class CFormat
{
    private static void FormatFloat(ByteSink sink, in FormatSpec spec, double value)
    {
        long bits = BitConverter.DoubleToInt64Bits(value);
        bool negative = bits < 0;
        char conv = spec.Conversion;
        bool upper = conv is 'F' or 'E' or 'G' or 'A';
        string sign = spec.SignChar(negative) is var s && s != '\0' ? s.ToString() : "";

        if (!double.IsFinite(value))
        {
            string text = double.IsNaN(value) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
            Emit(sink, in spec, sign, 0, System.Text.Encoding.ASCII.GetBytes(text), zeroPad: false);
            return;
        }

        var exact = ExactDecimal.From(Math.Abs(value));
        byte[] body = conv switch
        {
            'f' or 'F' => FixedBody(exact, spec.Precision < 0 ? 6 : spec.Precision, spec.Alt),
            'e' or 'E' => ExponentBody(exact, spec.Precision < 0 ? 6 : spec.Precision, spec.Alt, upper),
            'g' or 'G' => GeneralBody(exact, spec.Precision, spec.Alt, upper),
            _ => HexBody(Math.Abs(value), spec.Precision, spec.Alt, upper),
        };

        if (conv is 'a' or 'A') sign += upper ? "0X" : "0x";
        Emit(sink, in spec, sign, 0, body, zeroPad: spec.Zero);
    }

    /// <summary>
    /// %Lf %Le %Lg %La of a long double (<see cref="CLongDouble"/>): the same exact decimal rounding from its 64-bit
    /// significand; %La as glibc prints the x87 format, the integer bit as the leading hex digit's top bit
    /// (1.0L is 0x8p-3).
    /// </summary>
    private static void FormatLongDouble(ByteSink sink, in FormatSpec spec, CLongDouble value)
    {
        char conv = spec.Conversion;
        bool upper = conv is 'F' or 'E' or 'G' or 'A';
        string sign = spec.SignChar(value.IsNegative) is var s && s != '\0' ? s.ToString() : "";
        if (!value.IsFinite)
        {
            string text = value.IsNaN ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
            Emit(sink, in spec, sign, 0, System.Text.Encoding.ASCII.GetBytes(text), zeroPad: false);
            return;
        }

        var (mantissa, e2) = value.ExactMagnitude;
        var exact = ExactDecimal.From(mantissa, e2);
        byte[] body = conv switch
        {
            'f' or 'F' => FixedBody(exact, spec.Precision < 0 ? 6 : spec.Precision, spec.Alt),
            'e' or 'E' => ExponentBody(exact, spec.Precision < 0 ? 6 : spec.Precision, spec.Alt, upper),
            'g' or 'G' => GeneralBody(exact, spec.Precision, spec.Alt, upper),
            _ => LongDoubleHexBody(mantissa, e2, spec.Precision, spec.Alt, upper),
        };

        if (conv is 'a' or 'A') sign += upper ? "0X" : "0x";
        Emit(sink, in spec, sign, 0, body, zeroPad: spec.Zero);
    }

    /// <summary>
    /// h.hhhp±d of m × 2^e2 as glibc's x87 %La: the 64-bit significand as 16 hex digits, its first (holding the integer
    /// bit) before the point, the exponent that of that digit's last bit; trailing zero digits dropped; rounded
    /// to nearest, ties to even, when a precision cuts digits (a carry past the first digit's four bits renormalizes).
    /// </summary>
    private static byte[] LongDoubleHexBody(ulong mantissa, int e2, int precision, bool alt, bool upper)
    {
        int exponent = mantissa == 0 ? 0 : e2 + 60;  // the leading digit is m's top 4 bits: bits 60-63
        int digitsCount = 15;
        if (precision < 0)
        {
            while (digitsCount > 0 && ((mantissa >> (4 * (15 - digitsCount))) & 0xF) == 0) digitsCount--;
        }
        else if (precision < 15)
        {
            digitsCount = precision;
            int dropped = 60 - 4 * precision;
            UInt128 kept = mantissa >> dropped;
            ulong rest = mantissa & ((1UL << dropped) - 1);
            ulong half = 1UL << (dropped - 1);
            if (rest > half || (rest == half && (kept & 1) == 1)) kept++;
            if (kept >> (4 + 4 * precision) != 0)
            {
                kept >>= 1;  // 0xf.f rounded up: one bit longer, so one bit down and the exponent up
                exponent++;
            }
            mantissa = (ulong)(kept << dropped);
        }
        else
        {
            digitsCount = precision;
        }

        string hexDigits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
        var b = new System.Text.StringBuilder(digitsCount + 12);
        b.Append(hexDigits[(int)(mantissa >> 60)]);
        if (digitsCount > 0 || alt) b.Append('.');
        for (int j = 0; j < digitsCount; j++)
        {
            int shift = 56 - 4 * j;
            b.Append(shift >= 0 ? hexDigits[(int)((mantissa >> shift) & 0xF)] : '0');
        }

        b.Append(upper ? 'P' : 'p');
        b.Append(exponent < 0 ? '-' : '+');
        b.Append(Math.Abs(exponent));
        return System.Text.Encoding.ASCII.GetBytes(b.ToString());
    }

    /// <summary>ddd.ddd with <paramref name="precision"/> fraction digits.</summary>
    private static byte[] FixedBody(ExactDecimal x, int precision, bool alt) =>
        FixedBody(x.RoundScaledDigits(precision), precision, alt);

    /// <summary>The fixed body of round(value × 10^precision), given as its decimal digits.</summary>
    private static byte[] FixedBody(string digits, int precision, bool alt)
    {
        if (digits.Length <= precision) digits = new string('0', precision + 1 - digits.Length) + digits;
        int intLen = digits.Length - precision;
        var result = new byte[digits.Length + (precision > 0 || alt ? 1 : 0)];
        int k = 0;
        for (int j = 0; j < intLen; j++) result[k++] = (byte)digits[j];
        if (precision > 0 || alt) result[k++] = (byte)'.';
        for (int j = intLen; j < digits.Length; j++) result[k++] = (byte)digits[j];
        return result;
    }

    /// <summary>d.ddde±XX with <paramref name="precision"/> fraction digits.</summary>
    private static byte[] ExponentBody(ExactDecimal x, int precision, bool alt, bool upper)
    {
        var (digits, exponent) = x.RoundSignificant(precision + 1);
        return ExponentBody(digits, exponent, precision > 0 || alt, upper);
    }

    private static byte[] ExponentBody(string digits, int exponent, bool point, bool upper)
    {
        var b = new System.Text.StringBuilder(digits.Length + 8);
        b.Append(digits[0]);
        if (point) b.Append('.');
        b.Append(digits, 1, digits.Length - 1);
        b.Append(upper ? 'E' : 'e');
        b.Append(exponent < 0 ? '-' : '+');
        int a = Math.Abs(exponent);
        if (a < 10) b.Append('0');
        b.Append(a);
        return System.Text.Encoding.ASCII.GetBytes(b.ToString());
    }

    private static byte[] GeneralBody(ExactDecimal x, int precision, bool alt, bool upper)
    {
        int p = precision < 0 ? 6 : precision == 0 ? 1 : precision;
        var (digits, exponent) = x.RoundSignificant(p);
        if (exponent < p && exponent >= -4)
        {
            // digits is round(value × 10^(p - 1 - exponent)) (RoundSignificant): the fixed style's digits too
            byte[] fixedBody = FixedBody(digits, p - 1 - exponent, alt);
            return alt ? fixedBody : StripFraction(fixedBody, fixedBody.Length);
        }

        if (alt && exponent == p && x.Exponent == p - 1)
        {
            // glibc quirk: it picks the fixed style from the unrounded exponent; when rounding to
            // no fraction digits carries into a new digit it switches to the exponent style but
            // keeps zero fraction digits, so %#.4g of 9999.9995 prints "1.e+04".
            return ExponentBody("1", exponent, point: true, upper);
        }

        if (!alt)
        {
            int end = digits.Length;
            while (end > 1 && digits[end - 1] == '0') end--;
            digits = digits[..end];
        }

        return ExponentBody(digits, exponent, digits.Length > 1 || alt, upper);
    }

    /// <summary>Removes trailing zeros of the fraction, and the point if nothing follows it.</summary>
    private static byte[] StripFraction(byte[] body, int end)
    {
        if (Array.IndexOf(body, (byte)'.') < 0) return body;
        while (end > 0 && body[end - 1] == '0') end--;
        if (end > 0 && body[end - 1] == '.') end--;
        return body[..end];
    }

    /// <summary>h.hhhp±d (glibc: leading digit 1 for normal numbers, 0 for subnormals and zero).</summary>
    private static byte[] HexBody(double abs, int precision, bool alt, bool upper)
    {
        long bits = BitConverter.DoubleToInt64Bits(abs);
        int biased = (int)(bits >> 52) & 0x7FF;
        ulong fraction = (ulong)bits & ((1UL << 52) - 1);
        ulong leading;
        int exponent;
        if (biased == 0)
        {
            leading = 0;
            exponent = fraction == 0 ? 0 : -1022;
        }
        else
        {
            leading = 1;
            exponent = biased - 1023;
        }

        int digitsCount;
        if (precision < 0)
        {
            digitsCount = 13;
            while (digitsCount > 0 && ((fraction >> (4 * (13 - digitsCount))) & 0xF) == 0) digitsCount--;
        }
        else if (precision < 13)
        {
            digitsCount = precision;
            int dropped = 52 - 4 * precision;
            ulong full = (leading << 52) | fraction;
            ulong kept = full >> dropped;
            ulong rest = full & ((1UL << dropped) - 1);
            ulong half = 1UL << (dropped - 1);
            bool roundUp = rest > half || (rest == half && (kept & 1) == 1);
            if (roundUp) kept++;
            leading = kept >> (4 * precision);
            fraction = (kept & ((1UL << (4 * precision)) - 1)) << dropped;
        }
        else
        {
            digitsCount = precision;
        }

        string hexDigits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
        var b = new System.Text.StringBuilder(digitsCount + 12);
        b.Append(hexDigits[(int)leading]);
        if (digitsCount > 0 || alt) b.Append('.');
        for (int j = 0; j < digitsCount; j++)
        {
            int shift = 48 - 4 * j;
            b.Append(shift >= 0 ? hexDigits[(int)((fraction >> shift) & 0xF)] : '0');
        }

        b.Append(upper ? 'P' : 'p');
        b.Append(exponent < 0 ? '-' : '+');
        b.Append(Math.Abs(exponent));
        return System.Text.Encoding.ASCII.GetBytes(b.ToString());
    }

    /// <summary>
    /// A non-negative finite double m × 2^e2, rounded to decimal exactly. Work is proportional to the
    /// digits asked for: 128-bit integers when they suffice, BigInteger otherwise.
    /// </summary>
    private readonly struct ExactDecimal
    {
        private readonly ulong _mantissa;
        private readonly int _e2;

        private ExactDecimal(ulong mantissa, int e2)
        {
            _mantissa = mantissa;
            _e2 = e2;
        }

        /// <summary>m × 2^e2 (a long double's significand and exponent).</summary>
        public static ExactDecimal From(ulong mantissa, int e2)
        {
            if (mantissa == 0) return new ExactDecimal(0, 0);
            int tz = BitOperations.TrailingZeroCount(mantissa);
            return new ExactDecimal(mantissa >> tz, e2 + tz);
        }

        public static ExactDecimal From(double abs)
        {
            long bits = BitConverter.DoubleToInt64Bits(abs);
            int biased = (int)(bits >> 52) & 0x7FF;
            ulong mantissa = (ulong)bits & ((1UL << 52) - 1);
            int e2;
            if (biased == 0)
            {
                e2 = -1074;
            }
            else
            {
                mantissa |= 1UL << 52;
                e2 = biased - 1075;
            }

            if (mantissa == 0) return new ExactDecimal(0, 0);
            int tz = BitOperations.TrailingZeroCount(mantissa);
            return new ExactDecimal(mantissa >> tz, e2 + tz);
        }

        private bool IsZero => _mantissa == 0;

        /// <summary>The decimal exponent of the first significant digit of the exact (unrounded) value; 0 for zero.</summary>
        public int Exponent
        {
            get
            {
                if (IsZero) return 0;
                // m × 2^e2 = D × 10^-scale with D = m × 5^scale (or m × 2^e2 when e2 ≥ 0).
                BigInteger d = _e2 >= 0 ? new BigInteger(_mantissa) << _e2 : new BigInteger(_mantissa) * BigInteger.Pow(5, -_e2);
                int scale = _e2 >= 0 ? 0 : -_e2;
                return d.ToString(System.Globalization.CultureInfo.InvariantCulture).Length - 1 - scale;
            }
        }

        /// <summary>The decimal digits of <see cref="RoundScaled"/>: without a BigInteger when 128 bits hold them.</summary>
        public string RoundScaledDigits(int t) =>
            !IsZero && TryRoundScaledSmall(t, out UInt128 small)
                ? small.ToString(System.Globalization.CultureInfo.InvariantCulture)
                : RoundScaled(t).ToString(System.Globalization.CultureInfo.InvariantCulture);

        /// <summary>round(value × 10^t), ties to even, for any t.</summary>
        public BigInteger RoundScaled(int t)
        {
            if (IsZero) return BigInteger.Zero;
            if (TryRoundScaledSmall(t, out UInt128 small)) return (BigInteger)small;

            // value × 10^t = m × 5^t × 2^(e2 + t)
            int shift = _e2 + t;
            if (t >= 0)
            {
                var n = new BigInteger(_mantissa) * BigInteger.Pow(5, t);
                return shift >= 0 ? n << shift : RoundShiftRight(n, -shift);
            }

            var den = BigInteger.Pow(5, -t);
            return shift >= 0
                ? RoundDiv(new BigInteger(_mantissa) << shift, den)
                : RoundDiv(new BigInteger(_mantissa), den << -shift);
        }

        private bool TryRoundScaledSmall(int t, out UInt128 result)
        {
            result = 0;
            if (t is > 27 or < -27) return false;
            int shift = _e2 + t;
            if (t >= 0)
            {
                UInt128 n = (UInt128)_mantissa * Pow5(t); // < 2^53 × 2^63
                if (shift >= 0)
                {
                    if (shift + BitLength(n) > 127) return false;
                    result = n << shift;
                    return true;
                }

                if (-shift > 126) return false;
                int s = -shift;
                UInt128 q = n >> s;
                UInt128 rest = n - (q << s);
                UInt128 half = UInt128.One << (s - 1);
                if (rest > half || (rest == half && (q & 1) == 1)) q++;
                result = q;
                return true;
            }

            ulong den5 = Pow5(-t);
            UInt128 num, den;
            if (shift >= 0)
            {
                if (shift + BitLength(_mantissa) > 127) return false;
                num = (UInt128)_mantissa << shift;
                den = den5;
            }
            else
            {
                if (-shift + BitLength(den5) > 126) return false;
                num = _mantissa;
                den = (UInt128)den5 << -shift;
            }

            UInt128 quotient = num / den;
            UInt128 remainder = num - quotient * den;
            UInt128 twice = remainder << 1;
            if (twice > den || (twice == den && (quotient & 1) == 1)) quotient++;
            result = quotient;
            return true;
        }

        private static ulong Pow5(int k)
        {
            ulong p = 1;
            for (int i = 0; i < k; i++) p *= 5;
            return p;
        }

        private static int BitLength(UInt128 v) => 128 - (int)UInt128.LeadingZeroCount(v);

        /// <summary>The value rounded to <paramref name="significant"/> digits: the digit string and the decimal exponent of its first digit.</summary>
        public (string Digits, int Exponent) RoundSignificant(int significant)
        {
            if (IsZero) return (new string('0', significant), 0);
            double approx = Math.ScaleB((double)_mantissa, _e2);
            // a long double beyond double's range: the estimate from the binary exponent (the search corrects it)
            int exponent = double.IsNormal(approx)
                ? (int)Math.Floor(Math.Log10(approx))
                : (int)Math.Floor((Math.Log2(_mantissa) + _e2) * 0.30102999566398120);
            // 10^19 < 2^64: up to 19 digits the search's bounds and digits fit 128-bit integers, when the scaling does
            if (significant <= MaxSmallSignificant && TrySearch<UInt128, InUInt128>(new InUInt128(this), significant, exponent, out var small))
                return small;
            if (TrySearch<BigInteger, InBigInteger>(new InBigInteger(this), significant, exponent, out var exact))
                return exact;
            throw new InvalidOperationException("printf: decimal exponent search did not converge");
        }

        private const int MaxSmallSignificant = 19;

        /// <summary>
        /// From an estimate of the exponent, the one whose rounding to <paramref name="significant"/> digits has that
        /// many digits, in the integers of <paramref name="round"/>; false when they cannot hold a step's value.
        /// </summary>
        private static bool TrySearch<T, TRounding>(TRounding round, int significant, int exponent, out (string Digits, int Exponent) result)
            where T : IBinaryInteger<T> where TRounding : struct, IScaledRounding<T>
        {
            result = default;
            T ten = T.CreateTruncating(10), low = T.One;
            for (int i = 1; i < significant; i++) low *= ten;
            T high = low * ten;
            for (int attempt = 0; attempt < 8; attempt++)
            {
                if (!round.TryRound(significant - 1 - exponent, out T q))
                    return false;
                if (q < low)
                {
                    exponent--;
                    continue;
                }

                if (q > high)
                {
                    exponent++;
                    continue;
                }

                if (q == low)
                {
                    // The exponent may be one too high with the value just below 10^exponent rounding up to it:
                    // with one more digit the value either still rounds up (10^(n+1)) or shows its true digits.
                    if (!round.TryRound(significant - exponent, out T below))
                        return false;
                    if (below < high)
                    {
                        result = (Digits(below), exponent - 1);
                        return true;
                    }
                }

                // q == high: rounded up to a power of ten
                result = q == high ? ("1" + new string('0', significant - 1), exponent + 1) : (Digits(q), exponent);
                return true;
            }

            return false;
        }

        private static string Digits<T>(T value) where T : IFormattable =>
            value.ToString(null, System.Globalization.CultureInfo.InvariantCulture);

        /// <summary>round(value × 10^t) in one integer type (a struct, so the search is compiled for each).</summary>
        private interface IScaledRounding<T>
        {
            bool TryRound(int t, out T value);
        }

        private readonly struct InUInt128(ExactDecimal x) : IScaledRounding<UInt128>
        {
            public bool TryRound(int t, out UInt128 value) => x.TryRoundScaledSmall(t, out value);
        }

        private readonly struct InBigInteger(ExactDecimal x) : IScaledRounding<BigInteger>
        {
            public bool TryRound(int t, out BigInteger value)
            {
                value = x.RoundScaled(t);
                return true;
            }
        }

        private static BigInteger RoundShiftRight(BigInteger n, int s)
        {
            var q = n >> s;
            var rest = n - (q << s);
            int c = (rest << 1).CompareTo(BigInteger.One << s);
            if (c > 0 || (c == 0 && !q.IsEven)) q += 1;
            return q;
        }

        private static BigInteger RoundDiv(BigInteger n, BigInteger d)
        {
            var q = BigInteger.DivRem(n, d, out var r);
            int c = (r << 1).CompareTo(d);
            if (c > 0 || (c == 0 && !q.IsEven)) q += 1;
            return q;
        }
    }
}
