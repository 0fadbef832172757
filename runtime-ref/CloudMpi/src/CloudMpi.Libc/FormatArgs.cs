using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;

namespace CloudMpi.Libc;

/// <summary>
/// Reads printf arguments the way va_arg does: the objects are C values after default
/// argument promotion; reading an int from an unsigned (or 32 bits of a 64-bit value)
/// reinterprets the bits, as C does on LP64.
/// </summary>
internal struct FormatArgs
{
    private readonly object?[] _args;
    private int _next;

    public FormatArgs(object?[]? args)
    {
        _args = args ?? [];
        _next = 0;
    }

    private object? Next(char conversion)
    {
        if (_next >= _args.Length)
            throw new FormatException($"printf: missing argument {_next + 1} for %{conversion}");
        return _args[_next++];
    }

    /// <summary>va_arg(ap, int) (also for '*' widths, %c and the short/char lengths).</summary>
    public int NextInt32(char conversion)
    {
        object? a = Next(conversion);
        return a switch
        {
            int v => v,
            uint v => unchecked((int)v),
            long v => unchecked((int)v),
            ulong v => unchecked((int)v),
            short v => v,
            ushort v => v,
            sbyte v => v,
            byte v => v,
            char v => v,
            bool v => v ? 1 : 0,
            nint v => unchecked((int)v),
            nuint v => unchecked((int)v),
            Enum e => unchecked((int)Convert.ToInt64(e, System.Globalization.CultureInfo.InvariantCulture)),
            _ => throw Mismatch(conversion, "an integer", a),
        };
    }

    /// <summary>va_arg(ap, long): an int argument is sign-extended, an unsigned one zero-extended.</summary>
    public long NextInt64(char conversion)
    {
        object? a = Next(conversion);
        return a switch
        {
            long v => v,
            ulong v => unchecked((long)v),
            int v => v,
            uint v => v,
            short v => v,
            ushort v => v,
            sbyte v => v,
            byte v => v,
            char v => v,
            bool v => v ? 1 : 0,
            nint v => v,
            nuint v => unchecked((long)v),
            Enum e => Convert.ToInt64(e, System.Globalization.CultureInfo.InvariantCulture),
            _ => throw Mismatch(conversion, "an integer", a),
        };
    }

    /// <summary>Whether the next argument is a long double (%Lf's): then it is taken.</summary>
    public bool NextIsLongDouble(out CLongDouble value)
    {
        if (_next < _args.Length && _args[_next] is CLongDouble ld)
        {
            _next++;
            value = ld;
            return true;
        }
        value = default;
        return false;
    }

    /// <summary>va_arg(ap, double) (a float argument was promoted to double).</summary>
    public double NextDouble(char conversion)
    {
        object? a = Next(conversion);
        return a switch
        {
            double v => v,
            float v => v,
            decimal v => (double)v,
            Half v => (double)v,
            _ => throw Mismatch(conversion, "a double", a),
        };
    }

    /// <summary>The bytes of a %s argument, or null for a NULL pointer.</summary>
    public byte[]? NextString(char conversion, int precision)
    {
        object? a = Next(conversion);
        switch (a)
        {
            case null:
                return null;
            case string s:
                return CStrings.Bytes(Utf8b.Instance.GetBytes(s), 0, precision); // a literal's bytes to its first NUL
            case sbyte[] sb:
                return CStrings.Bytes(sb, 0, precision);
            case byte[] b:
                return CStrings.Bytes(b, 0, precision);
            case Ptr<sbyte> p:
                return p.IsNull ? null : p.Array is null
                    ? CStrings.Bytes(MemoryMarshal.AsBytes(p.AsSpan()), precision)
                    : CStrings.Bytes(p.Array, p.Offset, precision);
            case Ptr<byte> p:
                return p.IsNull ? null : p.Array is null
                    ? CStrings.Bytes(p.AsSpan(), precision)
                    : CStrings.Bytes(p.Array, p.Offset, precision);
            case ArraySegment<sbyte> seg:
                return seg.Array is null ? null : CStrings.Bytes(seg.Array, seg.Offset, precision);
            case ArraySegment<byte> seg:
                return seg.Array is null ? null : CStrings.Bytes(seg.Array, seg.Offset, precision);
            case char[] chars:
            {
                int n = Array.IndexOf(chars, '\0');
                return Utf8b.Instance.GetBytes(chars, 0, n < 0 ? chars.Length : n);
            }
            case int[] wide: // %ls of a wchar_t string (a wide literal, a wchar_t array)
                return WideBytes(wide, 0, precision);
            case Ptr<int> p:
                return p.IsNull ? null : p.Array is null ? WideBytes(p.AsSpan().ToArray(), 0, precision)
                    : WideBytes(p.Array, p.Offset, precision);
            default:
                throw Mismatch(conversion, "a string", a);
        }
    }

