using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

#pragma warning disable CS8981, CA1707, IDE1006 // the C library's lower-case names and fields
/// <summary>struct stat of &lt;sys/stat.h&gt;, glibc's x86-64 layout (144 bytes): stat, lstat and fstat fill it
/// in place through the C library, so every field is the kernel's (st_mtime is glibc's macro for st_mtim.tv_sec).</summary>
[StructLayout(LayoutKind.Sequential)]
public struct stat
{
    public ulong st_dev;
    public ulong st_ino;
    public ulong st_nlink;
    public uint st_mode;
    public uint st_uid;
    public uint st_gid;
    public int __pad0;
    public ulong st_rdev;
    public long st_size;
    public long st_blksize;
    public long st_blocks;
    public timespec st_atim;
    public timespec st_mtim;
    public timespec st_ctim;
    public ReservedLongs __glibc_reserved;
}

/// <summary>glibc's three reserved longs at the end of struct stat.</summary>
[InlineArray(3)]
public struct ReservedLongs
{
    private long _element0;
}

/// <summary>struct statvfs of &lt;sys/statvfs.h&gt; (glibc, 64-bit): the file system's sizes in blocks and
/// inodes.</summary>
[StructLayout(LayoutKind.Sequential)]
public struct statvfs
{
    public ulong f_bsize;
    public ulong f_frsize;
    public ulong f_blocks;
    public ulong f_bfree;
    public ulong f_bavail;
    public ulong f_files;
    public ulong f_ffree;
    public ulong f_favail;
    public ulong f_fsid;
    public ulong f_flag;
    public ulong f_namemax;
    public StatvfsSpare __f_spare;
}

/// <summary>glibc's six spare ints at the end of struct statvfs.</summary>
[InlineArray(6)]
public struct StatvfsSpare
{
    private int _element0;
}

/// <summary>struct statfs of &lt;sys/statfs.h&gt; (glibc, x86-64). f_fsid (a struct of two ints) is kept as its
/// eight bytes: a program reads the sizes.</summary>
[StructLayout(LayoutKind.Sequential)]
public struct statfs
{
    public long f_type;
    public long f_bsize;
    public ulong f_blocks;
    public ulong f_bfree;
    public ulong f_bavail;
    public ulong f_files;
    public ulong f_ffree;
    public long f_fsid;
    public long f_namelen;
    public long f_frsize;
    public long f_flags;
    public StatfsSpare f_spare;
}

/// <summary>glibc's four spare longs at the end of struct statfs.</summary>
[InlineArray(4)]
public struct StatfsSpare
{
    private long _element0;
}
/// <summary>struct flock of &lt;fcntl.h&gt; (glibc, x86-64): a byte range to lock with fcntl.</summary>
[StructLayout(LayoutKind.Sequential)]
public struct flock
{
    public short l_type;
    public short l_whence;
    public long l_start;
    public long l_len;
    public int l_pid;
}
#pragma warning restore CS8981, CA1707, IDE1006

/// <summary>
/// POSIX files by descriptor and the file system (&lt;fcntl.h&gt;, &lt;unistd.h&gt;, &lt;sys/stat.h&gt;,
/// &lt;sys/statvfs.h&gt;): open, read, write, lseek, fsync, close, unlink, mkdir, rmdir, access, stat. Each is the C
/// library's own call (the descriptors are the kernel's, shared by the in-process ranks as threads share them, so
/// two ranks never get the same number), its failure the rank's errno. Descriptors 0, 1 and 2 are the rank's stdin,
/// stdout and stderr: write(1, ...) goes through its stdout, in order with printf. Flags and modes are Linux's
/// numbers (the program's O_CREAT, S_IRUSR: glibc's macros, expanded). IOR's POSIX backend and mdtest.
/// </summary>
public static class Posix
{
    private const string Library = "libc";

    // ---- descriptors ----

    /// <summary>open(path, flags[, mode]): a new descriptor, or -1 and errno.</summary>
    public static int open(string path, int flags, long mode = 0) => Check(Native.open(path, flags, (uint)mode));

    public static int open(Ptr<sbyte> path, int flags, long mode = 0) => open(CString.Str(path), flags, mode);

