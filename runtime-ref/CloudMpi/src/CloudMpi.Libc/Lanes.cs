using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace CloudMpi.Libc;

/// <summary>
/// Two C statements on the two double fields of one struct (a complex number: <c>c.re = a.re - b; c.im = a.im - d;</c>)
/// done as one operation on a <see cref="Vector128{T}"/> of two doubles (the translator's csharp/pairs.py), as gcc -O2
/// pairs them in one SSE2 register. Every lane does the operation its C statement does, on the same operands in the
/// same order (subpd is two subsd), so the results are the C program's bit for bit; .NET contracts no multiply and
/// add into a fused one unless asked (<c>FusedMultiplyAdd</c>), as gcc does not at -O2 without -mfma.
/// </summary>
public static class Lanes
{
    /// <summary>The struct <paramref name="pair"/> of two doubles (16 bytes, fields at 0 and 8) as one vector, read
    /// or written in place.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ref Vector128<double> Ref<T>(ref T pair) where T : struct =>
        ref Unsafe.As<T, Vector128<double>>(ref pair);

    /// <summary>Both lanes <paramref name="value"/>: a value both statements use (movddup).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<double> Both(double value) => Vector128.Create(value);

    /// <summary>Lane 0 <paramref name="first"/>, lane 1 <paramref name="second"/>: the two statements' own
    /// operands.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<double> Pair(double first, double second) => Vector128.Create(first, second);

    /// <summary>Lane 0: the first statement's value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static double First(Vector128<double> v) => v.ToScalar();

    /// <summary>Lane 1: the second statement's value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static double Second(Vector128<double> v) => v.GetElement(1);

    /// <summary>The lanes exchanged: lane 0 is <paramref name="v"/>'s lane 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<double> Swap(Vector128<double> v) =>
        Vector128.Shuffle(v, Vector128.Create(1L, 0L));

    /// <summary>Lane 0 <c>a - b</c>, lane 1 <c>a + b</c> (a complex product's real and imaginary parts): SSE3's
    /// addsubpd, which is subsd and addsd lane by lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<double> SubAdd(Vector128<double> a, Vector128<double> b) =>
        Sse3.IsSupported ? Sse3.AddSubtract(a, b)
            : Vector128.Create(a.ToScalar() - b.ToScalar(), a.GetElement(1) + b.GetElement(1));
}
