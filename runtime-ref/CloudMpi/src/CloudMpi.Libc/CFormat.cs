using System.Text;

namespace CloudMpi.Libc;

/// <summary>
/// The printf formatting engine. Produces the bytes glibc's printf would produce for the
/// same format and (promoted) arguments.
/// </summary>
public static partial class CFormat
{
    /// <summary>Formats to a .NET string (the UTF-8 bytes decoded).</summary>
    public static string Format(string format, params object?[] args)
    {
        var sink = new ByteSink();
        FormatTo(sink, Utf8b.Instance.GetBytes(format), args);
        return sink.ToString();
    }

    /// <summary>Formats to the exact bytes C would produce.</summary>
    public static byte[] FormatBytes(string format, params object?[] args)
    {
        var sink = new ByteSink();
        FormatTo(sink, Utf8b.Instance.GetBytes(format), args);
        return sink.ToArray();
    }

    /// <summary>Formats with a format held in C bytes.</summary>
    public static byte[] FormatBytes(ReadOnlySpan<byte> format, params object?[] args)
    {
        var sink = new ByteSink();
        FormatTo(sink, format, args);
        return sink.ToArray();
    }

    internal static void FormatTo(ByteSink sink, ReadOnlySpan<byte> format, object?[]? args)
    {
        // C's format is a string: it ends at its first NUL (`printf("a\0b")` prints "a"), whatever the literal holds
        int end = format.IndexOf((byte)0);
        if (end >= 0) format = format[..end];
        if (IsPositional(format))
        {
            var (sequential, ordered) = Sequential(format, args);
            format = sequential;
            args = ordered;
        }

        var reader = new FormatArgs(args);
        int i = 0;
        while (i < format.Length)
        {
            int pct = format[i..].IndexOf((byte)'%');
            if (pct < 0)
            {
                sink.Append(format[i..]);
                break;
            }

            sink.Append(format.Slice(i, pct));
            int start = i + pct;
            i = start + 1;
            if (i < format.Length && format[i] == '%')
            {
                sink.Append((byte)'%');
                i++;
                continue;
            }

            if (!TryParseSpec(format, ref i, ref reader, out var spec))
            {
                // glibc prints an unknown conversion specification as it stands.
                sink.Append(format[start..i]);
                continue;
            }

            FormatOne(sink, ref spec, ref reader);
        }
    }

    private static bool TryParseSpec(ReadOnlySpan<byte> f, ref int i, ref FormatArgs args, out FormatSpec spec)
    {
        spec = default;
        spec.Precision = -1;

        // Flags.
        for (; i < f.Length; i++)
        {
            switch ((char)f[i])
            {
                case '-': spec.Minus = true; continue;
                case '+': spec.Plus = true; continue;
                case ' ': spec.Space = true; continue;
                case '#': spec.Alt = true; continue;
                case '0': spec.Zero = true; continue;
                case '\'': continue; // thousands grouping: none in the C locale
                case 'I': continue;  // glibc's locale digits: none in the C locale
            }

            break;
        }

        // Width.
        if (i < f.Length && f[i] == '*')
        {
            i++;
            int w = args.NextInt32('*');
            if (w < 0)
            {
                spec.Minus = true;
                w = w == int.MinValue ? int.MaxValue : -w;
            }

            spec.Width = w;
        }
        else
        {
            spec.Width = ReadNumber(f, ref i);
        }

        // Precision.
        if (i < f.Length && f[i] == '.')
        {
            i++;
            if (i < f.Length && f[i] == '*')
            {
                i++;
                int p = args.NextInt32('*');
                spec.Precision = p < 0 ? -1 : p;
            }
            else
            {
                spec.Precision = ReadNumber(f, ref i);
            }
        }

        // Length modifier.
        if (i < f.Length)
        {
            switch ((char)f[i])
            {
                case 'h':
                    i++;
                    if (i < f.Length && f[i] == 'h') { i++; spec.Length = LengthModifier.Char; }
                    else spec.Length = LengthModifier.Short;
                    break;
                case 'l':
                    i++;
                    if (i < f.Length && f[i] == 'l') { i++; spec.Length = LengthModifier.LongLong; }
                    else spec.Length = LengthModifier.Long;
                    break;
                case 'q': i++; spec.Length = LengthModifier.LongLong; break;
                case 'L': i++; spec.Length = LengthModifier.LongDouble; break;
                case 'j': i++; spec.Length = LengthModifier.IntMax; break;
                case 'z': case 'Z': i++; spec.Length = LengthModifier.Size; break;
                case 't': i++; spec.Length = LengthModifier.PtrDiff; break;
            }
        }

        if (i >= f.Length) return false;
        char c = (char)f[i];
        switch (c)
        {
            case 'd': case 'i': case 'u': case 'o': case 'x': case 'X':
            case 'c': case 's': case 'p':
            case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
                spec.Conversion = c;
                i++;
                return true;
            case 'n':
            case '%': // `%5%`, `%-5%`: glibc prints one '%' whatever the flags and width
                spec.Conversion = c;
                i++;
                return true;
            default:
                i++;
                return false;
        }
    }

    private static int ReadNumber(ReadOnlySpan<byte> f, ref int i)
    {
        long n = 0;
        while (i < f.Length && f[i] >= '0' && f[i] <= '9')
        {
            n = Math.Min(int.MaxValue, n * 10 + (f[i] - '0'));
            i++;
        }

        return (int)n;
    }

