namespace CloudMpi.Libc;

/// <summary>C expression forms C# lacks, for translated code.</summary>
public static class CExpr
{
    /// <summary>
    /// C's comma operator <c>(a, b)</c>: <paramref name="first"/> is evaluated (C# evaluates arguments left
    /// to right), its value dropped, and <paramref name="second"/> is the result. Generic so nothing is boxed.
    /// </summary>
    public static T Comma<TFirst, T>(TFirst first, T second) => second;
}
