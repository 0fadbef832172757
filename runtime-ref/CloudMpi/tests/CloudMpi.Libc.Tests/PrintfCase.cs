using System.Globalization;
using System.Text;

namespace CloudMpi.Libc.Tests;

/// <summary>One printf argument: its C type code, its text for the C harness, and its C# value.</summary>
internal sealed record PrintfArg(char Kind, string CText, object? Value)
{
    public static PrintfArg Int(int v) => new('i', v.ToString(CultureInfo.InvariantCulture), v);

    public static PrintfArg UInt(uint v) => new('u', v.ToString(CultureInfo.InvariantCulture), v);

    public static PrintfArg Long(long v) => new('l', v.ToString(CultureInfo.InvariantCulture), v);

    public static PrintfArg ULong(ulong v) => new('m', v.ToString(CultureInfo.InvariantCulture), v);

    public static PrintfArg Double(double v) => new('d', BitConverter.DoubleToInt64Bits(v).ToString("x16"), v);

    /// <summary>A long double argument in C holding the same value (for %Lf etc.).</summary>
    public static PrintfArg LongDouble(double v) => new('D', BitConverter.DoubleToInt64Bits(v).ToString("x16"), v);

    public static PrintfArg Pointer(ulong v) => new('p', v.ToString(CultureInfo.InvariantCulture), v);

    public static PrintfArg NullString() => new('n', "0", null);

    public static PrintfArg String(string s) => new('s', Convert.ToHexString(Encoding.UTF8.GetBytes(s)), s);

    /// <summary>A C string held in a NUL-terminated sbyte[] (may hold any bytes, invalid UTF-8 too).</summary>
    public static PrintfArg Bytes(byte[] bytes)
    {
        var buffer = new sbyte[bytes.Length + 1];
        for (int i = 0; i < bytes.Length; i++) buffer[i] = unchecked((sbyte)bytes[i]);
        return new PrintfArg('s', bytes.Length == 0 ? "-" : Convert.ToHexString(bytes), buffer);
    }
}

/// <summary>A format and its arguments: the '*' ints first, then at most one value.</summary>
internal sealed record PrintfCase(string Format, IReadOnlyList<PrintfArg> Args)
{
    /// <summary>The harness input line: hex(format) TAB count TAB kind:text ...</summary>
    public string ToLine()
    {
        var b = new StringBuilder();
        b.Append(Format.Length == 0 ? "-" : Convert.ToHexString(Encoding.UTF8.GetBytes(Format)));
        b.Append('\t').Append(Args.Count);
        foreach (var a in Args) b.Append('\t').Append(a.Kind).Append(':').Append(a.CText);
        return b.ToString();
    }

    public override string ToString()
    {
        var args = string.Join(", ", Args.Select(a => a.Value switch
        {
            null => "NULL",
            double d => $"{d:R} (0x{BitConverter.DoubleToInt64Bits(d):x16})" + (a.Kind == 'D' ? " as long double" : ""),
            string s => "\"" + s + "\"",
            sbyte[] bytes => "bytes[" + a.CText + "]",
            var v => $"({v.GetType().Name}){v}",
        }));
        return $"printf(\"{Format}\"{(Args.Count > 0 ? ", " : "")}{args})";
    }
}
