namespace CloudMpi.Libc;

public static partial class Stdio
{
    /// <summary>tmpfile(): a new file of no name the program can see, open for reading and writing ("w+b"), removed
    /// when it is closed or when the rank ends (the rank's open files are closed then). NULL and errno on failure.</summary>
    public static FILE tmpfile()
    {
        var state = LibcState.Current;
        string path = Path.Combine(Path.GetTempPath(), $"cmpi-tmpfile-{Guid.NewGuid():N}");
        try
        {
            var stream = new FileStream(path, FileMode.CreateNew, FileAccess.ReadWrite, FileShare.None, 4096,
                                        FileOptions.DeleteOnClose);
            var file = new FILE(new CStream(stream, false), path);
            state.AddOpenFile(file);
            return file;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            state.Errno = EACCES;
            return null!;
        }
    }

    /// <summary>
    /// fdopen(fd, mode): a stream on a descriptor the program opened (open, mkstemp), which fclose closes; the
    /// mode's reading and writing as fopen's ("a" writes at the end), the file not truncated nor created. NULL and
    /// errno (EBADF, EINVAL) for a descriptor that is not open or a mode that is no C mode.
    /// </summary>
    public static FILE fdopen(int fd, string mode)
    {
        var state = LibcState.Current;
        string m = mode.Replace("b", "", StringComparison.Ordinal).Replace("x", "", StringComparison.Ordinal);
        bool plus = m.EndsWith('+');
        FileAccess? access = m.TrimEnd('+') switch
        {
            "r" => plus ? FileAccess.ReadWrite : FileAccess.Read,
            "w" or "a" => plus ? FileAccess.ReadWrite : FileAccess.Write,
            _ => null,
        };
        if (access is null)
        {
            state.Errno = EINVAL;
            return null!;
        }

        if (fd < 0)
        {
            state.Errno = EBADF;
            return null!;
        }

        try
        {
            var handle = new Microsoft.Win32.SafeHandles.SafeFileHandle((IntPtr)fd, ownsHandle: true);
            var stream = new FileStream(handle, access.Value, 4096);
            var file = new FILE(new CStream(stream, m[0] == 'a'), $"/proc/self/fd/{fd}");
            state.AddOpenFile(file);
            return file;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException)
        {
            state.Errno = EBADF;
            return null!;
        }
    }

    public static FILE fdopen(int fd, Ptr<sbyte> mode) => fdopen(fd, CString.Str(mode));

    /// <summary>fileno(stream): the descriptor under the stream (0, 1, 2 for the standard ones; what fsync, fstat and
    /// ftruncate take), or -1 and EBADF for a closed stream or one that has none.</summary>
    public static int fileno(FILE stream)
    {
        ArgumentNullException.ThrowIfNull(stream);
        int fd = stream.Closed ? -1 : stream.Descriptor;
        if (fd < 0) LibcState.Current.Errno = EBADF;
        return fd;
    }
}
