namespace CloudMpi.Libc;

/// <summary>
/// The byte stream behind a readable or seekable C FILE (an fopen'ed file, a rank's stdin):
/// C's end-of-file and error indicators and ungetc's push-back on top of a .NET Stream.
/// </summary>
internal sealed class CStream
{
    private readonly Stream _stream;
    private readonly bool _append;
    private readonly Stack<byte> _pushedBack = new();

    public CStream(Stream stream, bool append = false)
    {
        _stream = stream;
        _append = append;
    }

    public bool Eof { get; set; }

    public bool Error { get; set; }

    /// <summary>The kernel descriptor of the file behind the stream, or -1 when it is no file.</summary>
    public int Descriptor => _stream is FileStream file && !file.SafeFileHandle.IsClosed
        ? (int)file.SafeFileHandle.DangerousGetHandle() : -1;

    public bool CanRead => _stream.CanRead;

    public bool CanWrite => _stream.CanWrite;

    /// <summary>The next byte (0-255), or -1 at end of file (setting the indicator) or on error.</summary>
    public int ReadByte()
    {
        if (_pushedBack.Count > 0) return _pushedBack.Pop();
        if (!_stream.CanRead)
        {
            Error = true;
            return -1;
        }

        int b = _stream.ReadByte();
        if (b < 0) Eof = true;
        return b;
    }

    /// <summary>ungetc: the byte is read again next; clears the end-of-file indicator.</summary>
    public void Unread(byte b)
    {
        _pushedBack.Push(b);
        Eof = false;
    }

    public bool Write(ReadOnlySpan<byte> bytes)
    {
        if (!_stream.CanWrite)
        {
            Error = true;
            return false;
        }

        _pushedBack.Clear();
        if (_append) _stream.Seek(0, SeekOrigin.End); // "a" mode: every write goes to the end
        _stream.Write(bytes);
        return true;
    }

    public void Flush()
    {
        if (_stream.CanWrite) _stream.Flush();
    }

    public bool Seek(long offset, int whence)
    {
        if (!_stream.CanSeek) return false;
        var origin = whence switch
        {
            0 => SeekOrigin.Begin,
            1 => SeekOrigin.Current,
            2 => SeekOrigin.End,
            _ => (SeekOrigin)(-1),
        };
        if ((int)origin < 0) return false;
        if (origin == SeekOrigin.Current) offset -= _pushedBack.Count;
        long target = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => _stream.Position + offset,
            _ => _stream.Length + offset,
        };
        if (target < 0) return false;
        _stream.Position = target;
        _pushedBack.Clear();
        Eof = false;
        return true;
    }

    public long Tell() => _stream.CanSeek ? _stream.Position - _pushedBack.Count : -1;

    public void Close() => _stream.Dispose();
}
