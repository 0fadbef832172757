using System.Text;

namespace CloudMpi.Libc;

/// <summary>&lt;stdio.h&gt; files: fopen and the functions reading, writing and positioning a FILE.</summary>
public static partial class Stdio
{
    public const int SEEK_SET = 0;
    public const int SEEK_CUR = 1;
    public const int SEEK_END = 2;

    // errno values (Linux) the file functions set.
    private const int ENOENT = 2, EBADF = 9, EACCES = 13, EEXIST = 17, EISDIR = 21, EINVAL = 22;

    /// <summary>The calling rank's stdin.</summary>
    public static FILE stdin => FILE.Stdin;

    // ---- open / close / remove ----

    /// <summary>
    /// fopen with C's modes "r", "w", "a", "r+", "w+", "a+" ("b" ignored, as on POSIX); paths are
    /// relative to the process's current directory. NULL and errno on failure.
    /// </summary>
    public static FILE fopen(string path, string mode)
    {
        var state = LibcState.Current;
        string m = mode.Replace("b", "", StringComparison.Ordinal);
        bool plus = m.Contains('+', StringComparison.Ordinal);
        (FileMode fileMode, FileAccess access, bool append) = m.TrimEnd('+', 'x') switch
        {
            "r" => (FileMode.Open, plus ? FileAccess.ReadWrite : FileAccess.Read, false),
            "w" => (m.Contains('x', StringComparison.Ordinal) ? FileMode.CreateNew : FileMode.Create, plus ? FileAccess.ReadWrite : FileAccess.Write, false),
            "a" => (FileMode.OpenOrCreate, plus ? FileAccess.ReadWrite : FileAccess.Write, true),
            _ => (FileMode.Open, (FileAccess)0, false),
        };
        if (access == 0)
        {
            state.Errno = EINVAL;
            return null!;
        }

        try
        {
            if (Directory.Exists(path))
            {
                state.Errno = EISDIR;
                return null!;
            }

            var stream = new FileStream(path, fileMode, access, FileShare.ReadWrite | FileShare.Delete, 4096);
            // glibc puts an "a" stream (no reads) at the end when it opens it, so ftell gives the file's size before
            // any write; "a+" starts reading at 0 (every write still goes to the end: CStream)
            if (append && !plus) stream.Seek(0, SeekOrigin.End);
            var file = new FILE(new CStream(stream, append), path);
            state.AddOpenFile(file);
            return file;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException or NotSupportedException)
        {
            state.Errno = e switch
            {
                FileNotFoundException or DirectoryNotFoundException => ENOENT,
                UnauthorizedAccessException => EACCES,
                IOException when fileMode == FileMode.CreateNew && File.Exists(path) => EEXIST,
                ArgumentException => ENOENT, // "" or an invalid name
                _ => EACCES,
            };
            return null!;
        }
    }

    public static FILE fopen(Ptr<sbyte> path, string mode) => fopen(CString.Str(path), mode);

    public static FILE fopen(Ptr<sbyte> path, Ptr<sbyte> mode) => fopen(CString.Str(path), CString.Str(mode));

    public static FILE fopen(string path, Ptr<sbyte> mode) => fopen(path, CString.Str(mode));

    /// <summary>Flushes and closes; 0, or EOF for stdin/stdout/stderr (which stay usable).</summary>
    public static int fclose(FILE stream)
    {
        FILE.Dereference(stream);
        stream.ThrowIfClosed();
        if (stream.Stream is null || stream == FILE.Stdin)
        {
            stream.Flush();
            return 0;
        }

        stream.Close();
        LibcState.Current.RemoveOpenFile(stream);
        return 0;
    }

    /// <summary>remove: deletes a file (or an empty directory); 0, or -1 and errno.</summary>
    public static int remove(string path)
    {
        try
        {
            if (File.Exists(path)) File.Delete(path);
            else if (Directory.Exists(path)) Directory.Delete(path);
            else return Fail(ENOENT);
            return 0;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return Fail(EACCES);
        }
    }

    public static int remove(Ptr<sbyte> path) => remove(CString.Str(path));

    /// <summary>rename: replaces an existing target as POSIX rename does.</summary>
    public static int rename(string from, string to)
    {
        try
        {
            if (!File.Exists(from)) return Fail(ENOENT);
            File.Move(from, to, overwrite: true);
            return 0;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return Fail(EACCES);
        }
    }