    /// <summary>%ls: the wide characters up to the first L'\0' (at most precision bytes), as the C locale's wcrtomb
    /// writes them: one byte each, ASCII (a character beyond it is glibc's encoding error, which ends the call with -1;
    /// it is written as '?' here).</summary>
    private static byte[] WideBytes(int[] wide, int offset, int precision)
    {
        var bytes = new List<byte>();
        for (int k = offset; k < wide.Length && wide[k] != 0 && (precision < 0 || bytes.Count < precision); k++)
            bytes.Add(wide[k] is >= 0 and < 0x80 ? (byte)wide[k] : (byte)'?');
        return bytes.ToArray();
    }

    /// <summary>The address printed by %p: integers are taken as addresses; objects get a stable fake address.</summary>
    public ulong NextPointer(char conversion)
    {
        object? a = Next(conversion);
        return a switch
        {
            null => 0,
            long v => unchecked((ulong)v),
            ulong v => v,
            int v => unchecked((ulong)(long)v),
            uint v => v,
            nint v => unchecked((ulong)(long)v),
            nuint v => v,
            IPointer p => p.Array is null ? unchecked((ulong)(long)p.ByteOffset) : FakeAddress(p.Array) + unchecked((ulong)(long)p.ByteOffset),
            _ => FakeAddress(a),
        };
    }

    /// <summary>
    /// %n's argument, an integer pointer: a variable's one-element array (the translator boxes a variable whose address
    /// printf gets) or a Ptr into an array; the count is stored in the pointee's type, as C's conversion would.
    /// </summary>
    public void StoreCount(long count)
    {
        object? a = Next('n');
        switch (a)
        {
            case int[] v: v[0] = unchecked((int)count); break;
            case Ptr<int> p: p.Target = unchecked((int)count); break;
            case long[] v: v[0] = count; break;
            case Ptr<long> p: p.Target = count; break;
            case short[] v: v[0] = unchecked((short)count); break;
            case Ptr<short> p: p.Target = unchecked((short)count); break;
            case sbyte[] v: v[0] = unchecked((sbyte)count); break;
            case Ptr<sbyte> p: p.Target = unchecked((sbyte)count); break;
            case uint[] v: v[0] = unchecked((uint)count); break;
            case Ptr<uint> p: p.Target = unchecked((uint)count); break;
            case ulong[] v: v[0] = unchecked((ulong)count); break;
            case Ptr<ulong> p: p.Target = unchecked((ulong)count); break;
            case ushort[] v: v[0] = unchecked((ushort)count); break;
            case Ptr<ushort> p: p.Target = unchecked((ushort)count); break;
            case byte[] v: v[0] = unchecked((byte)count); break;
            case Ptr<byte> p: p.Target = unchecked((byte)count); break;
            default: throw Mismatch('n', "a pointer to an integer", a);
        }
    }

    private static ulong FakeAddress(object o) =>
        0x7f0000000000UL + ((ulong)(uint)RuntimeHelpers.GetHashCode(o) << 4);

    private static FormatException Mismatch(char conversion, string expected, object? actual) =>
        new($"printf: %{conversion} expects {expected}, got {(actual is null ? "null" : actual.GetType().Name)}");
}
