using System.Globalization;
using System.Text;

namespace CloudMpi.Libc;

/// <summary>Where scanf reads from: one byte at a time, with one byte of push-back (as glibc uses).</summary>
internal interface IScanInput
{
    /// <summary>The next byte (0-255) or -1 at the end.</summary>
    int Read();

    void Unread(int c);
}

/// <summary>sscanf's input: the bytes of a C string (its NUL is the end).</summary>
internal sealed class BytesInput(byte[] bytes) : IScanInput
{
    private int _next;

    public int Read() => _next < bytes.Length ? bytes[_next++] : -1;

    public void Unread(int c) => _next--;
}

/// <summary>fscanf's input: a FILE's stream; push-back goes through ungetc.</summary>
internal sealed class StreamInput(CStream stream) : IScanInput
{
    public int Read() => stream.ReadByte();

    public void Unread(int c) => stream.Unread((byte)c);
}

/// <summary>
/// The scanf engine, following glibc's vfscanf: directives consume input as glibc does
/// (a numeric field takes the longest prefix that could start a number, then one byte is
/// pushed back; the value is what strtol/strtoul/strtod make of the field), and the result is
/// the number of assignments, or EOF when the input ends before the first one.
/// Targets ("slots") are boxed values: a number or a char is replaced by the converted value
/// of the slot's own type; a Ptr&lt;T&gt; or array slot is written through (C's pointer argument).
/// </summary>
internal sealed class CScanner
{
    private const int EOF = -1;
    private readonly IScanInput _input;
    private readonly object?[] _slots;
    private int _consumed;
    private int _done;
    private int _nextSlot;

    private CScanner(IScanInput input, object?[] slots)
    {
        _input = input;
        _slots = slots;
    }

    public static int Scan(IScanInput input, ReadOnlySpan<byte> format, object?[] slots) =>
        new CScanner(input, slots).Run(format);

    private int Get()
    {
        int c = _input.Read();
        if (c >= 0) _consumed++;
        return c;
    }

    private void Unget(int c)
    {
        if (c < 0) return;
        _input.Unread(c);
        _consumed--;
    }

    private static bool IsSpace(int c) => c is ' ' or '\t' or '\n' or '\v' or '\f' or '\r';

    private void SkipSpace()
    {
        int c;
        do c = Get();
        while (IsSpace(c));
        Unget(c);
    }

    // glibc's input_error(): end of input before the first assignment makes the result EOF.
    private int InputFailure() => _done == 0 ? EOF : _done;

    private int Run(ReadOnlySpan<byte> f)
    {
        int i = 0;
        while (i < f.Length)
        {
            byte fc = f[i++];
            if (IsSpace(fc))
            {
                SkipSpace();
                continue;
            }

            if (fc != '%')
            {
                int c = Get();
                if (c < 0) return InputFailure();
                if (c != fc)
                {
                    Unget(c);
                    return _done;
                }

                continue;
            }

            var spec = ParseSpec(f, ref i);
            bool? ok = Convert(spec, f, ref i);
            if (ok is null) return InputFailure();
            if (ok == false) return _done;
        }

        return _done;
    }

    private struct Spec
    {
        public bool Suppress;
        public int Width; // -1: none
        public string Length;
        public char Conversion;
    }

    private static Spec ParseSpec(ReadOnlySpan<byte> f, ref int i)
    {
        var spec = new Spec { Width = -1, Length = "" };
        if (i < f.Length && f[i] == '*')
        {
            spec.Suppress = true;
            i++;
        }

        if (i < f.Length && f[i] is >= (byte)'0' and <= (byte)'9')
        {
            int w = 0;
            while (i < f.Length && f[i] is >= (byte)'0' and <= (byte)'9') w = Math.Min(w * 10 + (f[i++] - '0'), int.MaxValue / 10);
            spec.Width = w == 0 ? -1 : w;
        }

        int start = i;
        while (i < f.Length && f[i] is (byte)'h' or (byte)'l' or (byte)'L' or (byte)'q' or (byte)'j' or (byte)'z' or (byte)'t') i++;
        spec.Length = Encoding.ASCII.GetString(f[start..i]);
        spec.Conversion = i < f.Length ? (char)f[i++] : '\0';
        return spec;
    }

