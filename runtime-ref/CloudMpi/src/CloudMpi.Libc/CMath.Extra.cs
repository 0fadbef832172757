using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

/// <summary>
/// The rest of C99's and glibc's &lt;math.h&gt; that legacy scientific codes call: the float versions beyond
/// MathF's, Bessel functions, logb, remquo, scalbln, drem and significand. Each is glibc's own (libm.so.6), so a port
/// prints the native program's last digits; the exact ones (copysignf, frexpf, lroundf...) are computed here.
/// </summary>
public static partial class CMath
{
    public static float acoshf(float x) => Libm.Available ? LibmExtra.acoshf(x) : MathF.Acosh(x);

    public static float asinhf(float x) => Libm.Available ? LibmExtra.asinhf(x) : MathF.Asinh(x);

    public static float atanhf(float x) => Libm.Available ? LibmExtra.atanhf(x) : MathF.Atanh(x);

    public static float erff(float x) => Libm.Available ? LibmExtra.erff(x) : throw Unavailable(nameof(erff));

    public static float erfcf(float x) => Libm.Available ? LibmExtra.erfcf(x) : throw Unavailable(nameof(erfcf));

    public static float exp2f(float x) => Libm.Available ? LibmExtra.exp2f(x) : MathF.Pow(2f, x);

    public static float expm1f(float x) => Libm.Available ? LibmExtra.expm1f(x) : throw Unavailable(nameof(expm1f));

    public static float log1pf(float x) => Libm.Available ? LibmExtra.log1pf(x) : throw Unavailable(nameof(log1pf));

    public static float tgammaf(float x) => Libm.Available ? LibmExtra.tgammaf(x) : throw Unavailable(nameof(tgammaf));

    /// <summary>The unbiased exponent as a double (-inf for 0, inf for inf, NaN for NaN; subnormals normalized).</summary>
    public static double logb(double x) => Libm.Available ? LibmExtra.logb(x) : throw Unavailable(nameof(logb));

    public static float logbf(float x) => Libm.Available ? LibmExtra.logbf(x) : throw Unavailable(nameof(logbf));

    /// <summary>glibc's ilogbf: as ilogb, the float widened exactly.</summary>
    public static int ilogbf(float x) => ilogb(x);

    // rintf and nearbyintf round to even in the default rounding mode, which a port never leaves
    public static float rintf(float x) => MathF.Round(x, MidpointRounding.ToEven);

    public static float nearbyintf(float x) => MathF.Round(x, MidpointRounding.ToEven);

    public static long lrintf(float x) => lrint(x);

    public static long llrintf(float x) => lrint(x);

    public static long lroundf(float x) => lround(x);

    public static long llroundf(float x) => lround(x);

    public static float copysignf(float x, float y) => MathF.CopySign(x, y);

    public static float fdimf(float x, float y) => (float)fdim(x, y);

    /// <summary>frexpf: exact through frexp (a float's mantissa and exponent are a double's).</summary>
    public static float frexpf(float x, ref int exp) => (float)frexp(x, ref exp);

    public static float frexpf(float x, Ptr<int> exp) => frexpf(x, ref exp.Value);

    public static float scalbnf(float x, int exp) => MathF.ScaleB(x, exp);

    /// <summary>scalbln: scalbn with a long count (a count beyond int overflows or underflows either way).</summary>
    public static double scalbln(double x, long exp) => Math.ScaleB(x, (int)Math.Clamp(exp, -100000L, 100000L));

    public static float scalblnf(float x, long exp) => MathF.ScaleB(x, (int)Math.Clamp(exp, -100000L, 100000L));

    public static float nanf(Ptr<sbyte> tag) => NAN;

    public static float nanf(string tag) => NAN;

    public static float remainderf(float x, float y) =>
        Libm.Available ? LibmExtra.remainderf(x, y) : (float)Math.IEEERemainder(x, y);

    /// <summary>remquo: the remainder as remainder() gives it, and in *quo the sign and low bits of the quotient
    /// (glibc's: three bits).</summary>
    public static double remquo(double x, double y, ref int quo) =>
        Libm.Available ? LibmExtra.remquo(x, y, out quo) : throw Unavailable(nameof(remquo));

    public static double remquo(double x, double y, Ptr<int> quo) => remquo(x, y, ref quo.Value);

    public static float remquof(float x, float y, ref int quo) =>
        Libm.Available ? LibmExtra.remquof(x, y, out quo) : throw Unavailable(nameof(remquof));

