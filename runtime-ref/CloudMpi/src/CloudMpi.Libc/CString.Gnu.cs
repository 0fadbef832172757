using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

// GNU's and POSIX's string and memory functions beyond C's (glibc's <string.h> with _GNU_SOURCE, which legacy codes
// call by habit): each as glibc defines it, on the bytes of a char buffer.
public static partial class CString
{
    /// <summary>strchrnul(s, c): the first c in s, or its terminating NUL (never NULL).</summary>
    public static Ptr<sbyte> strchrnul(Ptr<sbyte> s, int c)
    {
        int n = Length(s);
        int i = AllBytes(s)[..n].IndexOf(unchecked((byte)c));
        return i < 0 ? s + n : s + i;
    }

    public static Ptr<sbyte> strchrnul(string s, int c) => strchrnul(Lit(s), c);

    /// <summary>rawmemchr(s, c): the first (unsigned char)c from s on, known to be there (no length).</summary>
    public static Ptr<sbyte> rawmemchr(Ptr<sbyte> s, int c)
    {
        int i = AllBytes(s).IndexOf(unchecked((byte)c));
        if (i < 0) throw PointerException.OutOfBounds(s.Offset + AllBytes(s).Length, s.Offset + AllBytes(s).Length);
        return s + i;
    }

    public static Ptr<byte> rawmemchr(Ptr<byte> s, int c) => Ptr.Reinterpret<sbyte, byte>(rawmemchr(Ptr.Reinterpret<byte, sbyte>(s), c));

    /// <summary>memrchr(s, c, n): the last (unsigned char)c in the n bytes at s; NULL when absent.</summary>
    public static Ptr<sbyte> memrchr(Ptr<sbyte> s, int c, SizeT n)
    {
        if (n.Value == 0) return default;
        int i = MemoryMarshal.AsBytes(s.AsSpan(checked((int)n.Value))).LastIndexOf(unchecked((byte)c));
        return i < 0 ? default : s + i;
    }

    public static Ptr<byte> memrchr(Ptr<byte> s, int c, SizeT n)
    {
        if (n.Value == 0) return default;
        int i = s.AsSpan(checked((int)n.Value)).LastIndexOf(unchecked((byte)c));
        return i < 0 ? default : s + i;
    }

    /// <summary>strcasestr(haystack, needle): strstr ignoring case (the C locale's: ASCII letters); an empty needle
    /// gives haystack.</summary>
    public static Ptr<sbyte> strcasestr(Ptr<sbyte> haystack, Ptr<sbyte> needle) =>
        FindIgnoringCase(haystack, AsciiLower(Bytes(needle)));

    public static Ptr<sbyte> strcasestr(Ptr<sbyte> haystack, string needle) =>
        FindIgnoringCase(haystack, AsciiLower(Utf8(needle)));

    public static Ptr<sbyte> strcasestr(string haystack, Ptr<sbyte> needle) => strcasestr(Lit(haystack), needle);

    public static Ptr<sbyte> strcasestr(string haystack, string needle) => strcasestr(Lit(haystack), needle);

    private static Ptr<sbyte> FindIgnoringCase(Ptr<sbyte> haystack, byte[] lowerNeedle)
    {
        int i = AsciiLower(Bytes(haystack)).AsSpan().IndexOf(lowerNeedle);
        return i < 0 ? default : haystack + i;
    }

    /// <summary>stpncpy(dst, src, n): strncpy's copy (padded with NULs to n bytes), returning dst plus the number of
    /// bytes of src it copied (its NUL's place, or dst + n where src was longer).</summary>
    public static Ptr<sbyte> stpncpy(Ptr<sbyte> dst, Ptr<sbyte> src, SizeT n)
    {
        var bytes = PrefixOf(src, n);
        int copied = bytes.Length;
        PutPadded(dst, bytes, n);
        return dst + copied;
    }

