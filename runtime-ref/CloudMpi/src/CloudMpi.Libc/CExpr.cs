namespace CloudMpi.Libc;

/// <summary>C expression forms C# lacks, for translated code.</summary>
public static class CExpr
{
    /// <summary>
    /// Zero as a value the C# compiler does not fold: the divisor of C's <c>x / 0</c> and <c>x % 0</c>, which C
    /// compiles (undefined behaviour, a trap when it runs, as the port's DivideByZeroException) and C# refuses as a
    /// constant (CS0020).
    /// </summary>
    public static T Zero<T>() where T : struct => default;

    /// <summary>
    /// C's comma operator <c>(a, b)</c>: <paramref name="first"/> is evaluated (C# evaluates arguments left
    /// to right), its value dropped, and <paramref name="second"/> is the result. Generic so nothing is boxed.
    /// </summary>
    public static T Comma<TFirst, T>(TFirst first, T second) => second;

    /// <summary><c>p++</c> / <c>p--</c> of a pointer to rows of a flattened 2-D array (<c>double (*m)[N]</c>):
    /// moves p by <paramref name="elements"/> (a row) and gives its old value.</summary>
    public static Ptr<T> PostStep<T>(ref Ptr<T> p, int elements)
    {
        var old = p;
        p += elements;
        return old;
    }
}