    public static float remquof(float x, float y, Ptr<int> quo) => remquof(x, y, ref quo.Value);

    /// <summary>drem: BSD's name of remainder.</summary>
    public static double drem(double x, double y) => Math.IEEERemainder(x, y);

    public static float dremf(float x, float y) => remainderf(x, y);

    /// <summary>significand: x scaled into [1, 2) (glibc's scalb(x, -ilogb(x))).</summary>
    public static double significand(double x) => Libm.Available ? LibmExtra.significand(x) : throw Unavailable(nameof(significand));

    /// <summary>exp10(x) (GNU's 10^x, pow10's successor): glibc's own, whose last digit differs from pow(10, x)'s.</summary>
    public static double exp10(double x) => Libm.Available ? LibmExtra.exp10(x) : throw Unavailable(nameof(exp10));

    public static float exp10f(float x) => Libm.Available ? LibmExtra.exp10f(x) : throw Unavailable(nameof(exp10f));

    /// <summary>lgamma_r: lgamma with the sign of gamma stored through sign (not in signgam).</summary>
    public static double lgamma_r(double x, ref int sign) =>
        Libm.Available ? Libm.lgamma_r(x, out sign) : throw Unavailable(nameof(lgamma_r));

    public static double lgamma_r(double x, Ptr<int> sign) => lgamma_r(x, ref sign.Value);

    // Bessel functions of the first (j) and second (y) kinds (X/Open), glibc's
    public static double j0(double x) => Libm.Available ? LibmExtra.j0(x) : throw Unavailable(nameof(j0));

    public static double j1(double x) => Libm.Available ? LibmExtra.j1(x) : throw Unavailable(nameof(j1));

    public static double jn(int n, double x) => Libm.Available ? LibmExtra.jn(n, x) : throw Unavailable(nameof(jn));

    public static double y0(double x) => Libm.Available ? LibmExtra.y0(x) : throw Unavailable(nameof(y0));

    public static double y1(double x) => Libm.Available ? LibmExtra.y1(x) : throw Unavailable(nameof(y1));

    public static double yn(int n, double x) => Libm.Available ? LibmExtra.yn(n, x) : throw Unavailable(nameof(yn));

    public static float j0f(float x) => Libm.Available ? LibmExtra.j0f(x) : throw Unavailable(nameof(j0f));

    public static float j1f(float x) => Libm.Available ? LibmExtra.j1f(x) : throw Unavailable(nameof(j1f));

    public static float y0f(float x) => Libm.Available ? LibmExtra.y0f(x) : throw Unavailable(nameof(y0f));

    public static float y1f(float x) => Libm.Available ? LibmExtra.y1f(x) : throw Unavailable(nameof(y1f));

    private static class LibmExtra
    {
        private const string Library = "libm.so.6";

        [DllImport(Library)] public static extern float acoshf(float x);
        [DllImport(Library)] public static extern float asinhf(float x);
        [DllImport(Library)] public static extern float atanhf(float x);
        [DllImport(Library)] public static extern float erff(float x);
        [DllImport(Library)] public static extern float erfcf(float x);
        [DllImport(Library)] public static extern float exp2f(float x);
        [DllImport(Library)] public static extern float expm1f(float x);
        [DllImport(Library)] public static extern float log1pf(float x);
        [DllImport(Library)] public static extern float tgammaf(float x);
        [DllImport(Library)] public static extern double logb(double x);
        [DllImport(Library)] public static extern float logbf(float x);
        [DllImport(Library)] public static extern float remainderf(float x, float y);
        [DllImport(Library)] public static extern double remquo(double x, double y, out int quo);
        [DllImport(Library)] public static extern float remquof(float x, float y, out int quo);
        [DllImport(Library)] public static extern double significand(double x);
        [DllImport(Library)] public static extern double j0(double x);
        [DllImport(Library)] public static extern double exp10(double x);
        [DllImport(Library)] public static extern float exp10f(float x);
        [DllImport(Library)] public static extern double j1(double x);
        [DllImport(Library)] public static extern double jn(int n, double x);
        [DllImport(Library)] public static extern double y0(double x);
        [DllImport(Library)] public static extern double y1(double x);
        [DllImport(Library)] public static extern double yn(int n, double x);
        [DllImport(Library)] public static extern float j0f(float x);
        [DllImport(Library)] public static extern float j1f(float x);
        [DllImport(Library)] public static extern float y0f(float x);
        [DllImport(Library)] public static extern float y1f(float x);
    }
}