    /// <summary>open64: open (off_t is 64 bits on LP64).</summary>
    public static int open64(string path, int flags, long mode = 0) => open(path, flags, mode);

    public static int open64(Ptr<sbyte> path, int flags, long mode = 0) => open(CString.Str(path), flags, mode);

    /// <summary>creat(path, mode): open(path, O_WRONLY | O_CREAT | O_TRUNC, mode).</summary>
    public static int creat(string path, uint mode) => open(path, 0x1 | 0x40 | 0x200, mode);

    public static int creat(Ptr<sbyte> path, uint mode) => creat(CString.Str(path), mode);

    public static int close(int fd) => fd is >= 0 and <= 2 ? 0 : Check(Native.close(fd));

    /// <summary>read(fd, buf, count): the bytes read (0 at the end), or -1 and errno.</summary>
    public static long read<T>(int fd, Ptr<T> buf, SizeT count)
    {
        var bytes = CMem.Bytes(buf, checked((long)count.Value), "read");
        if (fd == 0) return ReadStdin(bytes);
        return Check(Native.read(fd, ref MemoryMarshal.GetReference(bytes), (nuint)bytes.Length));
    }

    public static long read<T>(int fd, T[] buf, SizeT count) => read(fd, (Ptr<T>)buf, count);

    /// <summary>write(fd, buf, count): the bytes written, or -1 and errno; 1 and 2 are the rank's stdout and stderr.</summary>
    public static long write<T>(int fd, Ptr<T> buf, SizeT count)
    {
        var bytes = CMem.Bytes(buf, checked((long)count.Value), "write");
        if (fd is 1 or 2)
        {
            var stream = fd == 1 ? Stdio.stdout : Stdio.stderr;
            return stream.TryWrite(bytes) && Stdio.fflush(stream) == 0 ? bytes.Length : -1;
        }

        return Check(Native.write(fd, ref MemoryMarshal.GetReference(bytes), (nuint)bytes.Length));
    }

    public static long write<T>(int fd, T[] buf, SizeT count) => write(fd, (Ptr<T>)buf, count);

    /// <summary>pread(fd, buf, count, offset): read at an offset, the descriptor's position unchanged.</summary>
    public static long pread<T>(int fd, Ptr<T> buf, SizeT count, long offset)
    {
        var bytes = CMem.Bytes(buf, checked((long)count.Value), "pread");
        return Check(Native.pread(fd, ref MemoryMarshal.GetReference(bytes), (nuint)bytes.Length, offset));
    }

    public static long pread<T>(int fd, T[] buf, SizeT count, long offset) => pread(fd, (Ptr<T>)buf, count, offset);

    public static long pread64<T>(int fd, Ptr<T> buf, SizeT count, long offset) => pread(fd, buf, count, offset);

    /// <summary>pwrite(fd, buf, count, offset): write at an offset, the descriptor's position unchanged.</summary>
    public static long pwrite<T>(int fd, Ptr<T> buf, SizeT count, long offset)
    {
        var bytes = CMem.Bytes(buf, checked((long)count.Value), "pwrite");
        return Check(Native.pwrite(fd, ref MemoryMarshal.GetReference(bytes), (nuint)bytes.Length, offset));
    }

    public static long pwrite<T>(int fd, T[] buf, SizeT count, long offset) => pwrite(fd, (Ptr<T>)buf, count, offset);

    public static long pwrite64<T>(int fd, Ptr<T> buf, SizeT count, long offset) => pwrite(fd, buf, count, offset);

    /// <summary>lseek(fd, offset, whence): the new position, or -1 and errno.</summary>
    public static long lseek(int fd, long offset, int whence) => Check(Native.lseek(fd, offset, whence));

    public static long lseek64(int fd, long offset, int whence) => lseek(fd, offset, whence);

    public static int fsync(int fd) => fd is >= 0 and <= 2 ? 0 : Check(Native.fsync(fd));

    public static int fdatasync(int fd) => fd is >= 0 and <= 2 ? 0 : Check(Native.fdatasync(fd));

    public static int ftruncate(int fd, long length) => Check(Native.ftruncate(fd, length));

