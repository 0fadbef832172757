using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

using Libm = CMath.Libm;

/// <summary>
/// C99's <c>double complex</c>, with the arithmetic gcc compiles for x86-64 without -ffast-math, so that a port
/// prints what the native build prints:
/// - a real operand stays real (C's mixed arithmetic, gcc's lowering): <c>x * z</c> is (x·re, x·im), not a complex
///   product with 0i, which differs for infinities, NaNs and signed zeros;
/// - <c>z * w</c> is (ac − bd, ad + bc), and when both parts come out NaN, the recovery of C11 Annex G (G.5.1) that
///   libgcc's __muldc3 performs;
/// - <c>z / w</c> is libgcc's __divdc3 as of GCC 12: Smith's algorithm on the larger of |c|, |d|, with the
///   rescaling GCC 12 added for very large and very small operands, then Annex G's recovery of infinities and zeros.
/// The layout (two doubles, 16 bytes) is C's and the x86-64 ABI's, so the libm functions are called directly.
/// </summary>
[StructLayout(LayoutKind.Sequential)]
public readonly struct CComplex : IEquatable<CComplex>
{
    public readonly double Re;
    public readonly double Im;

    public CComplex(double re, double im)
    {
        Re = re;
        Im = im;
    }

    /// <summary>A real number as a complex one (C's conversion: the imaginary part is +0).</summary>
    public static implicit operator CComplex(double x) => new(x, 0.0);

    /// <summary>C's conversion to a real type keeps the real part.</summary>
    public static explicit operator double(CComplex z) => z.Re;

    /// <summary>A complex value as a truth value: nonzero when either part is.</summary>
    public bool IsTrue => Re != 0.0 || Im != 0.0;

    public static CComplex operator +(CComplex z) => z;

    public static CComplex operator -(CComplex z) => new(-z.Re, -z.Im);

    public static CComplex operator +(CComplex z, CComplex w) => new(z.Re + w.Re, z.Im + w.Im);

    public static CComplex operator +(CComplex z, double x) => new(z.Re + x, z.Im);

    public static CComplex operator +(double x, CComplex z) => new(x + z.Re, z.Im);

    public static CComplex operator -(CComplex z, CComplex w) => new(z.Re - w.Re, z.Im - w.Im);

    public static CComplex operator -(CComplex z, double x) => new(z.Re - x, z.Im);

    public static CComplex operator -(double x, CComplex z) => new(x - z.Re, -z.Im);

    public static CComplex operator *(CComplex z, double x) => new(z.Re * x, z.Im * x);

    public static CComplex operator *(double x, CComplex z) => new(x * z.Re, x * z.Im);

    public static CComplex operator /(CComplex z, double x) => new(z.Re / x, z.Im / x);

    public static CComplex operator /(double x, CComplex z) => Divide(x, 0.0, z.Re, z.Im);

    public static CComplex operator *(CComplex z, CComplex w)
    {
        double a = z.Re, b = z.Im, c = w.Re, d = w.Im;
        double ac = a * c, bd = b * d, ad = a * d, bc = b * c;
        double x = ac - bd, y = ad + bc;
        if (double.IsNaN(x) && double.IsNaN(y))
            (x, y) = AnnexG.Product(a, b, c, d, ac, bd, ad, bc, x, y);
        return new(x, y);
    }

    public static CComplex operator /(CComplex z, CComplex w) => Divide(z.Re, z.Im, w.Re, w.Im);

    // libgcc's thresholds for double (GCC 12): scale when the divisor nears overflow or the operands near underflow
    private const double RBig = double.MaxValue / 2;
    private const double RMin = 2.2250738585072014E-308;  // DBL_MIN
    private const double RMin2 = 2.220446049250313E-16;  // DBL_EPSILON
    private const double RMinScale = 1 / RMin2;
    private const double RMax2 = RBig * RMin2;

    private static CComplex Divide(double a, double b, double c, double d)
    {
        double x, y;
        if (Math.Abs(c) < Math.Abs(d))
        {
            if (Math.Abs(d) >= RBig)
            {
                a /= 2; b /= 2; c /= 2; d /= 2;
            }
            if (Math.Abs(d) < RMin2)
            {
                a *= RMinScale; b *= RMinScale; c *= RMinScale; d *= RMinScale;
            }
            else if ((Math.Abs(a) < RMin && Math.Abs(b) < RMax2 && Math.Abs(d) < RMax2) ||
                     (Math.Abs(b) < RMin && Math.Abs(a) < RMax2 && Math.Abs(d) < RMax2))
            {
                a *= RMinScale; b *= RMinScale; c *= RMinScale; d *= RMinScale;
            }
            double ratio = c / d;
            double denom = c * ratio + d;
            if (Math.Abs(ratio) > RMin)
            {
                x = (a * ratio + b) / denom;
                y = (b * ratio - a) / denom;
            }
            else
            {
                x = (c * (a / d) + b) / denom;
                y = (c * (b / d) - a) / denom;
            }
        }
        else
        {
            if (Math.Abs(c) >= RBig)
            {
                a /= 2; b /= 2; c /= 2; d /= 2;
            }
            if (Math.Abs(c) < RMin2)
            {
                a *= RMinScale; b *= RMinScale; c *= RMinScale; d *= RMinScale;
            }
            else if ((Math.Abs(a) < RMin && Math.Abs(b) < RMax2 && Math.Abs(c) < RMax2) ||
                     (Math.Abs(b) < RMin && Math.Abs(a) < RMax2 && Math.Abs(c) < RMax2))
            {
                a *= RMinScale; b *= RMinScale; c *= RMinScale; d *= RMinScale;
            }
            double ratio = d / c;
            double denom = d * ratio + c;
            if (Math.Abs(ratio) > RMin)
            {
                x = (b * ratio + a) / denom;
                y = (b - a * ratio) / denom;
            }
            else
            {
                x = (d * (b / c) + a) / denom;
                y = (b - d * (a / c)) / denom;
            }
        }
        if (double.IsNaN(x) && double.IsNaN(y))
            (x, y) = AnnexG.Quotient(a, b, c, d, x, y);
        return new(x, y);
    }

    public static bool operator ==(CComplex z, CComplex w) => z.Re == w.Re && z.Im == w.Im;

    public static bool operator !=(CComplex z, CComplex w) => !(z == w);

    public static bool operator ==(CComplex z, double x) => z.Re == x && z.Im == 0.0;

    public static bool operator !=(CComplex z, double x) => !(z == x);

    public static bool operator ==(double x, CComplex z) => z == x;

    public static bool operator !=(double x, CComplex z) => !(z == x);

    public bool Equals(CComplex other) => Re.Equals(other.Re) && Im.Equals(other.Im);

    public override bool Equals(object? obj) => obj is CComplex other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Re, Im);

    public override string ToString() => $"({Re}, {Im})";

    // ---- complex.h ----

    public static double creal(CComplex z) => z.Re;

    public static double cimag(CComplex z) => z.Im;

    public static CComplex conj(CComplex z) => new(z.Re, -z.Im);

    /// <summary>glibc's cabs is hypot of the parts.</summary>
    public static double cabs(CComplex z) => CMath.hypot(z.Re, z.Im);

    public static double carg(CComplex z) => Math.Atan2(z.Im, z.Re);

    /// <summary>cproj: z itself unless a part is infinite (then +inf with the imaginary part's sign of zero).</summary>
    public static CComplex cproj(CComplex z) =>
        double.IsInfinity(z.Re) || double.IsInfinity(z.Im) ? new(double.PositiveInfinity, Math.CopySign(0.0, z.Im)) : z;

    // glibc's own (CMath.Libm): a double complex is passed and returned as two doubles in SSE registers, as this
    // struct is (x86-64 System V)
    public static CComplex cexp(CComplex z) => Libm.cexp(z);

    public static CComplex clog(CComplex z) => Libm.clog(z);

    public static CComplex csqrt(CComplex z) => Libm.csqrt(z);

    public static CComplex cpow(CComplex z, CComplex w) => Libm.cpow(z, w);

    public static CComplex csin(CComplex z) => Libm.csin(z);

    public static CComplex ccos(CComplex z) => Libm.ccos(z);

    public static CComplex ctan(CComplex z) => Libm.ctan(z);

    public static CComplex csinh(CComplex z) => Libm.csinh(z);

    public static CComplex ccosh(CComplex z) => Libm.ccosh(z);

    public static CComplex ctanh(CComplex z) => Libm.ctanh(z);

    public static CComplex casin(CComplex z) => Libm.casin(z);

    public static CComplex cacos(CComplex z) => Libm.cacos(z);

    public static CComplex catan(CComplex z) => Libm.catan(z);
}