    private static void FormatOne(ByteSink sink, ref FormatSpec spec, ref FormatArgs args)
    {
        switch (spec.Conversion)
        {
            case '%':
                sink.Append((byte)'%');
                break;
            case 'n':
                // the bytes this call has produced so far (snprintf's too, past its size), stored through the argument
                // in the type the length names: %hhn a signed char, %hn a short, %ln a long (glibc prints nothing)
                args.StoreCount(spec.Length switch
                {
                    LengthModifier.Char => unchecked((sbyte)sink.Length),
                    LengthModifier.Short => unchecked((short)sink.Length),
                    _ => sink.Length,
                });
                break;
            case 'd':
            case 'i':
            {
                long v = spec.Length switch
                {
                    LengthModifier.Char => (sbyte)args.NextInt32(spec.Conversion),
                    LengthModifier.Short => (short)args.NextInt32(spec.Conversion),
                    _ when spec.IsWide => args.NextInt64(spec.Conversion),
                    _ => args.NextInt32(spec.Conversion),
                };
                bool negative = v < 0;
                ulong magnitude = negative ? unchecked(0UL - (ulong)v) : (ulong)v;
                FormatInteger(sink, in spec, magnitude, spec.SignChar(negative));
                break;
            }

            case 'u':
            case 'o':
            case 'x':
            case 'X':
            {
                ulong v = spec.Length switch
                {
                    LengthModifier.Char => (byte)args.NextInt32(spec.Conversion),
                    LengthModifier.Short => (ushort)args.NextInt32(spec.Conversion),
                    _ when spec.IsWide => unchecked((ulong)args.NextInt64(spec.Conversion)),
                    _ => unchecked((uint)args.NextInt32(spec.Conversion)),
                };
                FormatInteger(sink, in spec, v, '\0');
                break;
            }

            case 'c':
            {
                byte b = unchecked((byte)args.NextInt32(spec.Conversion));
                PadField(sink, in spec, [b]);
                break;
            }

            case 's':
            {
                byte[]? s = args.NextString(spec.Conversion, spec.Precision);
                if (s is null)
                {
                    // glibc: "(null)" unless the precision is too small to hold it.
                    s = spec.Precision is -1 or >= 6 ? "(null)"u8.ToArray() : [];
                }
                else if (spec.Precision >= 0 && s.Length > spec.Precision)
                {
                    s = s.AsSpan(0, spec.Precision).ToArray();
                }

                PadField(sink, in spec, s);
                break;
            }

            case 'p':
            {
                ulong address = args.NextPointer(spec.Conversion);
                if (address == 0)
                {
                    PadField(sink, in spec, "(nil)"u8);
                }
                else
                {
                    var hex = spec;
                    hex.Conversion = 'x';
                    hex.Alt = true;
                    FormatInteger(sink, in hex, address, spec.SignChar(false));
                }

                break;
            }

            default:
            {
                if (args.NextIsLongDouble(out CLongDouble ld))
                {
                    FormatLongDouble(sink, in spec, ld);
                    break;
                }
                double d = args.NextDouble(spec.Conversion);
                FormatFloat(sink, in spec, d);
                break;
            }
        }
    }

    /// <summary>Writes bytes right- or left-justified in the field width, padded with spaces.</summary>
    private static void PadField(ByteSink sink, in FormatSpec spec, ReadOnlySpan<byte> body)
    {
        int pad = spec.Width - body.Length;
        if (!spec.Minus) sink.AppendRepeat((byte)' ', pad);
        sink.Append(body);
        if (spec.Minus) sink.AppendRepeat((byte)' ', pad);
    }

    /// <summary>
    /// Lays out [spaces][sign/prefix][zeros][body][spaces]. Zero padding to the field width is used
    /// only when <paramref name="zeroPad"/> (the '0' flag, no '-', and for integers no precision).
    /// </summary>
    private static void Emit(ByteSink sink, in FormatSpec spec, string prefix, int leadingZeros, ReadOnlySpan<byte> body, bool zeroPad)
    {
        int len = prefix.Length + leadingZeros + body.Length;
        int pad = Math.Max(0, spec.Width - len);
        if (zeroPad && !spec.Minus)
        {
            leadingZeros += pad;
            pad = 0;
        }

        if (!spec.Minus) sink.AppendRepeat((byte)' ', pad);
        sink.AppendAscii(prefix);
        sink.AppendRepeat((byte)'0', leadingZeros);
        sink.Append(body);
        if (spec.Minus) sink.AppendRepeat((byte)' ', pad);
    }

    private static void FormatInteger(ByteSink sink, in FormatSpec spec, ulong value, char sign)
    {
        Span<byte> digits = stackalloc byte[24];
        int n = 0;
        bool upper = spec.Conversion == 'X';
        uint radix = spec.Conversion switch { 'o' => 8u, 'x' or 'X' => 16u, _ => 10u };
        if (!(value == 0 && spec.Precision == 0))
        {
            ulong v = value;
            do
            {
                int d = (int)(v % radix);
                v /= radix;
                digits[n++] = (byte)(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10);
            }
            while (v != 0);
            digits[..n].Reverse();
        }

        var body = digits[..n];
        int precision = spec.Precision < 0 ? 1 : spec.Precision;
        int zeros = Math.Max(0, precision - n);
        string prefix = sign == '\0' ? "" : sign.ToString();
        if (spec.Alt)
        {
            if (spec.Conversion == 'o' && zeros == 0 && (n == 0 || body[0] != '0')) zeros = 1;
            else if (spec.Conversion is 'x' or 'X' && value != 0) prefix += upper ? "0X" : "0x";
        }

        Emit(sink, in spec, prefix, zeros, body, spec.Zero && spec.Precision < 0);
    }
}
