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
}
