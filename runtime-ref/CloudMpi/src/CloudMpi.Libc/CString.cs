using System.Runtime.InteropServices;
using System.Text;

namespace CloudMpi.Libc;

/// <summary>
/// &lt;string.h&gt; on C strings: NUL-terminated <see cref="Ptr{T}"/> of sbyte (C's char).
/// Reading past the end of the array without meeting a NUL is C's undefined behaviour and
/// raises a <see cref="PointerException"/>. A <c>const char *</c> parameter also accepts a C#
/// string (a string literal the translator kept as one), taken as its UTF-8 bytes.
/// Byte comparisons return the difference of the first differing bytes as unsigned char, as
/// glibc's x86-64 implementations do.
/// </summary>
public static partial class CString
{
    // ---- literals and conversions ----

    /// <summary>A new NUL-terminated char array holding the literal's UTF-8 bytes.</summary>
    public static Ptr<sbyte> Lit(string s) => CStrings.FromString(s);

    /// <summary>The C string at p as a .NET string (UTF-8); NULL gives null.</summary>
    public static string Str(Ptr<sbyte> p) => p.IsNull ? null! : Utf8b.Instance.GetString(Bytes(p));

    /// <summary>The bytes of the C string at p, without the NUL.</summary>
    internal static ReadOnlySpan<byte> Bytes(Ptr<sbyte> p) => AllBytes(p)[..Length(p)];

    private static Span<byte> AllBytes(Ptr<sbyte> p) => MemoryMarshal.AsBytes(p.AsSpan());

    private static byte[] Utf8(string s) => Utf8b.Instance.GetBytes(s);

    /// <summary>strlen as an int, throwing when the array ends before a NUL.</summary>
    internal static int Length(Ptr<sbyte> p)
    {
        if (p.IsNull) throw PointerException.NullDereference();
        var all = AllBytes(p);   // checks the offset; a struct field or a view reads the same way
        int n = all.IndexOf((byte)0);
        if (n < 0) throw PointerException.OutOfBounds((long)p.Offset + all.Length, p.Offset + all.Length);
        return n;
    }

    // ---- length, copy, concatenate ----

    public static ulong strlen(Ptr<sbyte> s) => (ulong)Length(s);

    public static ulong strlen(string s) => (ulong)Utf8b.Instance.GetByteCount(s);

    /// <summary>wcslen: the wide characters (wchar_t, a 32-bit int on Linux) before the first L'\0', throwing when
    /// the array ends before one.</summary>
    public static ulong wcslen(Ptr<int> s)
    {
        if (s.IsNull) throw PointerException.NullDereference();
        var all = s.AsSpan();
        int n = all.IndexOf(0);
        if (n < 0) throw PointerException.OutOfBounds((long)s.Offset + all.Length, s.Offset + all.Length);
        return (ulong)n;
    }

    public static Ptr<sbyte> strcpy(Ptr<sbyte> dst, Ptr<sbyte> src) => Put(dst, 0, Bytes(src));

    public static Ptr<sbyte> strcpy(Ptr<sbyte> dst, string src) => Put(dst, 0, Utf8(src));

    /// <summary>POSIX's stpcpy: strcpy that returns the end of the copy (its NUL).</summary>
    public static Ptr<sbyte> stpcpy(Ptr<sbyte> dst, Ptr<sbyte> src) => strcpy(dst, src) + Length(dst);

    public static Ptr<sbyte> stpcpy(Ptr<sbyte> dst, string src) => strcpy(dst, src) + Length(dst);

    /// <summary>Copies at most n bytes of src and pads with NULs up to n (no NUL added when src is longer).</summary>
    public static Ptr<sbyte> strncpy(Ptr<sbyte> dst, Ptr<sbyte> src, SizeT n) => PutPadded(dst, PrefixOf(src, n), n);

    public static Ptr<sbyte> strncpy(Ptr<sbyte> dst, string src, SizeT n) => PutPadded(dst, Limit(Utf8(src), n), n);

    public static Ptr<sbyte> strcat(Ptr<sbyte> dst, Ptr<sbyte> src) => Put(dst, Length(dst), Bytes(src));

    public static Ptr<sbyte> strcat(Ptr<sbyte> dst, string src) => Put(dst, Length(dst), Utf8(src));

    /// <summary>Appends at most n bytes of src, then a NUL.</summary>
    public static Ptr<sbyte> strncat(Ptr<sbyte> dst, Ptr<sbyte> src, SizeT n) => Put(dst, Length(dst), PrefixOf(src, n));