    /// <summary>fcntl(fd, cmd[, arg]): the C library's, with an int argument (F_GETFL, F_SETFL, F_DUPFD) or a struct
    /// flock (F_SETLK, F_SETLKW, F_GETLK). Record locks belong to the process: the in-process ranks share one, so
    /// they do not exclude each other as separate processes' locks do (IOR's --posix.rangelocks).</summary>
    public static int fcntl(int fd, int cmd) => Check(Native.fcntl(fd, cmd, 0L));

    public static int fcntl(int fd, int cmd, long arg) => Check(Native.fcntl(fd, cmd, arg));

    public static int fcntl(int fd, int cmd, ref global::CloudMpi.Libc.flock range) => Check(Native.fcntl(fd, cmd, ref range));

    public static int fcntl(int fd, int cmd, Ptr<global::CloudMpi.Libc.flock> range) => fcntl(fd, cmd, ref range.Value);

    /// <summary>sync(): every file system's buffers to disk.</summary>
    public static void sync() => Native.sync();

    // ---- names in the file system ----

    /// <summary>
    /// mkstemp(template): glibc's own call creates and opens a new file whose name is the template with its trailing
    /// "XXXXXX" replaced (written back into the program's array, as C does), or -1 and errno (EINVAL for a template
    /// without them, left unchanged).
    /// </summary>
    public static int mkstemp(Ptr<sbyte> template)
    {
        int n = checked((int)CString.strlen(template));
        var bytes = new byte[n + 1];
        for (int i = 0; i < n; i++) bytes[i] = (byte)template[i];
        int fd = Check(Native.mkstemp(bytes));
        if (fd >= 0)
        {
            for (int i = 0; i < n; i++) template[i] = (sbyte)bytes[i];
        }

        return fd;
    }

    // ---- byte order (arpa/inet.h): network order is big-endian, the host (x86-64) little-endian ----

    /// <summary>htonl(x): x's four bytes in network (big-endian) order.</summary>
    public static uint htonl(uint x) => BinaryPrimitives.ReverseEndianness(x);

    /// <summary>htons(x): x's two bytes in network (big-endian) order.</summary>
    public static ushort htons(ushort x) => BinaryPrimitives.ReverseEndianness(x);

    /// <summary>ntohl(x): a network-order (big-endian) 32-bit number in host order.</summary>
    public static uint ntohl(uint x) => BinaryPrimitives.ReverseEndianness(x);

    /// <summary>ntohs(x): a network-order (big-endian) 16-bit number in host order.</summary>
    public static ushort ntohs(ushort x) => BinaryPrimitives.ReverseEndianness(x);

    public static int unlink(string path) => Check(Native.unlink(path));

    public static int unlink(Ptr<sbyte> path) => unlink(CString.Str(path));

    public static int mkdir(string path, uint mode) => Check(Native.mkdir(path, mode));

    public static int mkdir(Ptr<sbyte> path, uint mode) => mkdir(CString.Str(path), mode);

    /// <summary>mknod(path, mode, dev): a regular file (S_IFREG), a FIFO or a device node, as the kernel allows.</summary>
    public static int mknod(string path, uint mode, ulong dev) => Check(Native.mknod(path, mode, dev));

    public static int mknod(Ptr<sbyte> path, uint mode, ulong dev) => mknod(CString.Str(path), mode, dev);

    public static int rmdir(string path) => Check(Native.rmdir(path));

    public static int rmdir(Ptr<sbyte> path) => rmdir(CString.Str(path));

    /// <summary>access(path, mode): 0 when the caller may (F_OK 0, R_OK 4, W_OK 2, X_OK 1), else -1 and errno.</summary>
    public static int access(string path, int mode) => Check(Native.access(path, mode));

    public static int access(Ptr<sbyte> path, int mode) => access(CString.Str(path), mode);

    public static int truncate(string path, long length) => Check(Native.truncate(path, length));

    public static int truncate(Ptr<sbyte> path, long length) => truncate(CString.Str(path), length);

    // ---- stat ----

    public static int stat(string path, ref global::CloudMpi.Libc.stat buf) => Check(Native.stat(path, ref buf));

    public static int stat(Ptr<sbyte> path, ref global::CloudMpi.Libc.stat buf) => stat(CString.Str(path), ref buf);

    public static int stat(string path, Ptr<global::CloudMpi.Libc.stat> buf) => stat(path, ref buf.Value);