    /// <summary>true: converted; false: matching failure; null: input failure.</summary>
    private bool? Convert(Spec spec, ReadOnlySpan<byte> f, ref int i)
    {
        switch (spec.Conversion)
        {
            case '%':
            {
                SkipSpace();
                int c = Get();
                if (c < 0) return null;
                if (c == '%') return true;
                Unget(c);
                return false;
            }

            case 'n':
                if (!spec.Suppress) StoreInteger(NextSlot('n'), _consumed, 'n');
                return true;
            case 'c':
                return ScanChars(spec);
            case 's':
                SkipSpace();
                return ScanString(spec, c => !IsSpace(c));
            case '[':
            {
                var set = ParseScanSet(f, ref i);
                return ScanString(spec, c => set[c]);
            }

            case 'd':
                return ScanInteger(spec, 10, signed: true);
            case 'i':
                return ScanInteger(spec, 0, signed: true);
            case 'u':
                return ScanInteger(spec, 10, signed: false);
            case 'o':
                return ScanInteger(spec, 8, signed: false);
            case 'x' or 'X':
                return ScanInteger(spec, 16, signed: false);
            case 'f' or 'F' or 'e' or 'E' or 'g' or 'G' or 'a' or 'A':
                return ScanFloat(spec);
            case 'p':
                throw new NotSupportedException("scanf: %p (reading a pointer) has no meaning for array + offset pointers");
            default:
                return false; // glibc: an unknown conversion is a matching failure
        }
    }

    private object? NextSlot(char conversion)
    {
        if (_nextSlot >= _slots.Length)
            throw new FormatException($"scanf: missing argument {_nextSlot + 1} for %{conversion}");
        return _slots[_nextSlot++];
    }

    // ---- %c, %s, %[ ----

    private bool? ScanChars(Spec spec)
    {
        int width = spec.Width < 0 ? 1 : spec.Width;
        int c = Get();
        if (c < 0) return null;
        var bytes = new List<byte>(width);
        do bytes.Add((byte)c);
        while (bytes.Count < width && (c = Get()) >= 0);
        if (spec.Suppress) return true;
        int slot = _nextSlot;
        object? target = NextSlot('c');
        if (target is sbyte or byte && bytes.Count == 1)
            _slots[slot] = target is sbyte ? unchecked((sbyte)bytes[0]) : bytes[0];
        else
            WriteBytes(target, bytes, nulTerminate: false, 'c');
        _done++;
        return true;
    }

    private bool? ScanString(Spec spec, Func<int, bool> accepts)
    {
        int c = Get();
        if (c < 0) return null;
        var bytes = new List<byte>();
        int width = spec.Width < 0 ? int.MaxValue : spec.Width;
        while (c >= 0)
        {
            if (!accepts(c))
            {
                Unget(c);
                break;
            }

            bytes.Add((byte)c);
            if (bytes.Count == width) break;
            c = Get();
        }

        if (bytes.Count == 0) return false;
        if (spec.Suppress) return true;
        WriteBytes(NextSlot(spec.Conversion), bytes, nulTerminate: true, spec.Conversion);
        _done++;
        return true;
    }

    private static bool[] ParseScanSet(ReadOnlySpan<byte> f, ref int i)
    {
        var set = new bool[256];
        bool negate = i < f.Length && f[i] == '^';
        if (negate) i++;
        int start = i;
        while (i < f.Length && (f[i] != ']' || i == start))
        {
            byte lo = f[i];
            // a-z is a range unless '-' is first or last in the set.
            if (i + 2 < f.Length && f[i + 1] == '-' && f[i + 2] != ']' && f[i + 2] >= lo)
            {
                for (int c = lo; c <= f[i + 2]; c++) set[c] = true;
                i += 3;
            }
            else
            {
                set[lo] = true;
                i++;
            }
        }

        if (i < f.Length) i++; // the closing ']'
        if (negate)
        {
            for (int c = 0; c < 256; c++) set[c] = !set[c];
        }

        return set;
    }