    public static int rename(Ptr<sbyte> from, Ptr<sbyte> to) => rename(CString.Str(from), CString.Str(to));

    private static int Fail(int errno)
    {
        LibcState.Current.Errno = errno;
        return -1;
    }

    // ---- character input ----

    /// <summary>fgetc: the next byte as unsigned char, or EOF.</summary>
    public static int fgetc(FILE stream)
    {
        FILE.Dereference(stream);
        stream.ThrowIfClosed();
        return stream.Stream?.ReadByte() ?? EOF;
    }

    public static int getc(FILE stream) => fgetc(stream);

    public static int getchar() => fgetc(FILE.Stdin);

    /// <summary>ungetc: pushes (unsigned char)c back; EOF is not pushed.</summary>
    public static int ungetc(int c, FILE stream)
    {
        FILE.Dereference(stream);
        if (c == EOF || stream.Stream is null) return EOF;
        stream.Stream.Unread(unchecked((byte)c));
        return unchecked((byte)c);
    }

    /// <summary>
    /// fgets: reads at most n-1 bytes, through the first newline, and a NUL. NULL when end of file
    /// comes before any byte (s is then unchanged).
    /// </summary>
    public static Ptr<sbyte> fgets(Ptr<sbyte> s, int n, FILE stream)
    {
        FILE.Dereference(stream);
        stream.ThrowIfClosed();
        var input = stream.Stream;
        if (n <= 0 || input is null) return default;
        int count = 0;
        while (count < n - 1)
        {
            int c = input.ReadByte();
            if (c < 0) break;
            s[count++] = unchecked((sbyte)c);
            if (c == '\n') break;
        }

        if (count == 0 && n > 1) return default;
        s[count] = 0;
        return s;
    }

    /// <summary>
    /// getline (POSIX): reads a whole line, through its newline, into *lineptr, which it grows as realloc would
    /// (a NULL *lineptr is allocated); *n is the buffer's size. Returns the bytes read, or -1 at end of file.
    /// </summary>
    public static long getline(ref Ptr<sbyte> lineptr, ref ulong n, FILE stream) => getdelim(ref lineptr, ref n, '\n', stream);

    /// <summary>getdelim (POSIX): getline up to and including <paramref name="delim"/>.</summary>
    public static long getdelim(ref Ptr<sbyte> lineptr, ref ulong n, int delim, FILE stream)
    {
        FILE.Dereference(stream);
        stream.ThrowIfClosed();
        var input = stream.Stream;
        if (input is null) return -1;
        var line = new List<byte>();
        int c;
        while ((c = input.ReadByte()) >= 0)
        {
            line.Add((byte)c);
            if (c == unchecked((byte)delim)) break;
        }
        if (line.Count == 0) return -1;
        if (lineptr.IsNull || (ulong)lineptr.Remaining < (ulong)line.Count + 1)
        {
            ulong size = Math.Max((ulong)line.Count + 1, 120);  // glibc's first allocation is 120 bytes
            var grown = new sbyte[size];
            if (!lineptr.IsNull) lineptr.AsSpan(Math.Min(lineptr.Remaining, grown.Length)).CopyTo(grown);
            lineptr = grown;
            n = size;
        }
        for (int i = 0; i < line.Count; i++) lineptr[i] = unchecked((sbyte)line[i]);
        lineptr[line.Count] = 0;
        return line.Count;
    }

    public static int feof(FILE stream) => stream.Stream?.Eof == true ? 1 : 0;

    public static int ferror(FILE stream) => stream.Stream?.Error == true ? 1 : 0;

    public static void clearerr(FILE stream)
    {
        if (stream.Stream is { } s)
        {
            s.Eof = false;
            s.Error = false;
        }
    }

    // ---- binary input and output ----

    /// <summary>fread: reads up to count items of size bytes into ptr; returns the number of whole items read.</summary>
    public static ulong fread<T>(Ptr<T> ptr, SizeT size, SizeT count, FILE stream)
    {
        FILE.Dereference(stream);
        stream.ThrowIfClosed();
        ulong total = size.Value * count.Value;
        if (total == 0) return 0;
        var input = stream.Stream;
        if (input is null) return 0;
        var bytes = CMem.Bytes(ptr, checked((long)total), "fread");
        int got = 0;
        while (got < bytes.Length)
        {
            int c = input.ReadByte();
            if (c < 0) break;
            bytes[got++] = (byte)c;
        }

        return (ulong)got / size.Value;
    }

