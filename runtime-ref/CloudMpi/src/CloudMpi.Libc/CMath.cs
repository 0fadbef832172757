using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace CloudMpi.Libc;

/// <summary>
/// &lt;math.h&gt; functions whose C results .NET's Math does not already give
/// (sqrt, sin, exp, pow ... map to System.Math directly).
/// </summary>
public static partial class CMath
{
    public const double M_PI = Math.PI;
    public const double M_E = Math.E;
    public const double HUGE_VAL = double.PositiveInfinity;
    public const double INFINITY = double.PositiveInfinity;

    /// <summary>C's NAN, a float: a quiet NaN with the sign bit clear (it prints "nan"; .NET's float.NaN has the sign
    /// bit set, as x86's default NaN from 0.0 / 0.0 has, and prints "-nan").</summary>
    public static float NAN => BitConverter.Int32BitsToSingle(0x7FC00000);

    /// <summary>x - n*y with n = trunc(x/y), exactly (the sign of x).</summary>
    public static double fmod(double x, double y) => x % y;

    /// <summary>x = m × 2^exp with |m| in [0.5, 1).</summary>
    public static double frexp(double x, ref int exp)
    {
        exp = 0;
        if (x == 0 || !double.IsFinite(x)) return x;
        long bits = BitConverter.DoubleToInt64Bits(x);
        int biased = (int)(bits >> 52) & 0x7FF;
        if (biased == 0)
        {
            // Subnormal: normalise first.
            x *= 18014398509481984.0; // 2^54
            bits = BitConverter.DoubleToInt64Bits(x);
            biased = (int)(bits >> 52) & 0x7FF;
            exp = -54;
        }

        exp += biased - 1022;
        bits = (bits & unchecked((long)0x800FFFFFFFFFFFFFUL)) | (1022L << 52);
        return BitConverter.Int64BitsToDouble(bits);
    }

    /// <summary>frexp(x, p) with a pointer variable (a `&amp;x` argument is passed by ref).</summary>
    public static double frexp(double x, Ptr<int> exp) => frexp(x, ref exp.Value);

    public static double ldexp(double x, int exp) => Math.ScaleB(x, exp);

    public static double scalbn(double x, int exp) => Math.ScaleB(x, exp);

    /// <summary>Splits x into integral and fractional parts, both with the sign of x.</summary>
    public static double modf(double x, ref double intpart)
    {
        if (double.IsInfinity(x))
        {
            intpart = x;
            return Math.CopySign(0.0, x);
        }

        intpart = Math.Truncate(x);
        if (double.IsNaN(x)) return x;
        return Math.CopySign(x - intpart, x);
    }

    public static double copysign(double x, double y) => Math.CopySign(x, y);

    /// <summary>The larger argument; a NaN argument is ignored (unlike Math.Max).</summary>
    public static double fmax(double x, double y)
    {
        if (double.IsNaN(x)) return y;
        if (double.IsNaN(y)) return x;
        if (x == y) return double.IsNegative(x) ? y : x; // fmax(-0, +0) = +0
        return x > y ? x : y;
    }

    /// <summary>The smaller argument; a NaN argument is ignored (unlike Math.Min).</summary>
    public static double fmin(double x, double y)
    {
        if (double.IsNaN(x)) return y;
        if (double.IsNaN(y)) return x;
        if (x == y) return double.IsNegative(x) ? x : y;
        return x < y ? x : y;
    }

    public static double fdim(double x, double y)
    {
        if (double.IsNaN(x) || double.IsNaN(y)) return x + y;
        return x > y ? x - y : 0.0;
    }

    /// <summary>Rounds half away from zero (Math.Round's default rounds half to even).</summary>
    public static double round(double x)
    {
        if (!double.IsFinite(x)) return x;
        double t = Math.Truncate(x);
        double frac = x - t; // exact
        if (Math.Abs(frac) >= 0.5) t += Math.CopySign(1.0, x);
        return Math.CopySign(t, x);
    }

    public static long lround(double x) => (long)round(x);