    public static int stat(Ptr<sbyte> path, Ptr<global::CloudMpi.Libc.stat> buf) => stat(CString.Str(path), ref buf.Value);

    public static int lstat(string path, ref global::CloudMpi.Libc.stat buf) => Check(Native.lstat(path, ref buf));

    public static int lstat(Ptr<sbyte> path, ref global::CloudMpi.Libc.stat buf) => lstat(CString.Str(path), ref buf);

    public static int lstat(string path, Ptr<global::CloudMpi.Libc.stat> buf) => lstat(path, ref buf.Value);

    public static int lstat(Ptr<sbyte> path, Ptr<global::CloudMpi.Libc.stat> buf) => lstat(CString.Str(path), ref buf.Value);

    public static int fstat(int fd, ref global::CloudMpi.Libc.stat buf) => Check(Native.fstat(fd, ref buf));

    public static int fstat(int fd, Ptr<global::CloudMpi.Libc.stat> buf) => fstat(fd, ref buf.Value);

    public static int statvfs(string path, ref global::CloudMpi.Libc.statvfs buf) => Check(Native.statvfs(path, ref buf));

    public static int statvfs(Ptr<sbyte> path, ref global::CloudMpi.Libc.statvfs buf) => statvfs(CString.Str(path), ref buf);

    public static int statvfs(string path, Ptr<global::CloudMpi.Libc.statvfs> buf) => statvfs(path, ref buf.Value);

    public static int statvfs(Ptr<sbyte> path, Ptr<global::CloudMpi.Libc.statvfs> buf) => statvfs(CString.Str(path), ref buf.Value);

    public static int statfs(string path, ref global::CloudMpi.Libc.statfs buf) => Check(Native.statfs(path, ref buf));

    public static int statfs(Ptr<sbyte> path, ref global::CloudMpi.Libc.statfs buf) => statfs(CString.Str(path), ref buf);

    public static int statfs(string path, Ptr<global::CloudMpi.Libc.statfs> buf) => statfs(path, ref buf.Value);

    public static int statfs(Ptr<sbyte> path, Ptr<global::CloudMpi.Libc.statfs> buf) => statfs(CString.Str(path), ref buf.Value);

    // ---- the process ----

    /// <summary>getcwd(buf, size): the current directory's name into buf (NULL and ERANGE when it does not fit).</summary>
    public static Ptr<sbyte> getcwd(Ptr<sbyte> buf, SizeT size)
    {
        byte[] name = Utf8b.Instance.GetBytes(Directory.GetCurrentDirectory());
        if ((ulong)name.Length + 1 > size.Value)
        {
            LibcState.Current.Errno = 34; // ERANGE
            return default;
        }

        var target = CMem.Bytes(buf, name.Length + 1, "getcwd");
        name.CopyTo(target);
        target[name.Length] = 0;
        return buf;
    }

    public static uint getuid() => Native.getuid();

    public static uint geteuid() => Native.geteuid();

    public static uint getgid() => Native.getgid();

    /// <summary>umask(mask): the previous mask.</summary>
    public static uint umask(uint mask) => Native.umask(mask);

    /// <summary>nanosleep(req, rem): sleeps the rank's thread for req, the whole of it. Linux writes rem only when
    /// a signal interrupts the sleep, which none does here, so rem is never written (an uninterrupted or refused
    /// sleep leaves it as it was); the overloads take it as a pointer, NULL, or a `ref` to a local struct
    /// (`nanosleep(&req, &rem)`, the same struct as both too).</summary>
    public static int nanosleep(ref timespec req, Ptr<timespec> rem) => Sleep(req);

    public static int nanosleep(ref timespec req, ref timespec rem) => Sleep(req);

    public static int nanosleep(Ptr<timespec> req, ref timespec rem) => Sleep(req.Value);

    static int Sleep(timespec req)
    {
        if (req.tv_sec < 0 || req.tv_nsec is < 0 or > 999999999)
        {
            LibcState.Current.Errno = 22; // EINVAL
            return -1;
        }

        Thread.Sleep(TimeSpan.FromTicks(req.tv_sec * TimeSpan.TicksPerSecond + req.tv_nsec / 100));
        return 0;
    }

    public static int nanosleep(Ptr<timespec> req, Ptr<timespec> rem) => Sleep(req.Value);