    private static void WriteBytes(object? target, List<byte> bytes, bool nulTerminate, char conversion)
    {
        int n = bytes.Count + (nulTerminate ? 1 : 0);
        switch (target)
        {
            case Ptr<sbyte> p:
            {
                var span = p.AsSpan(n);
                for (int k = 0; k < bytes.Count; k++) span[k] = unchecked((sbyte)bytes[k]);
                if (nulTerminate) span[^1] = 0;
                break;
            }

            case sbyte[] a:
                WriteBytes((Ptr<sbyte>)a, bytes, nulTerminate, conversion);
                break;
            case Ptr<byte> p:
            {
                var span = p.AsSpan(n);
                bytes.CopyTo(span);
                if (nulTerminate) span[^1] = 0;
                break;
            }

            case byte[] a:
                WriteBytes((Ptr<byte>)a, bytes, nulTerminate, conversion);
                break;
            default:
                throw Mismatch(conversion, "a char array", target);
        }
    }

    // ---- integers ----

    private bool? ScanInteger(Spec spec, int @base, bool signed)
    {
        SkipSpace();
        int width = spec.Width < 0 ? int.MaxValue : spec.Width;
        var field = new StringBuilder();
        int c = Get();
        if (c < 0) return null;
        if (c is '+' or '-')
        {
            field.Append((char)c);
            width--;
            c = Get();
        }

        if (width != 0 && c == '0')
        {
            width--;
            field.Append('0');
            c = Get();
            if (width != 0 && c is 'x' or 'X')
            {
                if (@base == 0) @base = 16;
                if (@base == 16)
                {
                    // glibc consumes the 'x' without putting it in the field, so "0x" alone reads 0.
                    width--;
                    c = Get();
                }
            }
            else if (@base == 0)
            {
                @base = 8;
            }
        }

        if (@base == 0) @base = 10;
        while (c >= 0 && width != 0 && IsDigit(c, @base))
        {
            field.Append((char)c);
            width--;
            c = Get();
        }

        Unget(c);
        if (field.Length == 0 || (field.Length == 1 && field[0] is '+' or '-')) return false;
        if (spec.Suppress) return true;
        string text = field.ToString();
        long value = signed
            ? CNumberParser.StrToL(text, @base, out _)
            : unchecked((long)CNumberParser.StrToUL(text, @base, out _));
        StoreInteger(NextSlot(spec.Conversion), value, spec.Conversion);
        _done++;
        return true;
    }

    private static bool IsDigit(int c, int @base)
    {
        int d = c is >= '0' and <= '9' ? c - '0' : c is >= 'a' and <= 'z' ? c - 'a' + 10 : c is >= 'A' and <= 'Z' ? c - 'A' + 10 : 99;
        return d < @base;
    }

    /// <summary>Stores into the slot just taken by NextSlot.</summary>
    private void StoreInteger(object? target, long value, char conversion)
    {
        int slot = _nextSlot - 1;
        object stored = target switch
        {
            int => (object)unchecked((int)value),
            uint => (object)unchecked((uint)value),
            long => (object)value,
            ulong => (object)unchecked((ulong)value),
            short => (object)unchecked((short)value),
            ushort => (object)unchecked((ushort)value),
            sbyte => (object)unchecked((sbyte)value),
            byte => (object)unchecked((byte)value),
            Ptr<int> p => (object)(p.Value = unchecked((int)value)),
            Ptr<uint> p => (object)(p.Value = unchecked((uint)value)),
            Ptr<long> p => (object)(p.Value = value),
            Ptr<ulong> p => (object)(p.Value = unchecked((ulong)value)),
            Ptr<short> p => (object)(p.Value = unchecked((short)value)),
            Ptr<ushort> p => (object)(p.Value = unchecked((ushort)value)),
            Ptr<sbyte> p => (object)(p.Value = unchecked((sbyte)value)),
            Ptr<byte> p => (object)(p.Value = unchecked((byte)value)),
            int[] a => (object)(a[0] = unchecked((int)value)),
            long[] a => (object)(a[0] = value),
            uint[] a => (object)(a[0] = unchecked((uint)value)),
            ulong[] a => (object)(a[0] = unchecked((ulong)value)),
            _ => throw Mismatch(conversion, "an integer", target),
        };
        if (!IsPointer(target)) _slots[slot] = stored;
    }

    // ---- floating point ----

