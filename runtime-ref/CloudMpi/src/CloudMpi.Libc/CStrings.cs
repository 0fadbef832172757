using System.Runtime.InteropServices;
using System.Text;

namespace CloudMpi.Libc;

/// <summary>Helpers for NUL-terminated C strings held in sbyte[]/byte[] buffers.</summary>
public static class CStrings
{
    /// <summary>strlen from an offset (the buffer's end counts as a terminator).</summary>
    public static int Length(sbyte[] buffer, int offset = 0) => Length(AsBytes(buffer).Slice(offset), -1);

    public static int Length(byte[] buffer, int offset = 0) => Length(buffer.AsSpan(offset), -1);

    /// <summary>Decodes the C string at <paramref name="offset"/> as UTF-8.</summary>
    public static string ToString(sbyte[] buffer, int offset = 0)
    {
        var span = AsBytes(buffer).Slice(offset);
        return Utf8b.Instance.GetString(span[..Length(span, -1)]);
    }

    public static string ToString(byte[] buffer, int offset = 0)
    {
        var span = buffer.AsSpan(offset);
        return Utf8b.Instance.GetString(span[..Length(span, -1)]);
    }

    /// <summary>Encodes a string as a new NUL-terminated UTF-8 sbyte[] (a C string literal).</summary>
    public static sbyte[] FromString(string s)
    {
        int n = Utf8b.Instance.GetByteCount(s);
        var result = new sbyte[n + 1];
        Utf8b.Instance.GetBytes(s, MemoryMarshal.Cast<sbyte, byte>(result.AsSpan()));
        return result;
    }

    internal static Span<byte> AsBytes(sbyte[] buffer) => MemoryMarshal.Cast<sbyte, byte>(buffer.AsSpan());

    /// <summary>The bytes of the C string at offset, reading at most maxBytes (negative: no limit), as %.Ns does.</summary>
    internal static byte[] Bytes(sbyte[] buffer, int offset, int maxBytes)
    {
        var span = AsBytes(buffer).Slice(offset);
        return span[..Length(span, maxBytes)].ToArray();
    }

    /// <summary>The same for a pointer that is not a plain array (a struct's char array, a view).</summary>
    internal static byte[] Bytes(Span<byte> span, int maxBytes) => span[..Length(span, maxBytes)].ToArray();

    internal static byte[] Bytes(byte[] buffer, int offset, int maxBytes)
    {
        var span = buffer.AsSpan(offset);
        return span[..Length(span, maxBytes)].ToArray();
    }

    private static int Length(ReadOnlySpan<byte> span, int maxBytes)
    {
        if (maxBytes >= 0 && maxBytes < span.Length) span = span[..maxBytes];
        int i = span.IndexOf((byte)0);
        return i < 0 ? span.Length : i;
    }
}