    /// <summary>system(command): runs /bin/sh -c command and returns its wait status (the exit status times 256), its
    /// output into the rank's stdout and stderr; system(NULL) is 1 (a shell is there).</summary>
    public static int system(Ptr<sbyte> command) => command.IsNull ? 1 : system(CString.Str(command));

    public static int system(string? command)
    {
        if (command is null)
            return 1; // system(NULL): the translation's `null`, a shell is there
        Stdio.fflush(Stdio.stdout);
        var start = new System.Diagnostics.ProcessStartInfo("/bin/sh")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add("-c");
        start.ArgumentList.Add(command);
        try
        {
            using var process = System.Diagnostics.Process.Start(start)!;
            var error = process.StandardError.ReadToEndAsync();
            string output = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            Stdio.fputs(output, Stdio.stdout);
            Stdio.fputs(error.Result, Stdio.stderr);
            return (process.ExitCode & 0xff) << 8;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return 127 << 8;
        }
    }

    /// <summary>realpath(path, resolved): the absolute name, links resolved, into resolved (PATH_MAX bytes), or
    /// a new buffer when resolved is NULL; NULL and errno when a part does not exist.</summary>
    public static Ptr<sbyte> realpath(Ptr<sbyte> path, Ptr<sbyte> resolved) => realpath(CString.Str(path), resolved);

    public static Ptr<sbyte> realpath(string path, Ptr<sbyte> resolved)
    {
        var buffer = new byte[4096];
        if (Native.realpath(path, buffer) == IntPtr.Zero)
        {
            LibcState.Current.Errno = Marshal.GetLastPInvokeError();
            return default;
        }

        int n = Array.IndexOf(buffer, (byte)0);
        Ptr<sbyte> target = resolved.IsNull ? new sbyte[n + 1] : resolved;
        var bytes = CMem.Bytes(target, n + 1, "realpath");
        buffer.AsSpan(0, n + 1).CopyTo(bytes);
        return target;
    }

    // ---- <libgen.h> and GNU's <string.h> basename: the results point into the caller's string, or at a constant "."
    // (a new copy here: C's is static, and a program may not write it either)

    /// <summary>GNU basename(path) (string.h with _GNU_SOURCE, no libgen.h): what follows the last '/', which is empty
    /// for a path ending in '/'; the path itself when it has none. It never writes the path.</summary>
    public static Ptr<sbyte> basename(Ptr<sbyte> path)
    {
        var slash = CString.strrchr(path, '/');
        return slash.IsNull ? path : slash + 1;
    }

    public static Ptr<sbyte> basename(string path) => basename(CString.Lit(path));

    /// <summary>POSIX basename(path), glibc's __xpg_basename (what libgen.h's basename names): the last component with
    /// the slashes after it removed (written into the path as a NUL); "." for NULL or ""; "/" for a path of slashes
    /// only (its last slash).</summary>
    public static Ptr<sbyte> __xpg_basename(Ptr<sbyte> path)
    {
        if (path.IsNull || path[0] == 0) return CString.Lit(".");
        int n = CString.Length(path), end = n;
        while (end > 1 && path[end - 1] == '/') end--;
        if (end == 1 && path[0] == '/') return path + (n - 1); // slashes only: the last one, nothing written
        if (end < n) path[end] = 0;
        int start = end;
        while (start > 0 && path[start - 1] != '/') start--;
        return path + start;
    }

    /// <summary>POSIX dirname(path): the path up to its last component, without the slashes before it (written into the
    /// path as a NUL); "." for NULL, "" or a path with no '/'; "/" for a file in the root ("//" kept, as glibc).</summary>
    public static Ptr<sbyte> dirname(Ptr<sbyte> path)
    {
        if (path.IsNull || path[0] == 0) return CString.Lit(".");
        int end = CString.Length(path);
        if (end == 2 && path[0] == '/' && path[1] == '/') return path; // "//" stays, as glibc has it
        while (end > 1 && path[end - 1] == '/') end--;           // trailing slashes
        while (end > 0 && path[end - 1] != '/') end--;           // the last component
        if (end == 0) return CString.Lit(".");
        int cut = end;
        while (cut > 1 && path[cut - 1] == '/') cut--;           // the slashes before it
        // glibc keeps "//" of a path that starts with exactly two slashes and has nothing else before the component
        if (cut == 1 && end == 2 && path[1] == '/') cut = 2;
        return TrimmedAt(path, cut);
    }

