using System.Buffers;
using System.Text;
using System.Text.Unicode;

namespace CloudMpi.Libc;

/// <summary>
/// C's bytes as C# text: UTF-8, except that a byte that is no part of valid UTF-8 (a Latin-1 0xE9 in
/// <c>"caf\xe9"</c>) is the lone surrogate U+DC80 + byte and is written back as that byte (Python's
/// "surrogateescape", PEP 383). The translator writes such literal bytes as <c>\udce9</c>, so a port prints
/// the bytes its C program prints. Valid UTF-8 reads and writes as with <see cref="Encoding.UTF8"/>.
/// </summary>
public sealed class Utf8b : Encoding
{
    public static readonly Utf8b Instance = new();

    private const char EscapeBase = '\uDC00';

    public override string EncodingName => "utf-8b";
    public override string WebName => "utf-8";

    private static bool IsEscape(char c) => c >= '\uDC80' && c <= '\uDCFF';

    // ---------------------------------------------------------------- chars -> bytes

    /// <summary>Encodes <paramref name="chars"/>; a trailing high surrogate is left in <paramref name="pending"/> when not final.</summary>
    private static int Encode(ReadOnlySpan<char> chars, Span<byte> bytes, bool measure, bool final, out int consumed)
    {
        int written = 0;
        consumed = 0;
        Span<byte> scratch = stackalloc byte[4];
        while (!chars.IsEmpty)
        {
            Span<byte> dest = measure ? Span<byte>.Empty : bytes[written..];
            OperationStatus st;
            int read, n;
            if (measure)
            {
                // count: UTF-8 length of the valid run
                st = OperationStatus.Done;
                read = 0;
                n = 0;
                while (read < chars.Length)
                {
                    char c = chars[read];
                    if (c < 0x80) n += 1;
                    else if (c < 0x800) n += 2;
                    else if (char.IsHighSurrogate(c))
                    {
                        if (read + 1 < chars.Length && char.IsLowSurrogate(chars[read + 1])) { n += 4; read += 2; continue; }
                        st = read + 1 == chars.Length && !final ? OperationStatus.NeedMoreData : OperationStatus.InvalidData;
                        break;
                    }
                    else if (char.IsLowSurrogate(c)) { st = OperationStatus.InvalidData; break; }
                    else n += 3;
                    read++;
                }
            }
            else
            {
                st = Utf8.FromUtf16(chars, dest, out read, out n, replaceInvalidSequences: false, isFinalBlock: final);
            }
            written += n;
            consumed += read;
            chars = chars[read..];
            if (st == OperationStatus.Done)
                break;
            if (st == OperationStatus.DestinationTooSmall)
                throw new ArgumentException("destination too small", nameof(bytes));
            if (st == OperationStatus.NeedMoreData)
                break; // a high surrogate waiting for its pair
            // InvalidData: a lone surrogate
            char bad = chars[0];
            int len;
            if (IsEscape(bad)) { scratch[0] = (byte)(bad - EscapeBase); len = 1; }
            else { scratch[0] = 0xEF; scratch[1] = 0xBF; scratch[2] = 0xBD; len = 3; }
            if (!measure) scratch[..len].CopyTo(bytes[written..]);
            written += len;
            consumed++;
            chars = chars[1..];
        }
        return written;
    }

    // Text without surrogates (nearly all) goes through the framework's vectorized UTF-8.
    private static bool HasSurrogates(ReadOnlySpan<char> chars) => chars.IndexOfAnyInRange('\uD800', '\uDFFF') >= 0;