    public static Ptr<sbyte> stpncpy(Ptr<sbyte> dst, string src, SizeT n)
    {
        var bytes = Limit(Utf8(src), n);
        int copied = bytes.Length;
        PutPadded(dst, bytes, n);
        return dst + copied;
    }

    /// <summary>mempcpy(dst, src, n): memcpy, returning the byte after the last one written.</summary>
    public static Ptr<sbyte> mempcpy(Ptr<sbyte> dst, Ptr<sbyte> src, SizeT n)
    {
        CMem.memcpy(dst, src, n);
        return dst + checked((int)n.Value);
    }

    public static Ptr<sbyte> mempcpy(Ptr<sbyte> dst, string src, SizeT n) => mempcpy(dst, Lit(src), n);

    public static Ptr<byte> mempcpy(Ptr<byte> dst, Ptr<byte> src, SizeT n)
    {
        CMem.memcpy(dst, src, n);
        return dst + checked((int)n.Value);
    }

    /// <summary>memccpy(dst, src, c, n): copies bytes until one equal to (unsigned char)c is copied or n are; the byte
    /// after that c in dst, or NULL where none was met.</summary>
    public static Ptr<sbyte> memccpy(Ptr<sbyte> dst, Ptr<sbyte> src, int c, SizeT n)
    {
        if (n.Value == 0) return default;
        // C reads src only up to the first c: n may reach past a shorter buffer that holds one
        var all = AllBytes(src);
        int limit = (int)Math.Min(n.Value, (ulong)all.Length);
        int at = all[..limit].IndexOf(unchecked((byte)c));
        if (at < 0 && n.Value > (ulong)all.Length)
            throw PointerException.OutOfBounds(src.Offset + all.Length, src.Offset + all.Length);
        var from = all[..limit];
        int count = at < 0 ? from.Length : at + 1;
        from[..count].ToArray().CopyTo(MemoryMarshal.AsBytes(dst.AsSpan(count)));
        return at < 0 ? default : dst + count;
    }

    public static Ptr<sbyte> memccpy(Ptr<sbyte> dst, string src, int c, SizeT n)
    {
        var bytes = Utf8(src);
        var padded = new sbyte[bytes.Length + 1];
        MemoryMarshal.AsBytes(padded.AsSpan()).Clear();
        bytes.CopyTo(MemoryMarshal.AsBytes(padded.AsSpan()));
        return memccpy(dst, new Ptr<sbyte>(padded), c, n);
    }

    private static readonly string[] SignalTexts =
    {
        "Unknown signal 0", "Hangup", "Interrupt", "Quit", "Illegal instruction", "Trace/breakpoint trap", "Aborted",
        "Bus error", "Floating point exception", "Killed", "User defined signal 1", "Segmentation fault",
        "User defined signal 2", "Broken pipe", "Alarm clock", "Terminated", "Stack fault", "Child exited",
        "Continued", "Stopped (signal)", "Stopped", "Stopped (tty input)", "Stopped (tty output)",
        "Urgent I/O condition", "CPU time limit exceeded", "File size limit exceeded", "Virtual timer expired",
        "Profiling timer expired", "Window changed", "I/O possible", "Power failure", "Bad system call",
    };

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<int, Ptr<sbyte>> SignalStrings = new();

    /// <summary>strsignal(sig): glibc 2.36's description of a Linux signal ("Segmentation fault"), "Real-time signal
    /// N" from SIGRTMIN (34) to SIGRTMAX (64) counted from SIGRTMIN, else "Unknown signal N"; one C string per
    /// number, as strerror's.</summary>
    public static Ptr<sbyte> strsignal(int sig) => SignalStrings.GetOrAdd(sig, n => CStrings.FromString(
        n > 0 && n < SignalTexts.Length ? SignalTexts[n]
        : n >= 34 && n <= 64 ? $"Real-time signal {n - 34}"
        : $"Unknown signal {n}"));
}