    // A string literal's overloads: the unused optional parameter makes a C# null (C's NULL, which these define) pick
    // the Ptr overload, which needs no default filled in (C# 12.6.4.3), where it was ambiguous with string (CS0121).
    public static Ptr<sbyte> __xpg_basename(string path, int literal = 0) => __xpg_basename(CString.Lit(path));

    public static Ptr<sbyte> dirname(string path, int literal = 0) => dirname(CString.Lit(path));

    private static Ptr<sbyte> TrimmedAt(Ptr<sbyte> path, int at)
    {
        path[at] = 0;
        return path;
    }

    /// <summary>setenv(name, value, overwrite): the process's environment (the ranks' getenv reads it).</summary>
    public static int setenv(string name, string value, int overwrite)
    {
        if (string.IsNullOrEmpty(name) || name.Contains('=', StringComparison.Ordinal))
        {
            LibcState.Current.Errno = 22; // EINVAL
            return -1;
        }

        if (overwrite != 0 || Environment.GetEnvironmentVariable(name) is null)
            Environment.SetEnvironmentVariable(name, value);
        return 0;
    }

    public static int setenv(Ptr<sbyte> name, Ptr<sbyte> value, int overwrite) =>
        setenv(CString.Str(name), CString.Str(value), overwrite);

    public static int setenv(string name, Ptr<sbyte> value, int overwrite) => setenv(name, CString.Str(value), overwrite);

    public static int setenv(Ptr<sbyte> name, string value, int overwrite) => setenv(CString.Str(name), value, overwrite);

    /// <summary>environ: the process's environment as C's NULL-ended array of "NAME=value" strings, made when read
    /// (a copy: setenv's changes show in the next read).</summary>
    public static Ptr<Ptr<sbyte>> environ
    {
        get
        {
            var entries = Environment.GetEnvironmentVariables();
            var names = entries.Keys.Cast<string>().Order(StringComparer.Ordinal).ToList();
            var array = new Ptr<sbyte>[names.Count + 1];
            for (int i = 0; i < names.Count; i++) array[i] = CString.Lit($"{names[i]}={entries[names[i]]}");
            return array;
        }
    }

    /// <summary>putenv("NAME=value"): sets NAME for the process (glibc keeps the caller's string as the entry, so a
    /// later change of the string shows; the port copies it when called); "NAME" without '=' removes NAME, as glibc
    /// does. MPI codes use it to set Open MPI's variables before MPI_Init (`OMPI_MCA_btl=^openib`).</summary>
    public static int putenv(string entry)
    {
        int eq = entry.IndexOf('=', StringComparison.Ordinal);
        if (eq < 0)
            return unsetenv(entry);
        if (eq == 0)
        {
            LibcState.Current.Errno = 22; // EINVAL
            return -1;
        }
        Environment.SetEnvironmentVariable(entry[..eq], entry[(eq + 1)..]);
        return 0;
    }

    public static int putenv(Ptr<sbyte> entry) => putenv(CString.Str(entry));

    public static int unsetenv(string name)
    {
        Environment.SetEnvironmentVariable(name, null);
        return 0;
    }

    public static int unsetenv(Ptr<sbyte> name) => unsetenv(CString.Str(name));

    // ---- memory maps (sys/mman.h) ----

    public const int PROT_NONE = 0, PROT_READ = 1, PROT_WRITE = 2, MAP_SHARED = 1, MAP_PRIVATE = 2, MAP_ANONYMOUS = 0x20;
    public const int MS_ASYNC = 1, MS_INVALIDATE = 2, MS_SYNC = 4;

    private static readonly byte[] s_mapFailed = new byte[1];

    /// <summary>MAP_FAILED, glibc's <c>(void *) -1</c>: the pointer mmap returns when it fails (a handle compared with
    /// Handle.Same).</summary>
    public static readonly object MAP_FAILED = new Ptr<byte>(s_mapFailed, 0);

    private sealed class Mapping
    {
        public int Fd = -1;
        public long Offset;
        public bool WritesBack;
    }