    public static long llround(double x) => (long)round(x);

    /// <summary>Rounds to the nearest integer, ties to even (the default rounding mode).</summary>
    public static double rint(double x) => Math.Round(x, MidpointRounding.ToEven);

    public static double nearbyint(double x) => Math.Round(x, MidpointRounding.ToEven);

    public static long lrint(double x) => (long)Math.Round(x, MidpointRounding.ToEven);

    public static double trunc(double x) => Math.Truncate(x);

    /// <summary>
    /// C's <c>(double)(int)x</c> (or through any integer type): the integer part of x, for every x the
    /// integer type holds (C leaves the others undefined). One rounding instruction, where C#'s
    /// <c>(double)(int)x</c> is a saturating conversion there and back; adding +0.0 turns the -0.0
    /// that truncating -1 &lt; x &lt; 0 gives into the +0.0 the integer 0 converts to.
    /// </summary>
    public static double IntPart(double x) => Math.Truncate(x) + 0.0;

    /// <summary><c>(float)(int)x</c> for a float x: see <see cref="IntPart(double)"/>.</summary>
    public static float IntPart(float x) => MathF.Truncate(x) + 0.0f;

    /// <summary>
    /// C's <c>(unsigned long)x</c> of a double at run time, as gcc's x86-64 code computes it (SSE2 has no unsigned
    /// conversion): below 2^63 (and for a NaN) the signed conversion, cvttsd2si, whose result for a value outside long
    /// is 2^63; from 2^63 the signed conversion of x - 2^63 with the top bit flipped. So -1.5 gives 2^64 - 1, a NaN or
    /// -1e30 gives 2^63, 1e30 and +inf give 0, where C leaves these undefined and C#'s cast saturates (0, 2^64 - 1)
    /// or, with AVX-512's vcvttsd2usi under ConvertToIntegerNative, gives 2^64 - 1.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ToUnsignedLong(double x) => x >= 9223372036854775808.0
        ? (ulong)double.ConvertToIntegerNative<long>(x - 9223372036854775808.0) ^ 0x8000000000000000UL
        : (ulong)double.ConvertToIntegerNative<long>(x);

    /// <summary><c>(unsigned long)x</c> of a float: gcc's comiss, subss and cvttss2si, as for a double.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ToUnsignedLong(float x) => x >= 9223372036854775808.0f
        ? (ulong)float.ConvertToIntegerNative<long>(x - 9223372036854775808.0f) ^ 0x8000000000000000UL
        : (ulong)float.ConvertToIntegerNative<long>(x);

    /// <summary>
    /// C's <c>x &gt; y ? x : y</c> of two doubles (the MAX macro, a <c>larger(a, b)</c> function), without a branch:
    /// x86's maxsd is defined as exactly that (y when either is a NaN, y when both are zeros), and gcc -O2 makes the
    /// expression that one instruction. The JIT compiles the conditional to a compare and a jump, mispredicted about
    /// every other time on data without order (NPB EP's annulus index, <c>(int)larger(fabs(t3), fabs(t4))</c>).
    /// Math.Max is not the same function (a NaN wins, +0 &gt; -0).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static double IfGreater(double x, double y) =>
        Sse2.IsSupported ? Sse2.MaxScalar(Vector128.CreateScalarUnsafe(x), Vector128.CreateScalarUnsafe(y)).ToScalar()
        : x > y ? x : y;

    /// <summary>C's <c>x &lt; y ? x : y</c> of two doubles, one minsd: see <see cref="IfGreater(double, double)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static double IfLess(double x, double y) =>
        Sse2.IsSupported ? Sse2.MinScalar(Vector128.CreateScalarUnsafe(x), Vector128.CreateScalarUnsafe(y)).ToScalar()
        : x < y ? x : y;

    /// <summary>C's <c>x &gt; y ? x : y</c> of two floats, one maxss: see <see cref="IfGreater(double, double)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static float IfGreater(float x, float y) =>
        Sse.IsSupported ? Sse.MaxScalar(Vector128.CreateScalarUnsafe(x), Vector128.CreateScalarUnsafe(y)).ToScalar()
        : x > y ? x : y;

