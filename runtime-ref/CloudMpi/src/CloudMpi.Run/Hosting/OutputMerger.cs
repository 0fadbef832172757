using System.Text;

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

    public static TextWriter OpenStandard(Stream s) =>
        new StreamWriter(s, CloudMpi.Libc.Utf8b.Instance, 1 << 16) { AutoFlush = false, NewLine = "\n" };

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
public sealed class RankLineWriter : TextWriter
{
    private readonly OutputSink _sink;
    private readonly string? _prefix;
    private readonly bool _flushPartial;
    private readonly StringBuilder _line = new();
    private readonly object _lock = new();

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
        if (!_flushPartial)
            return;
        lock (_lock)
        {
            if (_line.Length > 0)
                EmitPartial(addNewline: false);
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
        _sink.WriteLine(_prefix, s);
    }

    private void EmitPartial(bool addNewline)
    {
        if (addNewline)
            _line.Append('\n');
        EmitLine();
    }
}
