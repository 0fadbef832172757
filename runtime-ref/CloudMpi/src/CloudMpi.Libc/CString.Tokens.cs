namespace CloudMpi.Libc;

/// <summary>&lt;string.h&gt;'s span and token functions: strspn, strcspn, strpbrk, strtok, strtok_r.</summary>
public static partial class CString
{
    public static ulong strspn(Ptr<sbyte> s, Ptr<sbyte> accept) => (ulong)Span(Bytes(s), Bytes(accept), inSet: true);

    public static ulong strspn(Ptr<sbyte> s, string accept) => (ulong)Span(Bytes(s), Utf8(accept), inSet: true);

    public static ulong strspn(string s, Ptr<sbyte> accept) => (ulong)Span(Utf8(s), Bytes(accept), inSet: true);

    public static ulong strspn(string s, string accept) => (ulong)Span(Utf8(s), Utf8(accept), inSet: true);

    public static ulong strcspn(Ptr<sbyte> s, Ptr<sbyte> reject) => (ulong)Span(Bytes(s), Bytes(reject), inSet: false);

    public static ulong strcspn(Ptr<sbyte> s, string reject) => (ulong)Span(Bytes(s), Utf8(reject), inSet: false);

    public static ulong strcspn(string s, Ptr<sbyte> reject) => (ulong)Span(Utf8(s), Bytes(reject), inSet: false);

    public static ulong strcspn(string s, string reject) => (ulong)Span(Utf8(s), Utf8(reject), inSet: false);

    /// <summary>The first character of s that is in accept, or NULL.</summary>
    public static Ptr<sbyte> strpbrk(Ptr<sbyte> s, Ptr<sbyte> accept) => Break(s, Bytes(accept));

    public static Ptr<sbyte> strpbrk(Ptr<sbyte> s, string accept) => Break(s, Utf8(accept));

    /// <summary>Of a literal: a pointer into a char array holding it, as strchr(literal) gives.</summary>
    public static Ptr<sbyte> strpbrk(string s, Ptr<sbyte> accept) => Break(Lit(s), Bytes(accept));

    public static Ptr<sbyte> strpbrk(string s, string accept) => Break(Lit(s), Utf8(accept));

    /// <summary>strtok: the rank's own saved position (glibc keeps one per process; each rank is a process).</summary>
    public static Ptr<sbyte> strtok(Ptr<sbyte> s, Ptr<sbyte> delim) => Token(s, Bytes(delim).ToArray(), ref LibcState.Current.StrtokNext);

    public static Ptr<sbyte> strtok(Ptr<sbyte> s, string delim) => Token(s, Utf8(delim), ref LibcState.Current.StrtokNext);

    public static Ptr<sbyte> strtok_r(Ptr<sbyte> s, Ptr<sbyte> delim, ref Ptr<sbyte> save) => Token(s, Bytes(delim).ToArray(), ref save);

    public static Ptr<sbyte> strtok_r(Ptr<sbyte> s, string delim, ref Ptr<sbyte> save) => Token(s, Utf8(delim), ref save);

    public static Ptr<sbyte> strtok_r(Ptr<sbyte> s, Ptr<sbyte> delim, Ptr<Ptr<sbyte>> save) => Token(s, Bytes(delim).ToArray(), ref save.Value);

    public static Ptr<sbyte> strtok_r(Ptr<sbyte> s, string delim, Ptr<Ptr<sbyte>> save) => Token(s, Utf8(delim), ref save.Value);

    /// <summary>BSD's strsep: the token at *stringp, ended at the first delimiter with a NUL (empty tokens too, unlike
    /// strtok); *stringp moves past it, or becomes NULL after the last token.</summary>
    public static Ptr<sbyte> strsep(ref Ptr<sbyte> stringp, Ptr<sbyte> delim) => Separate(ref stringp, Bytes(delim).ToArray());

    public static Ptr<sbyte> strsep(ref Ptr<sbyte> stringp, string delim) => Separate(ref stringp, Utf8(delim));

    public static Ptr<sbyte> strsep(Ptr<Ptr<sbyte>> stringp, Ptr<sbyte> delim) => strsep(ref stringp.Value, delim);

    public static Ptr<sbyte> strsep(Ptr<Ptr<sbyte>> stringp, string delim) => strsep(ref stringp.Value, delim);

    private static Ptr<sbyte> Separate(ref Ptr<sbyte> stringp, byte[] delim)
    {
        var token = stringp;
        if (token.IsNull) return default;
        int at = Span(Bytes(token), delim, inSet: false);
        if (at < Length(token))
        {
            token[at] = 0;
            stringp = token + (at + 1);
        }
        else
        {
            stringp = default;
        }

        return token;
    }

    /// <summary>How many leading bytes of s are (inSet) or are not (!inSet) in set.</summary>
    private static int Span(ReadOnlySpan<byte> s, ReadOnlySpan<byte> set, bool inSet)
    {
        int n = 0;
        while (n < s.Length && set.Contains(s[n]) == inSet) n++;
        return n;
    }

    private static Ptr<sbyte> Break(Ptr<sbyte> s, ReadOnlySpan<byte> accept)
    {
        int at = Span(Bytes(s), accept, inSet: false);
        return at < Length(s) ? s + at : default;
    }

    /// <summary>glibc's strtok_r: skip delimiters, end the token at the next one with a NUL, remember where
    /// the next call starts. A NULL s continues from save.</summary>
    private static Ptr<sbyte> Token(Ptr<sbyte> s, byte[] delim, ref Ptr<sbyte> save)
    {
        if (s.IsNull) s = save;
        if (s.IsNull) return default;
        s += Span(Bytes(s), delim, inSet: true);
        int length = Length(s);
        if (length == 0)
        {
            save = s;
            return default;
        }

        int end = Span(Bytes(s), delim, inSet: false);
        if (end == length)
        {
            save = s + length;  // the string's NUL: the next call finds no token
        }
        else
        {
            s[end] = 0;
            save = s + end + 1;
        }

        return s;
    }
}