    /// <summary>C's <c>x &lt; y ? x : y</c> of two floats, one minss: see <see cref="IfGreater(double, double)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static float IfLess(float x, float y) =>
        Sse.IsSupported ? Sse.MinScalar(Vector128.CreateScalarUnsafe(x), Vector128.CreateScalarUnsafe(y)).ToScalar()
        : x < y ? x : y;

    public static double cbrt(double x) => Math.Cbrt(x);

    public static double exp2(double x) => Libm.Available ? Libm.exp2(x) : Math.Pow(2.0, x);

    // float versions: each is exact through double (one rounding of an exact or correctly rounded result),
    // hypotf too: glibc computes it in double and rounds once, as here
    public static float fmaxf(float x, float y) => (float)fmax(x, y);

    public static float fminf(float x, float y) => (float)fmin(x, y);

    public static float roundf(float x) => (float)round(x);

    public static float fmodf(float x, float y) => x % y;

    public static float hypotf(float x, float y) => (float)Math.Sqrt((double)x * x + (double)y * y);

    public static double log2(double x) => x < 0 ? DomainNaN : Math.Log2(x);

    /// <summary>glibc's log: of a number below zero the NaN with the sign bit set ("-nan"), where .NET's is positive.</summary>
    public static double log(double x) => x < 0 ? DomainNaN : Math.Log(x);

    // What glibc's log and log2 return outside their domain (computed as (x - x) / 0 there): printf shows "-nan".
    private static double DomainNaN => BitConverter.Int64BitsToDouble(unchecked((long)0xFFF8000000000000UL));

    public static double hypot(double x, double y) => Libm.Available ? Libm.hypot(x, y) : double.Hypot(x, y);

    public static double expm1(double x) => Libm.Available ? Libm.expm1(x) : ManagedExpm1(x);

    public static double log1p(double x) => Libm.Available ? Libm.log1p(x) : ManagedLog1p(x);

    public static double erf(double x) => Libm.Available ? Libm.erf(x) : throw Unavailable(nameof(erf));

    public static double erfc(double x) => Libm.Available ? Libm.erfc(x) : throw Unavailable(nameof(erfc));

    public static double tgamma(double x) => Libm.Available ? Libm.tgamma(x) : throw Unavailable(nameof(tgamma));

    /// <summary>glibc's lgamma, which also sets signgam: computed by lgamma_r, whose sign goes to the calling rank's
    /// signgam (libm's own global would be one for all ranks, which are threads of one process).</summary>
    public static double lgamma(double x)
    {
        if (!Libm.Available)
            throw Unavailable(nameof(lgamma));
        double r = Libm.lgamma_r(x, out int sign);
        LibcState.Current.Signgam = sign;
        return r;
    }

    /// <summary>lgammaf: glibc's float version (its own rounding), setting signgam as lgamma does.</summary>
    public static float lgammaf(float x)
    {
        if (!Libm.Available)
            throw Unavailable(nameof(lgammaf));
        float r = Libm.lgammaf_r(x, out int sign);
        LibcState.Current.Signgam = sign;
        return r;
    }

    /// <summary>math.h's signgam (X/Open): the sign of the gamma function at the rank's last lgamma argument.</summary>
    public static int signgam
    {
        get => LibcState.Current.Signgam;
        set => LibcState.Current.Signgam = value;
    }

    public static double modf(double x, Ptr<double> intpart) => modf(x, ref intpart.Value);

    /// <summary>modf for floats: exact in float, as every part of a float is a float.</summary>
    public static float modff(float x, ref float intpart)
    {
        double whole = 0;
        float fraction = (float)modf(x, ref whole);
        intpart = (float)whole;
        return fraction;
    }

    public static float modff(float x, Ptr<float> intpart) => modff(x, ref intpart.Value);

    public static long llrint(double x) => lrint(x);

