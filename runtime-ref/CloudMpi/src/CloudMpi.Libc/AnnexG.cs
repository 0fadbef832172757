using System.Numerics;

namespace CloudMpi.Libc;

/// <summary>
/// C11 Annex G.5.1's recovery of infinities and zeros when a complex product or quotient comes out NaN + NaN i, as
/// libgcc's __mul?c3 and __div?c3 perform it, in the precision of the operands: shared by <see cref="CComplex"/>
/// (double) and <see cref="CComplexF"/> (float).
/// </summary>
internal static class AnnexG
{
    /// <summary>(a + bi)(c + di) whose plain parts x, y are both NaN: an infinite operand, or a partial product that
    /// overflowed, gives an infinite result.</summary>
    public static (T X, T Y) Product<T>(T a, T b, T c, T d, T ac, T bd, T ad, T bc, T x, T y)
        where T : IFloatingPointIeee754<T>
    {
        bool recalc = false;
        if (T.IsInfinity(a) || T.IsInfinity(b))
        {
            a = Box(a);
            b = Box(b);
            c = ZeroIfNaN(c);
            d = ZeroIfNaN(d);
            recalc = true;
        }
        if (T.IsInfinity(c) || T.IsInfinity(d))
        {
            c = Box(c);
            d = Box(d);
            a = ZeroIfNaN(a);
            b = ZeroIfNaN(b);
            recalc = true;
        }
        if (!recalc && (T.IsInfinity(ac) || T.IsInfinity(bd) || T.IsInfinity(ad) || T.IsInfinity(bc)))
        {
            a = ZeroIfNaN(a);
            b = ZeroIfNaN(b);
            c = ZeroIfNaN(c);
            d = ZeroIfNaN(d);
            recalc = true;
        }
        if (recalc)
        {
            x = T.PositiveInfinity * (a * c - b * d);
            y = T.PositiveInfinity * (a * d + b * c);
        }
        return (x, y);
    }

    /// <summary>(a + bi) / (c + di) whose parts x, y are both NaN: a zero divisor gives infinities, an infinite
    /// dividend infinities, an infinite divisor zeros.</summary>
    public static (T X, T Y) Quotient<T>(T a, T b, T c, T d, T x, T y) where T : IFloatingPointIeee754<T>
    {
        if (c == T.Zero && d == T.Zero && (!T.IsNaN(a) || !T.IsNaN(b)))
        {
            x = T.CopySign(T.PositiveInfinity, c) * a;
            y = T.CopySign(T.PositiveInfinity, c) * b;
        }
        else if ((T.IsInfinity(a) || T.IsInfinity(b)) && T.IsFinite(c) && T.IsFinite(d))
        {
            a = Box(a);
            b = Box(b);
            x = T.PositiveInfinity * (a * c + b * d);
            y = T.PositiveInfinity * (b * c - a * d);
        }
        else if ((T.IsInfinity(c) || T.IsInfinity(d)) && T.IsFinite(a) && T.IsFinite(b))
        {
            c = Box(c);
            d = Box(d);
            x = T.Zero * (a * c + b * d);
            y = T.Zero * (b * c - a * d);
        }
        return (x, y);
    }

    /// <summary>Annex G's "box" of an infinity: ±1 for ±inf, ±0 otherwise.</summary>
    private static T Box<T>(T v) where T : IFloatingPointIeee754<T> => T.CopySign(T.IsInfinity(v) ? T.One : T.Zero, v);

    private static T ZeroIfNaN<T>(T v) where T : IFloatingPointIeee754<T> => T.IsNaN(v) ? T.CopySign(T.Zero, v) : v;
}
