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

    public static float strtof(string s) => CNumberParser.StrToF(s, out _);

    /// <summary>strtold: gcc's 80-bit long double, the text rounded once to it (CLongDoubleParser).</summary>
    public static CLongDouble strtold(string s) => CLongDoubleParser.StrToLD(s, out _);

    public static CLongDouble strtold(string s, out int end) => CLongDoubleParser.StrToLD(s, out end);

    // ---- on C strings (Ptr<sbyte>), with char **endptr as a pointer to a pointer variable (or NULL) ----

    // Latin-1 keeps one char per byte, so the parser's index is the byte offset; bytes that are
    // not ASCII never belong to a number.
    private static string Text(Ptr<sbyte> s) => System.Text.Encoding.Latin1.GetString(CString.Bytes(s));

    private static void SetEnd(Ptr<Ptr<sbyte>> endptr, Ptr<sbyte> s, int end)
    {
        if (!endptr.IsNull) endptr.Value = s + end;
    }

    public static int atoi(Ptr<sbyte> s) => atoi(Text(s));

    public static long atol(Ptr<sbyte> s) => atol(Text(s));

    public static long atoll(Ptr<sbyte> s) => atoll(Text(s));

    public static double atof(Ptr<sbyte> s) => atof(Text(s));

    // strtol(argv[1], NULL, 10): the translator drops a NULL endptr (rules/libc.toml), as for string literals
    public static long strtol(Ptr<sbyte> s, int @base) => strtol(Text(s), @base);

    public static long strtoll(Ptr<sbyte> s, int @base) => strtoll(Text(s), @base);

    public static ulong strtoul(Ptr<sbyte> s, int @base) => strtoul(Text(s), @base);

    public static ulong strtoull(Ptr<sbyte> s, int @base) => strtoull(Text(s), @base);

    public static double strtod(Ptr<sbyte> s) => strtod(Text(s));

    public static float strtof(Ptr<sbyte> s) => strtof(Text(s));

    public static CLongDouble strtold(Ptr<sbyte> s) => strtold(Text(s));

    public static long strtol(Ptr<sbyte> s, Ptr<Ptr<sbyte>> endptr, int @base)
    {
        long v = CNumberParser.StrToL(Text(s), @base, out int end);
        SetEnd(endptr, s, end);
        return v;
    }

    public static long strtoll(Ptr<sbyte> s, Ptr<Ptr<sbyte>> endptr, int @base) => strtol(s, endptr, @base);

    public static ulong strtoul(Ptr<sbyte> s, Ptr<Ptr<sbyte>> endptr, int @base)
    {
        ulong v = CNumberParser.StrToUL(Text(s), @base, out int end);
        SetEnd(endptr, s, end);
        return v;
    }

    public static ulong strtoull(Ptr<sbyte> s, Ptr<Ptr<sbyte>> endptr, int @base) => strtoul(s, endptr, @base);

    public static double strtod(Ptr<sbyte> s, Ptr<Ptr<sbyte>> endptr)
    {
        double v = CNumberParser.StrToD(Text(s), out int end);
        SetEnd(endptr, s, end);
        return v;
    }

    public static float strtof(Ptr<sbyte> s, Ptr<Ptr<sbyte>> endptr)
    {
        float v = CNumberParser.StrToF(Text(s), out int end);
        SetEnd(endptr, s, end);
        return v;
    }

    public static CLongDouble strtold(Ptr<sbyte> s, Ptr<Ptr<sbyte>> endptr)
    {
        CLongDouble v = CLongDoubleParser.StrToLD(Text(s), out int end);
        SetEnd(endptr, s, end);
        return v;
    }

    // `char *end; strtol(s, &end, 10)` where `end` is a plain local: the translator passes it by reference

    public static long strtol(Ptr<sbyte> s, ref Ptr<sbyte> endptr, int @base)
    {
        long v = CNumberParser.StrToL(Text(s), @base, out int end);
        endptr = s + end;
        return v;
    }

    public static long strtoll(Ptr<sbyte> s, ref Ptr<sbyte> endptr, int @base) => strtol(s, ref endptr, @base);

    public static ulong strtoul(Ptr<sbyte> s, ref Ptr<sbyte> endptr, int @base)
    {
        ulong v = CNumberParser.StrToUL(Text(s), @base, out int end);
        endptr = s + end;
        return v;
    }

    public static ulong strtoull(Ptr<sbyte> s, ref Ptr<sbyte> endptr, int @base) => strtoul(s, ref endptr, @base);

    public static double strtod(Ptr<sbyte> s, ref Ptr<sbyte> endptr)
    {
        double v = CNumberParser.StrToD(Text(s), out int end);
        endptr = s + end;
        return v;
    }

    public static float strtof(Ptr<sbyte> s, ref Ptr<sbyte> endptr)
    {
        float v = CNumberParser.StrToF(Text(s), out int end);
        endptr = s + end;
        return v;
    }

    public static CLongDouble strtold(Ptr<sbyte> s, ref Ptr<sbyte> endptr)
    {
        CLongDouble v = CLongDoubleParser.StrToLD(Text(s), out int end);
        endptr = s + end;
        return v;
    }
}
