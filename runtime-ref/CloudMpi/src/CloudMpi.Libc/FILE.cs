using System.Text;

namespace CloudMpi.Libc;

/// <summary>
/// A C stream. <see cref="Stdout"/>, <see cref="Stderr"/> and <see cref="Stdin"/> are resolved at each
/// call through <see cref="LibcState.Current"/>, so the same object serves every rank; fopen'ed
/// files own a <see cref="CStream"/>.
/// </summary>
public sealed class FILE
{
    private enum Kind
    {
        Stdout,
        Stderr,
        Stdin,
        Writer,
        File,
    }

    private readonly Kind _kind;
    private readonly TextWriter? _writer;
    private readonly Decoder? _decoder;
    private readonly CStream? _file;
    private readonly string? _path;

    private FILE(Kind kind)
    {
        _kind = kind;
    }

    /// <summary>A stream writing UTF-8-decoded C bytes to <paramref name="writer"/>.</summary>
    public FILE(TextWriter writer)
    {
        ArgumentNullException.ThrowIfNull(writer);
        _kind = Kind.Writer;
        _writer = writer;
        _decoder = Utf8b.Instance.GetDecoder();
    }

    internal FILE(CStream file, string path)
    {
        _kind = Kind.File;
        _file = file;
        _path = path;
    }

    /// <summary>C's stdout: the calling rank's stdout.</summary>
    public static FILE Stdout { get; } = new(Kind.Stdout);

    /// <summary>C's stderr: the calling rank's stderr.</summary>
    public static FILE Stderr { get; } = new(Kind.Stderr);

    /// <summary>C's stdin: the calling rank's stdin (the job's stdin for rank 0, empty for the others, as mpirun does).</summary>
    public static FILE Stdin { get; } = new(Kind.Stdin);

    /// <summary>A stream argument of the C library that is NULL (fopen's failure, unchecked, then fseek(fin, ...)):
    /// glibc locks the stream through the pointer, so the native program dies of SIGSEGV; a NullReferenceException
    /// ends the rank with the same status, 139 (not a .NET ArgumentNullException's 1).</summary>
    internal static void Dereference(FILE? stream)
    {
        if (stream is null) throw new NullReferenceException("a NULL FILE * given to the C library");
    }

    internal bool Closed { get; private set; }

    /// <summary>The readable/seekable stream behind this FILE, or null for the output-only ones.</summary>
    internal CStream? Stream => _kind switch
    {
        Kind.Stdin => LibcState.Current.StdinStream,
        Kind.File => _file,
        _ => null,
    };

    /// <summary>The kernel descriptor under this stream (fileno): 0, 1, 2 for the standard streams, a file's own, or
    /// -1 for a stream that has none (one writing into a .NET TextWriter).</summary>
    internal int Descriptor => _kind switch
    {
        Kind.Stdin => 0,
        Kind.Stdout => 1,
        Kind.Stderr => 2,
        Kind.File => _file!.Descriptor,
        _ => -1,
    };

    internal void Write(ReadOnlySpan<byte> bytes) => TryWrite(bytes);

    /// <summary>Writes C bytes; false when the stream cannot be written (its error indicator is then set).</summary>
    internal bool TryWrite(ReadOnlySpan<byte> bytes)
    {
        switch (_kind)
        {
            case Kind.Stdout:
                LibcState.Current.Write(false, bytes);
                return true;
            case Kind.Stderr:
                LibcState.Current.Write(true, bytes);
                return true;
            case Kind.Writer:
                lock (_decoder!)
                {
                    var chars = new char[_decoder.GetCharCount(bytes, flush: false)];
                    int n = _decoder.GetChars(bytes, chars, flush: false);
                    _writer!.Write(chars, 0, n);
                }

                return true;
            default:
                ThrowIfClosed();
                return Stream!.Write(bytes);
        }
    }

    internal void Flush()
    {
        switch (_kind)
        {
            case Kind.Stdout:
                LibcState.Current.Stdout.Flush();
                break;
            case Kind.Stderr:
                LibcState.Current.Stderr.Flush();
                break;
            case Kind.Writer:
                _writer!.Flush();
                break;
            case Kind.File:
                if (!Closed) _file!.Flush();
                break;
        }
    }

    internal void Close()
    {
        if (_kind != Kind.File || Closed) return;
        Closed = true;
        _file!.Flush();
        _file.Close();
    }

    internal void ThrowIfClosed()
    {
        if (Closed) throw new PointerException($"use of FILE {_path} after fclose");
    }

    public override string ToString() => _kind switch
    {
        Kind.Stdout => "stdout",
        Kind.Stderr => "stderr",
        Kind.Stdin => "stdin",
        Kind.File => $"FILE({_path})",
        _ => "FILE",
    };
}
