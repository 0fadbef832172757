using System.Text;

namespace CloudMpi.Libc;

/// <summary>
/// scanf, sscanf, fscanf with glibc's semantics (see <see cref="CScanner"/>).
/// What the translator emits for C's out-arguments:
/// <list type="bullet">
/// <item><c>&amp;x</c> (x a scalar variable, array element or field) → <c>ref x</c>;</item>
/// <item>a pointer argument held in a variable (<c>buf</c>, <c>name</c>, <c>p</c>) → <c>ref buf</c>: the
/// scanner sees a Ptr&lt;T&gt;/array and writes through it (%s, %c, %[ and numbers into *p);</item>
/// <item>a pointer that is an expression (<c>buf + 2</c>) → <c>ref Target(new Ptr&lt;sbyte&gt;(buf, 2))</c>.</item>
/// </list>
/// Calls whose out-arguments are all pointer values may pass them without ref (the params overloads).
/// </summary>
public static partial class Stdio
{
    /// <summary>A variable holding <paramref name="pointer"/>, so a pointer expression can be passed by ref to scanf.</summary>
    public static ref T Target<T>(T pointer) => ref new[] { pointer }[0];

    public static int sscanf(Ptr<sbyte> s, string format, params object?[] pointers) => ScanString(s, format, Checked(pointers));

    public static int sscanf(string s, string format, params object?[] pointers) => ScanString(s, format, Checked(pointers));

    public static int fscanf(FILE stream, string format, params object?[] pointers) => ScanFile(stream, format, Checked(pointers));

    public static int scanf(string format, params object?[] pointers) => ScanFile(FILE.Stdin, format, Checked(pointers));

    private static int ScanString(Ptr<sbyte> s, string format, object?[] slots) =>
        CScanner.Scan(new BytesInput(CString.Bytes(s).ToArray()), Utf8b.Instance.GetBytes(format), slots);

    private static int ScanString(string s, string format, object?[] slots) =>
        CScanner.Scan(new BytesInput(Utf8b.Instance.GetBytes(s)), Utf8b.Instance.GetBytes(format), slots);

    private static int ScanFile(FILE stream, string format, object?[] slots)
    {
        ArgumentNullException.ThrowIfNull(stream);
        stream.ThrowIfClosed();
        var input = stream.Stream ?? throw new InvalidOperationException($"fscanf: {stream} cannot be read");
        return CScanner.Scan(new StreamInput(input), Utf8b.Instance.GetBytes(format), slots);
    }

    // Without ref, only a pointer (which the scanner writes through) can receive a value.
    private static object?[] Checked(object?[] pointers)
    {
        foreach (var p in pointers)
        {
            if (p is not (Array or IPointer))
                throw new ArgumentException($"scanf: a {p?.GetType().Name ?? "null"} passed by value cannot receive a value; pass it with ref");
        }

        return pointers;
    }
}