    /// <summary>The next double after x toward y (y itself when they are equal, as C says).</summary>
    public static double nextafter(double x, double y)
    {
        if (double.IsNaN(x) || double.IsNaN(y)) return x + y;
        if (x == y) return y;
        return y > x ? Math.BitIncrement(x) : Math.BitDecrement(x);
    }

    public static float nextafterf(float x, float y)
    {
        if (float.IsNaN(x) || float.IsNaN(y)) return x + y;
        if (x == y) return y;
        return y > x ? MathF.BitIncrement(x) : MathF.BitDecrement(x);
    }

    /// <summary>glibc's ilogb on x86-64: the binary exponent; INT_MIN for 0 and NaN (FP_ILOGB0, FP_ILOGBNAN), INT_MAX
    /// for infinities.</summary>
    public static int ilogb(double x)
    {
        if (x == 0 || double.IsNaN(x)) return int.MinValue;
        if (double.IsInfinity(x)) return int.MaxValue;
        return Math.ILogB(x);
    }

    /// <summary>nan("..."): glibc's quiet NaN with a positive sign (the payload string is ignored; glibc's "" and
    /// decimal payloads print the same).</summary>
    public static double nan(Ptr<sbyte> tag) => NAN;

    public static double nan(string tag) => NAN;

    public static bool isnan(double x) => double.IsNaN(x);

    public static bool isinf(double x) => double.IsInfinity(x);

    public static bool isfinite(double x) => double.IsFinite(x);

    public static bool signbit(double x) => double.IsNegative(x);

    // What glibc's classification macros (isnan, isinf, isfinite, isnormal, signbit, fpclassify) expand to
    // under clang: compiler builtins with C's int results. A float argument widens to double exactly.
    public static int __builtin_isnan(double x) => double.IsNaN(x) ? 1 : 0;

    public static int __builtin_isinf(double x) => double.IsInfinity(x) ? 1 : 0;

    /// <summary>-1 for -inf, 1 for +inf, else 0 (glibc's isinf).</summary>
    public static int __builtin_isinf_sign(double x) => double.IsInfinity(x) ? (x < 0 ? -1 : 1) : 0;

    public static int __builtin_isfinite(double x) => double.IsFinite(x) ? 1 : 0;

    public static int __builtin_isnormal(double x) => double.IsNormal(x) ? 1 : 0;

    public static int __builtin_signbit(double x) => double.IsNegative(x) ? 1 : 0;

    public static int __builtin_signbitf(float x) => float.IsNegative(x) ? 1 : 0;

    public static int __builtin_signbitl(double x) => __builtin_signbit(x);

    // The same builtins of a long double (gcc's x87 80-bit type, CLongDouble): its own classes, not a double's
    // (1e-4000L is normal here, 0 as a double).
    public static int __builtin_isnan(CLongDouble x) => x.IsNaN ? 1 : 0;

    public static int __builtin_isinf(CLongDouble x) => x.IsInfinity ? 1 : 0;

    public static int __builtin_isinf_sign(CLongDouble x) => x.IsInfinity ? (x.IsNegative ? -1 : 1) : 0;

    public static int __builtin_isfinite(CLongDouble x) => x.IsFinite ? 1 : 0;

    public static int __builtin_isnormal(CLongDouble x) => IsNormal(x) ? 1 : 0;

    public static int __builtin_signbit(CLongDouble x) => x.IsNegative ? 1 : 0;

    public static int __builtin_signbitl(CLongDouble x) => x.IsNegative ? 1 : 0;

    public static int __builtin_fpclassify(int nan, int infinite, int normal, int subnormal, int zero, CLongDouble x) =>
        x.IsNaN ? nan : x.IsInfinity ? infinite : x.IsZero ? zero : IsNormal(x) ? normal : subnormal;

    private static bool IsNormal(CLongDouble x) => x.IsFinite && (x.SignExponent & 0x7FFF) != 0 && (x.Significand >> 63) != 0;