    public static ulong fread<T>(T[] array, SizeT size, SizeT count, FILE stream) => fread((Ptr<T>)array, size, count, stream);

    /// <summary>fwrite: writes count items of size bytes from ptr; returns the number written.</summary>
    public static ulong fwrite<T>(Ptr<T> ptr, SizeT size, SizeT count, FILE stream)
    {
        FILE.Dereference(stream);
        ulong total = size.Value * count.Value;
        if (total == 0) return 0;
        var bytes = CMem.Bytes(ptr, checked((long)total), "fwrite");
        return stream.TryWrite(bytes) ? count.Value : 0;
    }

    public static ulong fwrite<T>(T[] array, SizeT size, SizeT count, FILE stream) => fwrite((Ptr<T>)array, size, count, stream);

    // ---- positioning ----

    /// <summary>fseek: 0, or -1 (errno EINVAL/EBADF) when the position is invalid or the stream cannot seek.</summary>
    public static int fseek(FILE stream, long offset, int whence)
    {
        FILE.Dereference(stream);
        stream.ThrowIfClosed();
        var s = stream.Stream;
        if (s is null) return Fail(EBADF);
        return s.Seek(offset, whence) ? 0 : Fail(EINVAL);
    }

    public static long ftell(FILE stream)
    {
        FILE.Dereference(stream);
        stream.ThrowIfClosed();
        long pos = stream.Stream?.Tell() ?? -1;
        return pos < 0 ? Fail(EBADF) : pos;
    }

    /// <summary>fgetpos: the stream's position into <paramref name="pos"/> (C11 7.21.9.1): 0, or -1 as ftell.</summary>
    public static int fgetpos(FILE stream, ref fpos_t pos)
    {
        long offset = ftell(stream);
        if (offset < 0) return -1;
        pos.Offset = offset;
        return 0;
    }

    public static int fgetpos(FILE stream, Ptr<fpos_t> pos) => fgetpos(stream, ref pos.Value);

    public static int fgetpos(FILE stream, fpos_t[] pos) => fgetpos(stream, ref pos[0]);

    /// <summary>fsetpos: back to a position fgetpos saved (C11 7.21.9.3), clearing end-of-file as fseek does.</summary>
    public static int fsetpos(FILE stream, in fpos_t pos) => fseek(stream, pos.Offset, SEEK_SET);

    public static int fsetpos(FILE stream, Ptr<fpos_t> pos) => fsetpos(stream, in pos.Value);

    public static int fsetpos(FILE stream, fpos_t[] pos) => fsetpos(stream, in pos[0]);

    public static void rewind(FILE stream)
    {
        fseek(stream, 0, SEEK_SET);
        clearerr(stream);
    }

    // ---- errors ----

    /// <summary>strerror(errnum): a C string, as C's `char *` (a program keeps it in a `char *`, copies it, tests it
    /// against NULL); one array per error number, as glibc returns its one static text.</summary>
    public static Ptr<sbyte> strerror(int errnum) => ErrorStrings.GetOrAdd(errnum, n => CStrings.FromString(ErrorText(n)));

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<int, sbyte[]> ErrorStrings = new();