    private static readonly ConditionalWeakTable<byte[], Mapping> s_mappings = new();

    /// <summary>
    /// mmap(addr, length, prot, flags, fd, offset): the file's bytes from offset in memory of the port's own (a managed
    /// array: C# has no pointer into the page cache), read when mapped; a MAP_SHARED, PROT_WRITE map writes what the
    /// program changed back to the file at msync and munmap, as the kernel would at the latest then. Another process's
    /// writes to the file after the map are not seen in it. MAP_ANONYMOUS is zeroed memory. MAP_FAILED and errno on
    /// failure. IOR's MMAP backend.
    /// </summary>
    public static Ptr<byte> mmap(object? addr, SizeT length, int prot, int flags, int fd, long offset)
    {
        var state = LibcState.Current;
        if (length.Value == 0 || length.Value > int.MaxValue || offset < 0)
        {
            state.Errno = 22; // EINVAL
            return new Ptr<byte>(s_mapFailed, 0);
        }

        var memory = new byte[(int)length.Value];
        var mapping = new Mapping { Offset = offset };
        if ((flags & MAP_ANONYMOUS) == 0)
        {
            int own = Native.dup(fd);
            if (own < 0)
            {
                state.Errno = Marshal.GetLastPInvokeError();
                return new Ptr<byte>(s_mapFailed, 0);
            }

            long got = 0;
            while (got < memory.Length)
            {
                long n = Native.pread(own, ref memory[(int)got], (nuint)(memory.Length - got), offset + got);
                if (n <= 0) break;  // past the end of the file: zeros, as the kernel's last page
                got += n;
            }

            mapping.Fd = own;
            mapping.WritesBack = (flags & MAP_SHARED) != 0 && (prot & PROT_WRITE) != 0;
        }

        s_mappings.AddOrUpdate(memory, mapping);
        return new Ptr<byte>(memory, 0);
    }

    /// <summary>msync(addr, length, flags): the map's bytes in [addr, addr + length) written back to the file.</summary>
    public static int msync(object? addr, SizeT length, int flags)
    {
        var bytes = Handle.Bytes(addr, "msync");
        if (bytes.Array is not byte[] memory || !s_mappings.TryGetValue(memory, out var mapping))
        {
            LibcState.Current.Errno = 12; // ENOMEM: not a mapped range
            return -1;
        }

        return WriteBack(memory, mapping, bytes.Offset, (long)Math.Min(length.Value, (ulong)(memory.Length - bytes.Offset)), flags);
    }

    /// <summary>munmap(addr, length): a shared writable map written back, then forgotten.</summary>
    public static int munmap(object? addr, SizeT length)
    {
        var bytes = Handle.Bytes(addr, "munmap");
        if (bytes.Array is not byte[] memory || !s_mappings.TryGetValue(memory, out var mapping)) return 0;
        int rc = WriteBack(memory, mapping, 0, memory.Length, 0);
        if (mapping.Fd >= 0) Native.close(mapping.Fd);
        mapping.Fd = -1;
        s_mappings.Remove(memory);
        return rc;
    }

    /// <summary>posix_madvise and madvise: advice the port's memory does not need (0).</summary>
    public static int posix_madvise(object? addr, SizeT length, int advice) => 0;

    public static int madvise(object? addr, SizeT length, int advice) => 0;

    private static int WriteBack(byte[] memory, Mapping mapping, int from, long count, int flags)
    {
        if (!mapping.WritesBack || mapping.Fd < 0 || count <= 0) return 0;
        long done = 0;
        while (done < count)
        {
            long n = Native.pwrite(mapping.Fd, ref memory[from + (int)done], (nuint)(count - done), mapping.Offset + from + done);
            if (n < 0)
            {
                LibcState.Current.Errno = Marshal.GetLastPInvokeError();
                return -1;
            }

            done += n;
        }

        if ((flags & MS_SYNC) != 0) Native.fsync(mapping.Fd);
        return 0;
    }

    private static long ReadStdin(Span<byte> bytes)
    {
        int got = 0;
        while (got < bytes.Length)
        {
            int c = Stdio.fgetc(Stdio.stdin);
            if (c < 0) break;
            bytes[got++] = (byte)c;
            if (c == '\n') break; // a terminal's read ends at the line
        }

        return got;
    }