    private bool? ScanFloat(Spec spec)
    {
        // Width bookkeeping as glibc's: `width` is what may still be read after the current byte c
        // (-1: no limit). A failure inside a sign, "nan" or "inf" leaves the byte read, as glibc does.
        SkipSpace();
        int width = spec.Width;
        var field = new StringBuilder();
        int c = Get();
        if (c < 0) return null;
        if (width > 0) width--;

        bool More()
        {
            if (width == 0) return false;
            c = Get();
            if (c < 0) return false;
            if (width > 0) width--;
            return true;
        }

        bool Expect(string letters)
        {
            foreach (char letter in letters)
            {
                if (!More() || char.ToLowerInvariant((char)c) != letter) return false;
                field.Append((char)c);
            }

            return true;
        }

        bool sign = c is '+' or '-';
        if (sign)
        {
            field.Append((char)c);
            if (!More()) return false;
        }

        char lower = char.ToLowerInvariant((char)c);
        if (lower == 'n')
        {
            field.Append((char)c);
            if (!Expect("an")) return false;
        }
        else if (lower == 'i')
        {
            field.Append((char)c);
            if (!Expect("nf")) return false;
            if (width != 0)
            {
                int next = Get();
                if (next is 'i' or 'I')
                {
                    if (width > 0) width--;
                    field.Append((char)next);
                    if (!Expect("nity")) return false;
                }
                else
                {
                    Unget(next);
                }
            }
        }
        else
        {
            bool hex = false, gotDigit = false, gotDot = false, gotExponent = false;
            if (width != 0 && c == '0')
            {
                field.Append('0');
                gotDigit = true;
                c = Get();
                if (width > 0) width--;
                if (width != 0 && c is 'x' or 'X')
                {
                    field.Append((char)c);
                    hex = true;
                    gotDigit = false; // the 0 of "0x" is no digit of the number
                    c = Get();
                    if (width > 0) width--;
                }
            }

            char exponentChar = hex ? 'p' : 'e';
            while (true)
            {
                char ch = c < 0 ? '\0' : (char)c;
                if (c >= 0 && (char.IsAsciiDigit(ch) || (hex && !gotExponent && char.IsAsciiHexDigit(ch))))
                {
                    gotDigit = true;
                }
                else if (c >= 0 && gotExponent && char.ToLowerInvariant(field[^1]) == exponentChar && ch is '+' or '-')
                {
                }
                else if (c >= 0 && gotDigit && !gotExponent && char.ToLowerInvariant(ch) == exponentChar)
                {
                    gotExponent = gotDot = true;
                }
                else if (c == '.' && !gotDot)
                {
                    gotDot = true;
                }
                else
                {
                    Unget(c);
                    break;
                }

                field.Append(ch);
                if (!More()) break;
            }

            // "0x" with nothing after it (a sign aside) is no number; "0x." still reads 0.
            if (field.Length == 0 || (hex && field.Length == (sign ? 3 : 2))) return false;
        }

        string text = field.ToString();
        double d = CNumberParser.StrToD(text, out int end);
        if (end == 0) return false;
        if (spec.Suppress) return true;
        int slot = _nextSlot;
        object? target = NextSlot(spec.Conversion);
        object stored = target switch
        {
            double => (object)d,
            float => (object)ToFloat(text[..end], d),
            Ptr<double> p => (object)(p.Value = d),
            Ptr<float> p => (object)(p.Value = ToFloat(text[..end], d)),
            double[] a => (object)(a[0] = d),
            float[] a => (object)(a[0] = ToFloat(text[..end], d)),
            // %Lf into a long double: strtold's 80-bit value of the text, not the double widened
            CLongDouble => (object)CLongDoubleParser.StrToLD(text[..end], out _),
            Ptr<CLongDouble> p => (object)(p.Value = CLongDoubleParser.StrToLD(text[..end], out _)),
            CLongDouble[] a => (object)(a[0] = CLongDoubleParser.StrToLD(text[..end], out _)),
            _ => throw Mismatch(spec.Conversion, "a float, double or long double", target),
        };
        if (!IsPointer(target)) _slots[slot] = stored;
        _done++;
        return true;
    }

    // %f into a float is strtof, correctly rounded once (not via double); .NET parses decimal text that way.
    private static float ToFloat(string text, double d)
    {
        if (!double.IsFinite(d) || text.Contains('x', StringComparison.OrdinalIgnoreCase)) return (float)d;
        return float.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    private static bool IsPointer(object? target) => target is Array || target is IPointer;

    private static FormatException Mismatch(char conversion, string expected, object? actual) =>
        new($"scanf: %{conversion} needs {expected} to store into, got {(actual is null ? "null" : actual.GetType().Name)}");
}