    /// <summary>The message of an errno value: glibc 2.36's texts for 0-133 (printed by strerror on x86-64 Linux).</summary>
    private static string ErrorText(int errnum) => errnum switch
    {
        0 => "Success",
        1 => "Operation not permitted",
        2 => "No such file or directory",
        3 => "No such process",
        4 => "Interrupted system call",
        5 => "Input/output error",
        6 => "No such device or address",
        7 => "Argument list too long",
        8 => "Exec format error",
        9 => "Bad file descriptor",
        10 => "No child processes",
        11 => "Resource temporarily unavailable",
        12 => "Cannot allocate memory",
        13 => "Permission denied",
        14 => "Bad address",
        15 => "Block device required",
        16 => "Device or resource busy",
        17 => "File exists",
        18 => "Invalid cross-device link",
        19 => "No such device",
        20 => "Not a directory",
        21 => "Is a directory",
        22 => "Invalid argument",
        23 => "Too many open files in system",
        24 => "Too many open files",
        25 => "Inappropriate ioctl for device",
        26 => "Text file busy",
        27 => "File too large",
        28 => "No space left on device",
        29 => "Illegal seek",
        30 => "Read-only file system",
        31 => "Too many links",
        32 => "Broken pipe",
        33 => "Numerical argument out of domain",
        34 => "Numerical result out of range",
        35 => "Resource deadlock avoided",
        36 => "File name too long",
        37 => "No locks available",
        38 => "Function not implemented",
        39 => "Directory not empty",
        40 => "Too many levels of symbolic links",
        42 => "No message of desired type",
        43 => "Identifier removed",
        44 => "Channel number out of range",
        45 => "Level 2 not synchronized",
        46 => "Level 3 halted",
        47 => "Level 3 reset",
        48 => "Link number out of range",
        49 => "Protocol driver not attached",
        50 => "No CSI structure available",
        51 => "Level 2 halted",
        52 => "Invalid exchange",
        53 => "Invalid request descriptor",
        54 => "Exchange full",
        55 => "No anode",
        56 => "Invalid request code",
        57 => "Invalid slot",
        59 => "Bad font file format",
        60 => "Device not a stream",
        61 => "No data available",
        62 => "Timer expired",
        63 => "Out of streams resources",
        64 => "Machine is not on the network",
        65 => "Package not installed",
        66 => "Object is remote",
        67 => "Link has been severed",
        68 => "Advertise error",
        69 => "Srmount error",
        70 => "Communication error on send",
        71 => "Protocol error",
        72 => "Multihop attempted",
        73 => "RFS specific error",
        74 => "Bad message",
        75 => "Value too large for defined data type",
        76 => "Name not unique on network",
        77 => "File descriptor in bad state",
        78 => "Remote address changed",
        79 => "Can not access a needed shared library",
        80 => "Accessing a corrupted shared library",
        81 => ".lib section in a.out corrupted",
        82 => "Attempting to link in too many shared libraries",
        83 => "Cannot exec a shared library directly",
        84 => "Invalid or incomplete multibyte or wide character",
        85 => "Interrupted system call should be restarted",
        86 => "Streams pipe error",
        87 => "Too many users",
        88 => "Socket operation on non-socket",
        89 => "Destination address required",
        90 => "Message too long",
        91 => "Protocol wrong type for socket",
        92 => "Protocol not available",
        93 => "Protocol not supported",
        94 => "Socket type not supported",
        95 => "Operation not supported",
        96 => "Protocol family not supported",
        97 => "Address family not supported by protocol",
        98 => "Address already in use",
        99 => "Cannot assign requested address",
        100 => "Network is down",
        101 => "Network is unreachable",
        102 => "Network dropped connection on reset",
        103 => "Software caused connection abort",
        104 => "Connection reset by peer",
        105 => "No buffer space available",
        106 => "Transport endpoint is already connected",
        107 => "Transport endpoint is not connected",
        108 => "Cannot send after transport endpoint shutdown",
        109 => "Too many references: cannot splice",
        110 => "Connection timed out",
        111 => "Connection refused",
        112 => "Host is down",
        113 => "No route to host",
        114 => "Operation already in progress",
        115 => "Operation now in progress",
        116 => "Stale file handle",
        117 => "Structure needs cleaning",
        118 => "Not a XENIX named type file",
        119 => "No XENIX semaphores available",
        120 => "Is a named type file",
        121 => "Remote I/O error",
        122 => "Disk quota exceeded",
        123 => "No medium found",
        124 => "Wrong medium type",
        125 => "Operation canceled",
        126 => "Required key not available",
        127 => "Key has expired",
        128 => "Key has been revoked",
        129 => "Key was rejected by service",
        130 => "Owner died",
        131 => "State not recoverable",
        132 => "Operation not possible due to RF-kill",
        133 => "Memory page has hardware error",
        _ => $"Unknown error {errnum}",
    };

    /// <summary>perror(s): "s: message" for the current errno on stderr.</summary>
    public static void perror(string? s)
    {
        string message = ErrorText(LibcState.Current.Errno);
        FILE.Stderr.Write(Utf8b.Instance.GetBytes(string.IsNullOrEmpty(s) ? message + "\n" : $"{s}: {message}\n"));
    }

    public static void perror(Ptr<sbyte> s) => perror(CString.Str(s));
}

/// <summary>C's fpos_t: a position fgetpos saves and fsetpos restores. glibc's also holds a multibyte conversion
/// state, which the byte streams here do not have: the offset is the whole position.</summary>
public struct fpos_t
{
    internal long Offset;
}
