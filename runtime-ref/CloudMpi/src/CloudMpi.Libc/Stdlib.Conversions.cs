namespace CloudMpi.Libc;

/// <summary>atoi, atof, strtol, strtod ... on C strings given as .NET strings or NUL-terminated sbyte[].</summary>
public static partial class Stdlib
{
    public static int atoi(string s) => unchecked((int)CNumberParser.StrToL(s, 10, out _));

    public static int atoi(sbyte[] s) => atoi(CStrings.ToString(s));

    public static long atol(string s) => CNumberParser.StrToL(s, 10, out _);

    public static long atol(sbyte[] s) => atol(CStrings.ToString(s));

    public static long atoll(string s) => CNumberParser.StrToL(s, 10, out _);

    public static long atoll(sbyte[] s) => atoll(CStrings.ToString(s));

    public static double atof(string s) => CNumberParser.StrToD(s, out _);

    public static double atof(sbyte[] s) => atof(CStrings.ToString(s));

    /// <summary>strtol(s, NULL, base).</summary>
    public static long strtol(string s, int @base) => CNumberParser.StrToL(s, @base, out _);

    /// <summary>strtol(s, &amp;endptr, base): <paramref name="end"/> is the index of the first unparsed char (0 if none parsed).</summary>
    public static long strtol(string s, out int end, int @base) => CNumberParser.StrToL(s, @base, out end);

    public static long strtoll(string s, int @base) => CNumberParser.StrToL(s, @base, out _);

    public static long strtoll(string s, out int end, int @base) => CNumberParser.StrToL(s, @base, out end);

    public static ulong strtoul(string s, int @base) => CNumberParser.StrToUL(s, @base, out _);

    public static ulong strtoul(string s, out int end, int @base) => CNumberParser.StrToUL(s, @base, out end);

    public static ulong strtoull(string s, int @base) => CNumberParser.StrToUL(s, @base, out _);

    public static ulong strtoull(string s, out int end, int @base) => CNumberParser.StrToUL(s, @base, out end);

    public static double strtod(string s) => CNumberParser.StrToD(s, out _);

    public static double strtod(string s, out int end) => CNumberParser.StrToD(s, out end);

    public static float strtof(string s) => (float)CNumberParser.StrToD(s, out _);
}
