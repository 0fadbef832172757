using System.Text;
using System.Text.RegularExpressions;

namespace CloudMpi.Libc;

#pragma warning disable CS8981, IDE1006 // the C library's lower-case names
/// <summary>regex_t of &lt;regex.h&gt;: a compiled pattern (regcomp makes it, regfree lets it go).</summary>
public sealed class regex_t
{
    internal Regex? Pattern;
    internal bool NoSubexpressions;

    /// <summary>re_nsub: the number of parenthesised subexpressions.</summary>
    public ulong re_nsub;
}

/// <summary>regmatch_t of &lt;regex.h&gt;: where a match (or a subexpression's) starts and ends, -1 when unset.</summary>
public struct regmatch_t
{
    public int rm_so;
    public int rm_eo;
}
#pragma warning restore CS8981, IDE1006

/// <summary>
/// &lt;regex.h&gt;: POSIX regular expressions (regcomp, regexec, regfree) on .NET's engine. Extended expressions
/// (REG_EXTENDED) are .NET's syntax but for the bracket classes (<c>[[:digit:]]</c>), which are rewritten; basic ones
/// have <c>\( \) \{ \}</c> as groups and intervals and <c>( ) { } + ? |</c> as characters. Offsets are of the
/// string's characters (its bytes for ASCII text). IOR's Regex().
/// </summary>
public static class CRegex
{
    public const int REG_EXTENDED = 1, REG_ICASE = 2, REG_NEWLINE = 4, REG_NOSUB = 8;
    public const int REG_NOTBOL = 1, REG_NOTEOL = 2;
    public const int REG_NOMATCH = 1, REG_BADPAT = 2;

    /// <summary>regcomp(preg, pattern, cflags): 0, or REG_BADPAT for a pattern .NET cannot read.</summary>
    public static int regcomp(ref regex_t? preg, string pattern, int cflags)
    {
        preg = new regex_t();
        string translated = (cflags & REG_EXTENDED) != 0 ? Extended(pattern) : Basic(pattern);
        var options = RegexOptions.CultureInvariant;
        if ((cflags & REG_ICASE) != 0) options |= RegexOptions.IgnoreCase;
        if ((cflags & REG_NEWLINE) != 0) options |= RegexOptions.Multiline;
        else options |= RegexOptions.Singleline;
        try
        {
            preg.Pattern = new Regex(translated, options);
        }
        catch (ArgumentException)
        {
            return REG_BADPAT;
        }

        preg.NoSubexpressions = (cflags & REG_NOSUB) != 0;
        preg.re_nsub = (ulong)(preg.Pattern.GetGroupNumbers().Length - 1);
        return 0;
    }

    public static int regcomp(ref regex_t? preg, Ptr<sbyte> pattern, int cflags) =>
        regcomp(ref preg, CString.Str(pattern), cflags);

    /// <summary>regexec(preg, string, nmatch, pmatch, eflags): 0 on a match (pmatch[0] the whole match, then the
    /// subexpressions), REG_NOMATCH otherwise.</summary>
    public static int regexec(ref regex_t? preg, string text, SizeT nmatch, Ptr<regmatch_t> pmatch, int eflags)
    {
        ArgumentNullException.ThrowIfNull(preg);
        var pattern = preg.Pattern ?? throw new InvalidOperationException("regexec: the regex_t was not compiled");
        var m = pattern.Match(text);
        if (!m.Success) return REG_NOMATCH;
        if (preg.NoSubexpressions || pmatch.IsNull) return 0;
        for (ulong i = 0; i < nmatch.Value; i++)
        {
            var g = i < (ulong)m.Groups.Count ? m.Groups[(int)i] : null;
            pmatch[(long)i] = g is { Success: true }
                ? new regmatch_t { rm_so = g.Index, rm_eo = g.Index + g.Length }
                : new regmatch_t { rm_so = -1, rm_eo = -1 };
        }

        return 0;
    }