    public static Ptr<sbyte> strncat(Ptr<sbyte> dst, string src, SizeT n) => Put(dst, Length(dst), Limit(Utf8(src), n));

    /// <summary>A new copy (malloc'd in C).</summary>
    public static Ptr<sbyte> strdup(Ptr<sbyte> s) => Put(new sbyte[Length(s) + 1], 0, Bytes(s));

    public static Ptr<sbyte> strdup(string s) => Lit(s);

    /// <summary>A new copy of at most n bytes of s, NUL-terminated.</summary>
    public static Ptr<sbyte> strndup(Ptr<sbyte> s, SizeT n) => NewString(PrefixOf(s, n));

    public static Ptr<sbyte> strndup(string s, SizeT n) => NewString(Limit(Utf8(s), n));

    private static Ptr<sbyte> NewString(ReadOnlySpan<byte> bytes) => Put(new sbyte[bytes.Length + 1], 0, bytes);

    /// <summary>strlen, but at most n.</summary>
    public static ulong strnlen(Ptr<sbyte> s, SizeT n) => (ulong)PrefixOf(s, n).Length;

    public static ulong strnlen(string s, SizeT n) => (ulong)Limit(Utf8(s), n).Length;

    // The bytes of src up to its NUL or n bytes, whichever comes first (strncpy may meet no NUL).
    private static ReadOnlySpan<byte> PrefixOf(Ptr<sbyte> src, SizeT n)
    {
        if (src.IsNull) throw PointerException.NullDereference();
        var all = AllBytes(src);
        int limit = (int)Math.Min(n.Value, (ulong)all.Length);
        int nul = all[..limit].IndexOf((byte)0);
        if (nul >= 0) return all[..nul];
        if (n.Value > (ulong)all.Length) throw PointerException.OutOfBounds((long)src.Offset + all.Length, src.Offset + all.Length);
        return all[..limit];
    }

    private static ReadOnlySpan<byte> Limit(byte[] bytes, SizeT n) => bytes.AsSpan(0, (int)Math.Min(n.Value, (ulong)bytes.Length));

    private static Ptr<sbyte> Put(Ptr<sbyte> dst, int at, ReadOnlySpan<byte> bytes)
    {
        // Copy through a temporary: src may overlap dst (UB in C, but then at least deterministic).
        var target = MemoryMarshal.AsBytes((dst + at).AsSpan(bytes.Length + 1));
        bytes.ToArray().CopyTo(target);
        target[bytes.Length] = 0;
        return dst;
    }

    private static Ptr<sbyte> PutPadded(Ptr<sbyte> dst, ReadOnlySpan<byte> bytes, SizeT n)
    {
        var target = MemoryMarshal.AsBytes(dst.AsSpan(checked((int)n.Value)));
        bytes.ToArray().CopyTo(target);
        target[bytes.Length..].Clear();
        return dst;
    }

    // ---- compare ----

    public static int strcmp(Ptr<sbyte> a, Ptr<sbyte> b) => CompareStrings(Bytes(a), Bytes(b), ulong.MaxValue);

    public static int strcmp(Ptr<sbyte> a, string b) => CompareStrings(Bytes(a), Utf8(b), ulong.MaxValue);

    public static int strcmp(string a, Ptr<sbyte> b) => CompareStrings(Utf8(a), Bytes(b), ulong.MaxValue);

    public static int strcmp(string a, string b) => CompareStrings(Utf8(a), Utf8(b), ulong.MaxValue);

    public static int strncmp(Ptr<sbyte> a, Ptr<sbyte> b, SizeT n) => CompareStrings(PrefixOf(a, n), PrefixOf(b, n), n.Value);

    public static int strncmp(Ptr<sbyte> a, string b, SizeT n) => CompareStrings(PrefixOf(a, n), Limit(Utf8(b), n), n.Value);

    public static int strncmp(string a, Ptr<sbyte> b, SizeT n) => CompareStrings(Limit(Utf8(a), n), PrefixOf(b, n), n.Value);

    public static int strncmp(string a, string b, SizeT n) => CompareStrings(Limit(Utf8(a), n), Limit(Utf8(b), n), n.Value);

    // strings.h: compared as their ASCII lowercase (the C locale's tolower), glibc's difference of the bytes
    public static int strcasecmp(Ptr<sbyte> a, Ptr<sbyte> b) => CompareStrings(AsciiLower(Bytes(a)), AsciiLower(Bytes(b)), ulong.MaxValue);

    public static int strcasecmp(Ptr<sbyte> a, string b) => CompareStrings(AsciiLower(Bytes(a)), AsciiLower(Utf8(b)), ulong.MaxValue);