    public override int GetByteCount(ReadOnlySpan<char> chars) =>
        HasSurrogates(chars) ? Encode(chars, default, true, true, out _) : UTF8.GetByteCount(chars);
    public override int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes) =>
        HasSurrogates(chars) ? Encode(chars, bytes, false, true, out _) : UTF8.GetBytes(chars, bytes);
    public override int GetByteCount(char[] chars, int index, int count) => GetByteCount(chars.AsSpan(index, count));
    public override int GetBytes(char[] chars, int charIndex, int charCount, byte[] bytes, int byteIndex) =>
        GetBytes(chars.AsSpan(charIndex, charCount), bytes.AsSpan(byteIndex));
    public override int GetByteCount(string s) => GetByteCount(s.AsSpan());
    public override byte[] GetBytes(string s)
    {
        var result = new byte[GetByteCount(s.AsSpan())];
        GetBytes(s.AsSpan(), result);
        return result;
    }
    public override int GetMaxByteCount(int charCount) => (charCount + 1) * 3;

    // ---------------------------------------------------------------- bytes -> chars

    private static int Decode(ReadOnlySpan<byte> bytes, Span<char> chars, bool measure, bool final, out int consumed)
    {
        int written = 0;
        consumed = 0;
        Span<char> tmp = measure ? stackalloc char[256] : default;
        while (!bytes.IsEmpty)
        {
            OperationStatus st;
            int read, n;
            if (measure)
            {
                st = Utf8.ToUtf16(bytes, tmp, out read, out n, replaceInvalidSequences: false, isFinalBlock: final);
                if (st == OperationStatus.DestinationTooSmall)
                {
                    written += n;
                    consumed += read;
                    bytes = bytes[read..];
                    continue;
                }
            }
            else
            {
                st = Utf8.ToUtf16(bytes, chars[written..], out read, out n, replaceInvalidSequences: false, isFinalBlock: final);
                if (st == OperationStatus.DestinationTooSmall)
                    throw new ArgumentException("destination too small", nameof(chars));
            }
            written += n;
            consumed += read;
            bytes = bytes[read..];
            if (st == OperationStatus.Done || st == OperationStatus.NeedMoreData)
                break;
            // InvalidData: the first byte becomes its escape, the rest is read again
            if (!measure) chars[written] = (char)(EscapeBase + bytes[0]);
            written++;
            consumed++;
            bytes = bytes[1..];
        }
        return written;
    }

    public override int GetCharCount(ReadOnlySpan<byte> bytes) =>
        Utf8.IsValid(bytes) ? UTF8.GetCharCount(bytes) : Decode(bytes, default, true, true, out _);
    public override int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars) =>
        Utf8.IsValid(bytes) ? UTF8.GetChars(bytes, chars) : Decode(bytes, chars, false, true, out _);
    public override int GetCharCount(byte[] bytes, int index, int count) => GetCharCount(bytes.AsSpan(index, count));
    public override int GetChars(byte[] bytes, int byteIndex, int byteCount, char[] chars, int charIndex) =>
        GetChars(bytes.AsSpan(byteIndex, byteCount), chars.AsSpan(charIndex));
    public override string GetString(byte[] bytes, int index, int count) => GetString(bytes.AsSpan(index, count));
    public new string GetString(ReadOnlySpan<byte> bytes)
    {
        int n = GetCharCount(bytes);
        return string.Create(n, bytes.ToArray(), (span, b) => GetChars(b, span));
    }
    public override int GetMaxCharCount(int byteCount) => byteCount + 1;

    public override Decoder GetDecoder() => new StreamDecoder();
    public override Encoder GetEncoder() => new StreamEncoder();

    /// <summary>Decodes a stream of bytes written in pieces: an unfinished UTF-8 sequence waits for its next piece.</summary>
    private sealed class StreamDecoder : Decoder
    {
        private readonly byte[] _pending = new byte[4];
        private int _count;

        public override void Reset() => _count = 0;

        private byte[] Join(ReadOnlySpan<byte> bytes)
        {
            var all = new byte[_count + bytes.Length];
            _pending.AsSpan(0, _count).CopyTo(all);
            bytes.CopyTo(all.AsSpan(_count));
            return all;
        }

        public override int GetCharCount(ReadOnlySpan<byte> bytes, bool flush)
        {
            ReadOnlySpan<byte> all = _count == 0 ? bytes : Join(bytes);
            return Decode(all, default, true, flush, out _);
        }

        public override int GetChars(ReadOnlySpan<byte> bytes, Span<char> chars, bool flush)
        {
            ReadOnlySpan<byte> all = _count == 0 ? bytes : Join(bytes);
            int n = Decode(all, chars, false, flush, out int consumed);
            var rest = all[consumed..];
            rest.CopyTo(_pending); // at most 3 bytes of an unfinished sequence
            _count = rest.Length;
            return n;
        }

        public override int GetCharCount(byte[] bytes, int index, int count, bool flush) => GetCharCount(bytes.AsSpan(index, count), flush);
        public override int GetCharCount(byte[] bytes, int index, int count) => GetCharCount(bytes, index, count, false);
        public override int GetChars(byte[] bytes, int byteIndex, int byteCount, char[] chars, int charIndex, bool flush) =>
            GetChars(bytes.AsSpan(byteIndex, byteCount), chars.AsSpan(charIndex), flush);
        public override int GetChars(byte[] bytes, int byteIndex, int byteCount, char[] chars, int charIndex) =>
            GetChars(bytes, byteIndex, byteCount, chars, charIndex, false);
    }

    /// <summary>Encodes text written in pieces: a high surrogate at the end of one piece waits for its pair.</summary>
    private sealed class StreamEncoder : Encoder
    {
        private char _pending;

        public override void Reset() => _pending = '\0';

        private ReadOnlySpan<char> Join(ReadOnlySpan<char> chars) =>
            _pending == '\0' ? chars : (ReadOnlySpan<char>)(_pending + chars.ToString()).AsSpan();

        public override int GetByteCount(ReadOnlySpan<char> chars, bool flush) => Encode(Join(chars), default, true, flush, out _);

        public override int GetBytes(ReadOnlySpan<char> chars, Span<byte> bytes, bool flush)
        {
            var all = Join(chars);
            int n = Encode(all, bytes, false, flush, out int consumed);
            _pending = consumed < all.Length ? all[consumed] : '\0';
            return n;
        }

        public override int GetByteCount(char[] chars, int index, int count, bool flush) => GetByteCount(chars.AsSpan(index, count), flush);
        public override int GetBytes(char[] chars, int charIndex, int charCount, byte[] bytes, int byteIndex, bool flush) =>
            GetBytes(chars.AsSpan(charIndex, charCount), bytes.AsSpan(byteIndex), flush);
    }
}
