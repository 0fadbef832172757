using System.Text;

namespace CloudMpi.Libc;

/// <summary>A growable byte buffer the formatter writes C bytes into.</summary>
internal sealed class ByteSink
{
    private byte[] _buffer;
    private int _length;

    public ByteSink(int capacity = 128)
    {
        _buffer = new byte[Math.Max(16, capacity)];
    }

    public int Length => _length;

    public ReadOnlySpan<byte> Span => _buffer.AsSpan(0, _length);

    public void Append(byte b)
    {
        Ensure(1);
        _buffer[_length++] = b;
    }

    public void Append(ReadOnlySpan<byte> bytes)
    {
        Ensure(bytes.Length);
        bytes.CopyTo(_buffer.AsSpan(_length));
        _length += bytes.Length;
    }

    /// <summary>Appends an ASCII string (digits, prefixes, "inf"...).</summary>
    public void AppendAscii(string s)
    {
        Ensure(s.Length);
        foreach (char c in s) _buffer[_length++] = (byte)c;
    }

    public void AppendRepeat(byte b, int count)
    {
        if (count <= 0) return;
        Ensure(count);
        _buffer.AsSpan(_length, count).Fill(b);
        _length += count;
    }

    public byte[] ToArray() => Span.ToArray();

    public override string ToString() => Utf8b.Instance.GetString(Span);

    private void Ensure(int extra)
    {
        if (_length + extra <= _buffer.Length) return;
        int size = Math.Max(_buffer.Length * 2, _length + extra);
        Array.Resize(ref _buffer, size);
    }
}