    public static int strcasecmp(string a, Ptr<sbyte> b) => CompareStrings(AsciiLower(Utf8(a)), AsciiLower(Bytes(b)), ulong.MaxValue);

    public static int strcasecmp(string a, string b) => CompareStrings(AsciiLower(Utf8(a)), AsciiLower(Utf8(b)), ulong.MaxValue);

    public static int strncasecmp(Ptr<sbyte> a, Ptr<sbyte> b, SizeT n) =>
        CompareStrings(AsciiLower(PrefixOf(a, n)), AsciiLower(PrefixOf(b, n)), n.Value);

    public static int strncasecmp(Ptr<sbyte> a, string b, SizeT n) =>
        CompareStrings(AsciiLower(PrefixOf(a, n)), AsciiLower(Limit(Utf8(b), n)), n.Value);

    public static int strncasecmp(string a, Ptr<sbyte> b, SizeT n) =>
        CompareStrings(AsciiLower(Limit(Utf8(a), n)), AsciiLower(PrefixOf(b, n)), n.Value);

    public static int strncasecmp(string a, string b, SizeT n) =>
        CompareStrings(AsciiLower(Limit(Utf8(a), n)), AsciiLower(Limit(Utf8(b), n)), n.Value);

    private static byte[] AsciiLower(ReadOnlySpan<byte> s)
    {
        var copy = s.ToArray();
        for (int i = 0; i < copy.Length; i++)
            if (copy[i] is >= (byte)'A' and <= (byte)'Z') copy[i] += 'a' - 'A';
        return copy;
    }

    // Strings without their NULs: the shorter one's NUL (0) compares below any byte of the other.
    private static int CompareStrings(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b, ulong n)
    {
        int i = a.CommonPrefixLength(b);
        if ((ulong)i >= n) return 0;
        int x = i < a.Length ? a[i] : 0;
        int y = i < b.Length ? b[i] : 0;
        return x - y;
    }

    // ---- search ----

    /// <summary>The first c (as char) in s, the terminator included; NULL when absent.</summary>
    public static Ptr<sbyte> strchr(Ptr<sbyte> s, int c)
    {
        byte b = unchecked((byte)c);
        int n = Length(s);
        if (b == 0) return s + n;
        int i = AllBytes(s)[..n].IndexOf(b);
        return i < 0 ? default : s + i;
    }

    /// <summary>strchr on a string literal: the result points into a new copy of it.</summary>
    public static Ptr<sbyte> strchr(string s, int c) => strchr(Lit(s), c);

    /// <summary>The last c (as char) in s, the terminator included; NULL when absent.</summary>
    public static Ptr<sbyte> strrchr(Ptr<sbyte> s, int c)
    {
        byte b = unchecked((byte)c);
        int n = Length(s);
        if (b == 0) return s + n;
        int i = AllBytes(s)[..n].LastIndexOf(b);
        return i < 0 ? default : s + i;
    }

    /// <summary>The first occurrence of needle in haystack; an empty needle gives haystack.</summary>
    public static Ptr<sbyte> strstr(Ptr<sbyte> haystack, Ptr<sbyte> needle) => Find(haystack, Bytes(needle));

    public static Ptr<sbyte> strstr(Ptr<sbyte> haystack, string needle) => Find(haystack, Utf8(needle));

    public static Ptr<sbyte> strstr(string haystack, Ptr<sbyte> needle) => strstr(Lit(haystack), needle);

    public static Ptr<sbyte> strstr(string haystack, string needle) => strstr(Lit(haystack), needle);

    public static Ptr<sbyte> strrchr(string s, int c) => strrchr(Lit(s), c);

    private static Ptr<sbyte> Find(Ptr<sbyte> haystack, ReadOnlySpan<byte> needle)
    {
        int i = Bytes(haystack).IndexOf(needle);
        return i < 0 ? default : haystack + i;
    }

    /// <summary>The first (unsigned char)c in the n bytes at s; NULL when absent.</summary>
    public static Ptr<sbyte> memchr(Ptr<sbyte> s, int c, SizeT n)
    {
        if (n.Value == 0) return default;
        int i = MemoryMarshal.AsBytes(s.AsSpan(checked((int)n.Value))).IndexOf(unchecked((byte)c));
        return i < 0 ? default : s + i;
    }

    public static Ptr<byte> memchr(Ptr<byte> s, int c, SizeT n)
    {
        if (n.Value == 0) return default;
        int i = s.AsSpan(checked((int)n.Value)).IndexOf(unchecked((byte)c));
        return i < 0 ? default : s + i;
    }
}
