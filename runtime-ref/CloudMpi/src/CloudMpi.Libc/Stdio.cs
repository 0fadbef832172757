using System.Text;

namespace CloudMpi.Libc;

/// <summary>&lt;stdio.h&gt;: the printf family and character output.</summary>
public static partial class Stdio
{
    public const int EOF = -1;

    /// <summary>The calling rank's stdout.</summary>
    public static FILE stdout => FILE.Stdout;

    /// <summary>The calling rank's stderr.</summary>
    public static FILE stderr => FILE.Stderr;

    public static int printf(string format, params object?[] args) => vfprintf(FILE.Stdout, format, args);

    public static int printf(sbyte[] format, params object?[] args) => vfprintf(FILE.Stdout, format, args);

    public static int fprintf(FILE stream, string format, params object?[] args) => vfprintf(stream, format, args);

    public static int fprintf(FILE stream, sbyte[] format, params object?[] args) => vfprintf(stream, format, args);

    public static int printf(Ptr<sbyte> format, params object?[] args) => vfprintf(FILE.Stdout, format, args);

    public static int fprintf(FILE stream, Ptr<sbyte> format, params object?[] args) => vfprintf(stream, format, args);

    public static int vprintf(string format, object?[] args) => vfprintf(FILE.Stdout, format, args);

    public static int vfprintf(FILE stream, Ptr<sbyte> format, object?[] args)
    {
        ArgumentNullException.ThrowIfNull(stream);
        return WriteFormatted(stream, CString.Bytes(format), args);
    }

    public static int vfprintf(FILE stream, string format, object?[] args)
    {
        ArgumentNullException.ThrowIfNull(stream);
        return WriteFormatted(stream, Utf8b.Instance.GetBytes(format), args);
    }

    public static int vfprintf(FILE stream, sbyte[] format, object?[] args)
    {
        ArgumentNullException.ThrowIfNull(stream);
        return WriteFormatted(stream, CStrings.Bytes(format, 0, -1), args);
    }

    private static int WriteFormatted(FILE stream, ReadOnlySpan<byte> format, object?[] args)
    {
        var sink = new ByteSink();
        CFormat.FormatTo(sink, format, args);
        return stream.TryWrite(sink.Span) ? sink.Length : -1;
    }

    // ---- sprintf / snprintf into NUL-terminated char buffers ----

    public static int sprintf(sbyte[] buffer, string format, params object?[] args) => vsprintf(buffer, 0, format, args);

    public static int sprintf(sbyte[] buffer, int offset, string format, params object?[] args) => vsprintf(buffer, offset, format, args);

    public static int vsprintf(sbyte[] buffer, int offset, string format, object?[] args)
    {
        ArgumentNullException.ThrowIfNull(buffer);
        var sink = Format(format, args);
        if (offset < 0 || sink.Length + 1 > buffer.Length - offset)
        {
            throw new IndexOutOfRangeException(
                $"sprintf: {sink.Length + 1} bytes do not fit in the buffer ({buffer.Length} bytes from offset {offset})");
        }

        Copy(sink.Span, buffer, offset);
        buffer[offset + sink.Length] = 0;
        return sink.Length;
    }

    public static int snprintf(sbyte[]? buffer, int size, string format, params object?[] args) => vsnprintf(buffer, 0, size, format, args);

    public static int snprintf(sbyte[]? buffer, long size, string format, params object?[] args) => vsnprintf(buffer, 0, size, format, args);

    public static int snprintf(sbyte[]? buffer, ulong size, string format, params object?[] args) =>
        vsnprintf(buffer, 0, size > long.MaxValue ? long.MaxValue : (long)size, format, args);

    public static int snprintf(sbyte[]? buffer, int offset, int size, string format, params object?[] args) => vsnprintf(buffer, offset, size, format, args);

    public static int snprintf(sbyte[]? buffer, int offset, long size, string format, params object?[] args) => vsnprintf(buffer, offset, size, format, args);

    // A char* buffer (Ptr<sbyte>) and a format held in a char array.

    public static int sprintf(Ptr<sbyte> buffer, string format, params object?[] args) => Put(buffer, Format(format, args));

    public static int sprintf(Ptr<sbyte> buffer, Ptr<sbyte> format, params object?[] args) => Put(buffer, Format(format, args));

    public static int vsprintf(Ptr<sbyte> buffer, string format, object?[] args) => Put(buffer, Format(format, args));

    public static int snprintf(Ptr<sbyte> buffer, SizeT size, string format, params object?[] args) => PutLimited(buffer, size, Format(format, args));

    public static int snprintf(Ptr<sbyte> buffer, SizeT size, Ptr<sbyte> format, params object?[] args) => PutLimited(buffer, size, Format(format, args));

    public static int vsnprintf(Ptr<sbyte> buffer, SizeT size, string format, object?[] args) => PutLimited(buffer, size, Format(format, args));

    private static int Put(Ptr<sbyte> buffer, ByteSink sink)
    {
        var target = buffer.AsSpan(sink.Length + 1);
        Copy(sink.Span, target);
        target[sink.Length] = 0;
        return sink.Length;
    }

