using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

using Libm = CMath.Libm;

/// <summary>
/// C99's <c>float complex</c>, with the arithmetic gcc 12 compiles for x86-64 without -ffast-math:
/// - a real operand stays real, as for <see cref="CComplex"/>;
/// - <c>z * w</c> is (ac − bd, ad + bc) in float, gcc's inline code, with Annex G's recovery in float when both
///   parts come out NaN (libgcc's __mulsc3);
/// - <c>z / w</c> is libgcc's __divsc3: where a wider type exists (double, for float) GCC 12 divides by the plain
///   formula (ac + bd, bc − ad) / (c² + d²) in it and rounds to float, then applies Annex G's recovery of
///   infinities and zeros when both parts are NaN.
/// The layout (two floats, 8 bytes) is C's and the x86-64 ABI's, so glibc's float functions are called directly.
/// </summary>
[StructLayout(LayoutKind.Sequential)]
public readonly struct CComplexF : IEquatable<CComplexF>
{
    public readonly float Re;
    public readonly float Im;

    public CComplexF(float re, float im)
    {
        Re = re;
        Im = im;
    }

    /// <summary>A real number as a complex one (the imaginary part is +0).</summary>
    public static implicit operator CComplexF(float x) => new(x, 0f);

    /// <summary>float complex to double complex: exact.</summary>
    public static implicit operator CComplex(CComplexF z) => new(z.Re, z.Im);

    /// <summary>double complex to float complex: each part rounded.</summary>
    public static explicit operator CComplexF(CComplex z) => new((float)z.Re, (float)z.Im);

    /// <summary>C's conversion to a real type keeps the real part.</summary>
    public static explicit operator float(CComplexF z) => z.Re;

    /// <summary>A complex value as a truth value: nonzero when either part is.</summary>
    public bool IsTrue => Re != 0f || Im != 0f;

    public static CComplexF operator +(CComplexF z) => z;

    public static CComplexF operator -(CComplexF z) => new(-z.Re, -z.Im);

    public static CComplexF operator +(CComplexF z, CComplexF w) => new(z.Re + w.Re, z.Im + w.Im);

    public static CComplexF operator +(CComplexF z, float x) => new(z.Re + x, z.Im);

    public static CComplexF operator +(float x, CComplexF z) => new(x + z.Re, z.Im);

    public static CComplexF operator -(CComplexF z, CComplexF w) => new(z.Re - w.Re, z.Im - w.Im);

    public static CComplexF operator -(CComplexF z, float x) => new(z.Re - x, z.Im);

    public static CComplexF operator -(float x, CComplexF z) => new(x - z.Re, -z.Im);

    public static CComplexF operator *(CComplexF z, float x) => new(z.Re * x, z.Im * x);

    public static CComplexF operator *(float x, CComplexF z) => new(x * z.Re, x * z.Im);

    public static CComplexF operator /(CComplexF z, float x) => new(z.Re / x, z.Im / x);

    public static CComplexF operator /(float x, CComplexF z) => Divide(x, 0f, z.Re, z.Im);

    public static CComplexF operator *(CComplexF z, CComplexF w)
    {
        float a = z.Re, b = z.Im, c = w.Re, d = w.Im;
        float ac = a * c, bd = b * d, ad = a * d, bc = b * c;
        float x = ac - bd, y = ad + bc;
        if (float.IsNaN(x) && float.IsNaN(y))
            (x, y) = AnnexG.Product(a, b, c, d, ac, bd, ad, bc, x, y);  // in float: a product past float's range is infinite
        return new(x, y);
    }

    public static CComplexF operator /(CComplexF z, CComplexF w) => Divide(z.Re, z.Im, w.Re, w.Im);

    private static CComplexF Divide(float a, float b, float c, float d)
    {
        double denom = (double)c * c + (double)d * d;
        float x = (float)(((double)a * c + (double)b * d) / denom);
        float y = (float)(((double)b * c - (double)a * d) / denom);
        if (float.IsNaN(x) && float.IsNaN(y))
            (x, y) = AnnexG.Quotient(a, b, c, d, x, y);
        return new(x, y);
    }

    public static bool operator ==(CComplexF z, CComplexF w) => z.Re == w.Re && z.Im == w.Im;

    public static bool operator !=(CComplexF z, CComplexF w) => !(z == w);

    public static bool operator ==(CComplexF z, float x) => z.Re == x && z.Im == 0f;

    public static bool operator !=(CComplexF z, float x) => !(z == x);

    public static bool operator ==(float x, CComplexF z) => z == x;

    public static bool operator !=(float x, CComplexF z) => !(z == x);

    public bool Equals(CComplexF other) => Re.Equals(other.Re) && Im.Equals(other.Im);

    public override bool Equals(object? obj) => obj is CComplexF other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Re, Im);

    public override string ToString() => $"({Re}, {Im})";

    // ---- complex.h's float functions ----

    public static float crealf(CComplexF z) => z.Re;

    public static float cimagf(CComplexF z) => z.Im;

    public static CComplexF conjf(CComplexF z) => new(z.Re, -z.Im);

    public static CComplexF cprojf(CComplexF z) =>
        float.IsInfinity(z.Re) || float.IsInfinity(z.Im) ? new(float.PositiveInfinity, MathF.CopySign(0f, z.Im)) : z;

    // glibc's own (CMath.Libm): a float complex is passed and returned in one SSE register, as this struct of
    // two floats is (x86-64 System V)
    public static float cabsf(CComplexF z) => Libm.cabsf(z);

    public static float cargf(CComplexF z) => Libm.cargf(z);

    public static CComplexF cexpf(CComplexF z) => Libm.cexpf(z);

    public static CComplexF clogf(CComplexF z) => Libm.clogf(z);

    public static CComplexF csqrtf(CComplexF z) => Libm.csqrtf(z);

    public static CComplexF cpowf(CComplexF z, CComplexF w) => Libm.cpowf(z, w);

    public static CComplexF csinf(CComplexF z) => Libm.csinf(z);

    public static CComplexF ccosf(CComplexF z) => Libm.ccosf(z);

    public static CComplexF ctanf(CComplexF z) => Libm.ctanf(z);
}