    public static int regexec(ref regex_t? preg, Ptr<sbyte> text, SizeT nmatch, Ptr<regmatch_t> pmatch, int eflags) =>
        regexec(ref preg, CString.Str(text), nmatch, pmatch, eflags);

    public static int regexec(ref regex_t? preg, string text, SizeT nmatch, ref regmatch_t pmatch, int eflags)
    {
        var one = new regmatch_t[1];
        int r = regexec(ref preg, text, nmatch.Value > 1 ? 1 : nmatch, one, eflags);
        if (r == 0 && nmatch.Value > 0) pmatch = one[0];
        return r;
    }

    public static int regexec(ref regex_t? preg, Ptr<sbyte> text, SizeT nmatch, ref regmatch_t pmatch, int eflags) =>
        regexec(ref preg, CString.Str(text), nmatch, ref pmatch, eflags);

    public static void regfree(ref regex_t? preg)
    {
        if (preg is not null) preg.Pattern = null;
    }

    private static readonly (string Posix, string Net)[] Classes =
    {
        ("[:alpha:]", "a-zA-Z"), ("[:digit:]", "0-9"), ("[:alnum:]", "a-zA-Z0-9"), ("[:upper:]", "A-Z"),
        ("[:lower:]", "a-z"), ("[:space:]", @" \t\n\r\f\v"), ("[:blank:]", @" \t"), ("[:punct:]", @"!-/:-@\[-`{-~"),
        ("[:xdigit:]", "0-9A-Fa-f"), ("[:cntrl:]", @"\x00-\x1f\x7f"), ("[:print:]", @"\x20-\x7e"), ("[:graph:]", @"\x21-\x7e"),
    };

    private static string Extended(string pattern)
    {
        var sb = new StringBuilder(pattern.Length);
        for (int i = 0; i < pattern.Length; i++)
        {
            char c = pattern[i];
            if (c == '\\' && i + 1 < pattern.Length)
            {
                sb.Append(c).Append(pattern[++i]);
                continue;
            }

            if (c == '[')
            {
                i = Bracket(pattern, i, sb);
                continue;
            }

            sb.Append(c);
        }

        return sb.ToString();
    }

    private static string Basic(string pattern)
    {
        var sb = new StringBuilder(pattern.Length);
        for (int i = 0; i < pattern.Length; i++)
        {
            char c = pattern[i];
            if (c == '\\' && i + 1 < pattern.Length)
            {
                char next = pattern[++i];
                if (next is '(' or ')' or '{' or '}') sb.Append(next);   // \( \) \{ \}: a group, an interval
                else sb.Append('\\').Append(next);
                continue;
            }

            if (c == '[')
            {
                i = Bracket(pattern, i, sb);
                continue;
            }

            if (c is '(' or ')' or '{' or '}' or '+' or '?' or '|') sb.Append('\\');  // characters in a basic RE
            sb.Append(c);
        }

        return sb.ToString();
    }

    /// <summary>A bracket expression from pattern[start] ('['), its classes rewritten and a backslash kept as a
    /// character (POSIX has no escapes in brackets); the index of its closing ']'.</summary>
    private static int Bracket(string pattern, int start, StringBuilder sb)
    {
        int i = start + 1;
        sb.Append('[');
        if (i < pattern.Length && pattern[i] == '^') sb.Append(pattern[i++]);
        if (i < pattern.Length && pattern[i] == ']') { sb.Append(@"\]"); i++; }
        for (; i < pattern.Length; i++)
        {
            char c = pattern[i];
            if (c == ']')
            {
                sb.Append(']');
                return i;
            }

            var cls = c == '[' ? Array.Find(Classes, k => string.CompareOrdinal(pattern, i, k.Posix, 0, k.Posix.Length) == 0) : default;
            if (cls.Posix is not null)
            {
                sb.Append(cls.Net);
                i += cls.Posix.Length - 1;
                continue;
            }

            if (c is '\\' or '[') sb.Append('\\');
            sb.Append(c);
        }

        return i;  // unclosed: .NET reports the pattern
    }
}
