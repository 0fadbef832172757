using System.Text;
using CloudMpi.Libc;

namespace CloudMpi.Run.Hosting;

/// <summary>
/// The job's real stdout or stderr. Ranks hand it whole lines; each is written under one
/// lock, so lines of different ranks never interleave inside a line.
/// </summary>
public sealed class OutputSink : IDisposable
{
    private readonly TextWriter _target;
    private readonly bool _flushEveryLine;
    private readonly object _lock = new();
    private readonly OutputSink? _flushFirst;
    private bool _dirty;

    /// <param name="target">Where lines go.</param>
    /// <param name="flushEveryLine">Flush after each line (stderr, terminals); otherwise <see cref="FlushIfDirty"/> is called periodically and at the end.</param>
    /// <param name="flushFirst">A sink to flush before each line written here (stdout before stderr, to keep their order).</param>
    public OutputSink(TextWriter target, bool flushEveryLine, OutputSink? flushFirst = null)
    {
        _target = target;
        _flushEveryLine = flushEveryLine;
        _flushFirst = flushFirst;
    }

    /// <summary>
    /// The launcher's stdout or stderr. Writes that fail (stdout closed with <c>&gt;&amp;-</c>, <c>&gt; /dev/full</c>)
    /// are dropped as C drops them, unchecked: the program goes on and exits with its own status.
    /// </summary>
    public static TextWriter OpenStandard(Stream s) =>
        new StreamWriter(new FailSafeStream(s), CloudMpi.Libc.Utf8b.Instance, 1 << 16) { AutoFlush = false, NewLine = "\n" };

    public void WriteLine(string? prefix, ReadOnlySpan<char> text)
    {
        _flushFirst?.FlushIfDirty();
        lock (_lock)
        {
            if (prefix is not null)
                _target.Write(prefix);
            _target.Write(text);
            if (_flushEveryLine)
                _target.Flush();
            else
                _dirty = true;
        }
    }

    public void FlushIfDirty()
    {
        lock (_lock)
        {
            if (_dirty)
            {
                _dirty = false;
                _target.Flush();
            }
        }
    }

    public void Flush()
    {
        lock (_lock)
        {
            _dirty = false;
            _target.Flush();
        }
    }

    public void Dispose() => Flush();
}

/// <summary>
/// One rank's stdout or stderr as a <see cref="TextWriter"/> for its <c>LibcState</c>:
/// collects characters and hands the sink complete lines; the unfinished last line is
/// handed over by <see cref="Complete"/> when the rank ends (or by <see cref="Flush"/>
/// when the job has a single untagged rank, where nothing can interleave).
/// </summary>
public sealed class RankLineWriter : TextWriter, ILineBufferedOutput
{
    private readonly OutputSink _sink;
    private readonly string? _prefix;
    private readonly bool _flushPartial;
    private readonly StringBuilder _line = new();
    private readonly object _lock = new();
    private int _flushedLength; // how much of the unfinished line fflush has written out (kept here when ranks interleave)

    public RankLineWriter(OutputSink sink, string? prefix, bool flushPartialLines)
    {
        _sink = sink;
        _prefix = prefix;
        _flushPartial = flushPartialLines;
        NewLine = "\n";
    }

    public override Encoding Encoding => Encoding.UTF8;

    public override void Write(char value)
    {
        lock (_lock)
        {
            _line.Append(value);
            if (value == '\n')
                EmitLine();
        }
    }

    public override void Write(char[] buffer, int index, int count) => Write(buffer.AsSpan(index, count));

    public override void Write(string? value)
    {
        if (value is not null)
            Write(value.AsSpan());
    }

    public override void Write(ReadOnlySpan<char> buffer)
    {
        lock (_lock)
        {
            while (!buffer.IsEmpty)
            {
                int nl = buffer.IndexOf('\n');
                if (nl < 0)
                {
                    _line.Append(buffer);
                    return;
                }
                _line.Append(buffer[..(nl + 1)]);
                EmitLine();
                buffer = buffer[(nl + 1)..];
            }
        }
    }

    public override void WriteLine(string? value)
    {
        lock (_lock)
        {
            Write(value.AsSpan());
            Write('\n');
        }
    }

    public override void Flush()
    {
        lock (_lock)
        {
            if (!_flushPartial)
                _flushedLength = _line.Length; // written out natively: Complete hands it over
            else if (_line.Length > 0)
                EmitPartial(addNewline: false);
        }
    }

    public void DropUnflushedLine()
    {
        lock (_lock)
        {
            if (_line.Length > _flushedLength)
                _line.Length = _flushedLength;
        }
    }

    /// <summary>
    /// The rank has ended: hand over the unfinished last line. With several ranks (or tags) it gets a
    /// newline, so that it cannot glue itself to another rank's line; a lone rank's output stays byte-exact.
    /// </summary>
    public void Complete()
    {
        lock (_lock)
        {
            if (_line.Length > 0)
                EmitPartial(addNewline: !_flushPartial);
        }
    }

    private void EmitLine()
    {
        string s = _line.ToString();
        _line.Clear();
        _flushedLength = 0;
        _sink.WriteLine(_prefix, s);
    }

    private void EmitPartial(bool addNewline)
    {
        if (addNewline)
            _line.Append('\n');
        EmitLine();
    }
}

/// <summary>A write-only stream whose write errors (EBADF, ENOSPC, EPIPE) are swallowed after the first one.</summary>
public sealed class FailSafeStream(Stream inner) : Stream
{
    /// <summary>Whether a write has failed.</summary>
    public bool Failed { get; private set; }

    public override bool CanRead => false;
    public override bool CanSeek => false;
    public override bool CanWrite => true;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        if (Failed) return;
        try { inner.Write(buffer); }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ObjectDisposedException) { Failed = true; }
    }

    public override void Flush()
    {
        if (Failed) return;
        try { inner.Flush(); }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ObjectDisposedException) { Failed = true; }
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            try { inner.Dispose(); } catch (IOException) { }
        }
        base.Dispose(disposing);
    }
}
