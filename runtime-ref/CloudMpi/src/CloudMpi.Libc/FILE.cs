using System.Text;

namespace CloudMpi.Libc;

/// <summary>
/// A C stream. <see cref="Stdout"/> and <see cref="Stderr"/> are resolved at each call
/// through <see cref="LibcState.Current"/>, so the same object serves every rank.
/// </summary>
public sealed class FILE
{
    private enum Kind
    {
        Stdout,
        Stderr,
        Writer,
    }

    private readonly Kind _kind;
    private readonly TextWriter? _writer;
    private readonly Decoder? _decoder;

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
        _decoder = new UTF8Encoding(false).GetDecoder();
    }

    /// <summary>C's stdout: the calling rank's stdout.</summary>
    public static FILE Stdout { get; } = new(Kind.Stdout);

    /// <summary>C's stderr: the calling rank's stderr.</summary>
    public static FILE Stderr { get; } = new(Kind.Stderr);

    internal void Write(ReadOnlySpan<byte> bytes)
    {
        switch (_kind)
        {
            case Kind.Stdout:
                LibcState.Current.Write(false, bytes);
                break;
            case Kind.Stderr:
                LibcState.Current.Write(true, bytes);
                break;
            default:
                lock (_decoder!)
                {
                    var chars = new char[_decoder.GetCharCount(bytes, flush: false)];
                    int n = _decoder.GetChars(bytes, chars, flush: false);
                    _writer!.Write(chars, 0, n);
                }

                break;
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
            default:
                _writer!.Flush();
                break;
        }
    }

    public override string ToString() => _kind switch
    {
        Kind.Stdout => "stdout",
        Kind.Stderr => "stderr",
        _ => "FILE",
    };
}