    private static int Check(int result)
    {
        if (result < 0) LibcState.Current.Errno = Marshal.GetLastPInvokeError();
        return result;
    }

    private static long Check(long result)
    {
        if (result < 0) LibcState.Current.Errno = Marshal.GetLastPInvokeError();
        return result;
    }

    private static class Native
    {
        [DllImport(Library, SetLastError = true)] public static extern int open([MarshalAs(UnmanagedType.LPUTF8Str)] string path, int flags, uint mode);
        [DllImport(Library, SetLastError = true)] public static extern int close(int fd);
        [DllImport(Library, SetLastError = true)] public static extern int mkstemp([In, Out] byte[] template);
        [DllImport(Library, SetLastError = true)] public static extern long read(int fd, ref byte buf, nuint count);
        [DllImport(Library, SetLastError = true)] public static extern long write(int fd, ref byte buf, nuint count);
        [DllImport(Library, SetLastError = true)] public static extern long pread(int fd, ref byte buf, nuint count, long offset);
        [DllImport(Library, SetLastError = true)] public static extern long pwrite(int fd, ref byte buf, nuint count, long offset);
        [DllImport(Library, SetLastError = true)] public static extern long lseek(int fd, long offset, int whence);
        [DllImport(Library, SetLastError = true)] public static extern int fsync(int fd);
        [DllImport(Library, SetLastError = true)] public static extern int fdatasync(int fd);
        [DllImport(Library, SetLastError = true)] public static extern int ftruncate(int fd, long length);
        [DllImport(Library)] public static extern void sync();
        [DllImport(Library, SetLastError = true)] public static extern int unlink([MarshalAs(UnmanagedType.LPUTF8Str)] string path);
        [DllImport(Library, SetLastError = true)] public static extern int mkdir([MarshalAs(UnmanagedType.LPUTF8Str)] string path, uint mode);
        [DllImport(Library, SetLastError = true)] public static extern int mknod([MarshalAs(UnmanagedType.LPUTF8Str)] string path, uint mode, ulong dev);
        [DllImport(Library, SetLastError = true)] public static extern int rmdir([MarshalAs(UnmanagedType.LPUTF8Str)] string path);
        [DllImport(Library, SetLastError = true)] public static extern int access([MarshalAs(UnmanagedType.LPUTF8Str)] string path, int mode);
        [DllImport(Library, SetLastError = true)] public static extern int truncate([MarshalAs(UnmanagedType.LPUTF8Str)] string path, long length);
        [DllImport(Library, SetLastError = true)] public static extern int stat([MarshalAs(UnmanagedType.LPUTF8Str)] string path, ref global::CloudMpi.Libc.stat buf);
        [DllImport(Library, SetLastError = true)] public static extern int lstat([MarshalAs(UnmanagedType.LPUTF8Str)] string path, ref global::CloudMpi.Libc.stat buf);
        [DllImport(Library, SetLastError = true)] public static extern int fstat(int fd, ref global::CloudMpi.Libc.stat buf);
        [DllImport(Library, SetLastError = true)] public static extern int statvfs([MarshalAs(UnmanagedType.LPUTF8Str)] string path, ref global::CloudMpi.Libc.statvfs buf);
        [DllImport(Library, SetLastError = true)] public static extern int statfs([MarshalAs(UnmanagedType.LPUTF8Str)] string path, ref global::CloudMpi.Libc.statfs buf);
        [DllImport(Library)] public static extern uint getuid();
        [DllImport(Library)] public static extern uint geteuid();
        [DllImport(Library)] public static extern uint getgid();
        [DllImport(Library)] public static extern uint umask(uint mask);
        [DllImport(Library, SetLastError = true)] public static extern int dup(int fd);
        [DllImport(Library, SetLastError = true)] public static extern int fcntl(int fd, int cmd, long arg);
        [DllImport(Library, SetLastError = true)] public static extern int fcntl(int fd, int cmd, ref global::CloudMpi.Libc.flock range);
        [DllImport(Library, SetLastError = true)] public static extern IntPtr realpath([MarshalAs(UnmanagedType.LPUTF8Str)] string path, byte[] resolved);
    }
}