    private static int PutLimited(Ptr<sbyte> buffer, SizeT size, ByteSink sink)
    {
        if (size.Value == 0) return sink.Length;
        int n = (int)Math.Min((ulong)sink.Length, size.Value - 1);
        var target = buffer.AsSpan(n + 1);
        Copy(sink.Span[..n], target);
        target[n] = 0;
        return sink.Length;
    }

    private static ByteSink Format(Ptr<sbyte> format, object?[] args)
    {
        var sink = new ByteSink();
        CFormat.FormatTo(sink, CString.Bytes(format), args);
        return sink;
    }

    private static void Copy(ReadOnlySpan<byte> bytes, Span<sbyte> target) =>
        bytes.CopyTo(System.Runtime.InteropServices.MemoryMarshal.AsBytes(target));

    /// <summary>Writes at most size-1 bytes and a NUL; returns the length the full output would have.</summary>
    public static int vsnprintf(sbyte[]? buffer, int offset, long size, string format, object?[] args)
    {
        var sink = Format(format, args);
        if (size <= 0) return sink.Length;
        ArgumentNullException.ThrowIfNull(buffer);
        if (offset < 0 || size > buffer.Length - offset)
        {
            throw new IndexOutOfRangeException(
                $"snprintf: size {size} exceeds the buffer ({buffer.Length} bytes from offset {offset})");
        }

        int n = (int)Math.Min(sink.Length, size - 1);
        Copy(sink.Span[..n], buffer, offset);
        buffer[offset + n] = 0;
        return sink.Length;
    }

    private static ByteSink Format(string format, object?[] args)
    {
        var sink = new ByteSink();
        CFormat.FormatTo(sink, Utf8b.Instance.GetBytes(format), args);
        return sink;
    }

    private static void Copy(ReadOnlySpan<byte> bytes, sbyte[] buffer, int offset) =>
        bytes.CopyTo(CStrings.AsBytes(buffer).Slice(offset));

    // ---- character and string output ----

    /// <summary>Writes the string and a newline to stdout.</summary>
    public static int puts(string s)
    {
        FILE.Stdout.Write(CStrings.Bytes(Utf8b.Instance.GetBytes(s), 0, -1)); // to the literal's first NUL
        FILE.Stdout.Write("\n"u8);
        return 1;
    }

    public static int puts(sbyte[] s, int offset = 0)
    {
        var bytes = CStrings.Bytes(s, offset, -1);
        FILE.Stdout.Write(bytes);
        FILE.Stdout.Write("\n"u8);
        return 1;
    }

    public static int puts(Ptr<sbyte> s)
    {
        FILE.Stdout.Write(CString.Bytes(s));
        FILE.Stdout.Write("\n"u8);
        return 1;
    }

    // fputs returns a non-negative number on success (glibc: 1), EOF on a write error.
    public static int fputs(Ptr<sbyte> s, FILE stream) => stream.TryWrite(CString.Bytes(s)) ? 1 : EOF;

    public static int fputs(string s, FILE stream) => stream.TryWrite(Utf8b.Instance.GetBytes(s)) ? 1 : EOF;

    public static int fputs(sbyte[] s, FILE stream) => stream.TryWrite(CStrings.Bytes(s, 0, -1)) ? 1 : EOF;

    /// <summary>Writes (unsigned char)c; returns it.</summary>
    public static int putchar(int c) => fputc(c, FILE.Stdout);

    public static int fputc(int c, FILE stream)
    {
        byte b = unchecked((byte)c);
        return stream.TryWrite([b]) ? b : EOF;
    }

    public static int putc(int c, FILE stream) => fputc(c, stream);

    /// <summary>fflush(NULL) flushes the rank's stdout and stderr.</summary>
    public static int fflush(FILE? stream)
    {
        if (stream is null) LibcState.Current.Flush();
        else stream.Flush();
        return 0;
    }

    /// <summary>
    /// setvbuf(stdout, NULL, _IONBF, 0), which MPI programs call so that ranks' lines do not wait in a buffer: the
    /// stream keeps its own buffering (cmpi-run collects each rank's output by lines), and what it holds is written now.
    /// </summary>
    public static int setvbuf(FILE? stream, Ptr<sbyte> buf, int mode, ulong size)
    {
        stream?.Flush();
        if (mode is not (0 or 1 or 2)) return -1; // _IOFBF, _IOLBF, _IONBF
        if (stream is not null && ReferenceEquals(stream, stdout))
            LibcState.Current.StdoutUnbuffered = mode == 2; // (what abort() loses: LibcState.DropUnflushedStdoutLine)
        return 0;
    }

    /// <summary>setbuf(stream, NULL) makes the stream unbuffered; with a buffer, setvbuf's _IOFBF.</summary>
    public static void setbuf(FILE? stream, Ptr<sbyte> buf) => setvbuf(stream, buf, buf.IsNull ? 2 : 0, 0);
}
