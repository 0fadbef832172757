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

    /// <summary>
    /// C's <c>x = v</c> whose value a comma drops (<c>(t1 = a, t2 = b, t1 + t2)</c>, csmith's safe-math macros
    /// without temporaries): the same store, as a call. Roslyn's time grows exponentially with the depth of
    /// assignment expressions nested in call arguments (<c>F(G(t1 = F(G(t0 = x, ...)))...)</c>: 5.5 CPU s at depth
    /// 20, each level about 1.5 times the last), not with calls of calls (0.7 s for the same nest written so).
    /// </summary>
    public static T Assign<T>(ref T target, T value) => target = value;

    /// <summary><c>p++</c> / <c>p--</c> of a pointer to rows of a flattened 2-D array (<c>double (*m)[N]</c>):
    /// moves p by <paramref name="elements"/> (a row) and gives its old value.</summary>
    public static Ptr<T> PostStep<T>(ref Ptr<T> p, int elements)
    {
        var old = p;
        p += elements;
        return old;
    }
}