    /// <summary>__builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x): the class's value.</summary>
    public static int __builtin_fpclassify(int nan, int infinite, int normal, int subnormal, int zero, double x) =>
        double.IsNaN(x) ? nan : double.IsInfinity(x) ? infinite : x == 0 ? zero : double.IsSubnormal(x) ? subnormal : normal;

    // Kahan's expm1 from exp: exact enough where libm is missing.
    private static double ManagedExpm1(double x)
    {
        double u = Math.Exp(x);
        if (u == 1.0) return x;
        double um1 = u - 1.0;
        if (um1 == -1.0) return -1.0;
        if (double.IsInfinity(u)) return u;
        return um1 * x / Math.Log(u);
    }

    // Goldberg's log1p from log.
    private static double ManagedLog1p(double x)
    {
        double u = 1.0 + x;
        if (u == 1.0) return x;
        if (double.IsInfinity(u)) return u;
        return Math.Log(u) * x / (u - 1.0);
    }

    private static PlatformNotSupportedException Unavailable(string name) =>
        new($"{name}: the C math library (libm.so.6) is not available on this platform");

    /// <summary>glibc's libm, so results are those the native program gets.</summary>
    internal static class Libm
    {
        private const string Library = "libm.so.6";

        public static readonly bool Available = Probe();

        private static bool Probe()
        {
            if (!OperatingSystem.IsLinux()) return false;
            try
            {
                return NativeLibrary.TryLoad(Library, out _) && !double.IsNaN(log1p(0.5));
            }
            catch (DllNotFoundException)
            {
                return false;
            }
            catch (EntryPointNotFoundException)
            {
                return false;
            }
        }

        [DllImport(Library)]
        public static extern double hypot(double x, double y);

        [DllImport(Library)]
        public static extern double expm1(double x);

        [DllImport(Library)]
        public static extern double exp2(double x);

        [DllImport(Library)] public static extern CComplex cexp(CComplex z);
        [DllImport(Library)] public static extern CComplex clog(CComplex z);
        [DllImport(Library)] public static extern CComplex csqrt(CComplex z);
        [DllImport(Library)] public static extern CComplex cpow(CComplex z, CComplex w);
        [DllImport(Library)] public static extern CComplex csin(CComplex z);
        [DllImport(Library)] public static extern CComplex ccos(CComplex z);
        [DllImport(Library)] public static extern CComplex ctan(CComplex z);
        [DllImport(Library)] public static extern CComplex csinh(CComplex z);
        [DllImport(Library)] public static extern CComplex ccosh(CComplex z);
        [DllImport(Library)] public static extern CComplex ctanh(CComplex z);
        [DllImport(Library)] public static extern CComplex casin(CComplex z);
        [DllImport(Library)] public static extern CComplex cacos(CComplex z);
        [DllImport(Library)] public static extern CComplex catan(CComplex z);
        [DllImport(Library)] public static extern float cabsf(CComplexF z);
        [DllImport(Library)] public static extern float cargf(CComplexF z);
        [DllImport(Library)] public static extern CComplexF cexpf(CComplexF z);
        [DllImport(Library)] public static extern CComplexF clogf(CComplexF z);
        [DllImport(Library)] public static extern CComplexF csqrtf(CComplexF z);
        [DllImport(Library)] public static extern CComplexF cpowf(CComplexF z, CComplexF w);
        [DllImport(Library)] public static extern CComplexF csinf(CComplexF z);
        [DllImport(Library)] public static extern CComplexF ccosf(CComplexF z);
        [DllImport(Library)] public static extern CComplexF ctanf(CComplexF z);

        [DllImport(Library)]
        public static extern double log1p(double x);

        [DllImport(Library)]
        public static extern double erf(double x);

        [DllImport(Library)]
        public static extern double erfc(double x);

        [DllImport(Library)]
        public static extern double tgamma(double x);

        [DllImport(Library)]
        public static extern double lgamma_r(double x, out int sign);

        [DllImport(Library)]
        public static extern float lgammaf_r(float x, out int sign);
    }
}
