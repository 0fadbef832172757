using System.Text;

namespace CloudMpi.Libc;

/// <summary>
/// &lt;assert.h&gt;. The translator emits <c>assert(cond, "expr", "file.c", line, "function")</c>
/// (nothing at all under NDEBUG), with the expression's source text as the C preprocessor
/// would stringify it.
/// </summary>
public static class CAssert
{
    /// <summary>When <paramref name="condition"/> is false: glibc's message on stderr, then abort() (exit status 134).</summary>
    public static void assert(bool condition, string expression, string file, long line, string function)
    {
        if (!condition) assert_fail(expression, file, line, function);
    }

    /// <summary>assert on a scalar: C's assert(p) tests p != 0.</summary>
    public static void assert(long value, string expression, string file, long line, string function) =>
        assert(value != 0, expression, file, line, function);

    public static void assert(double value, string expression, string file, long line, string function) =>
        assert(value != 0, expression, file, line, function);

    /// <summary>The call glibc's assert macro expands to: <c>__assert_fail("expr", "file", line, __PRETTY_FUNCTION__)</c>.</summary>
    public static void __assert_fail(string expression, string file, long line, string function) =>
        assert_fail(expression, file, line, function);

    public static void __assert_fail(Ptr<sbyte> expression, Ptr<sbyte> file, long line, Ptr<sbyte> function) =>
        assert_fail(CString.Str(expression), CString.Str(file), line, CString.Str(function));

    /// <summary>glibc's __assert_fail: "prog: file:line: function: Assertion `expr' failed."</summary>
    public static void assert_fail(string expression, string file, long line, string function)
    {
        var state = LibcState.Current;
        state.Stdout.Flush();
        string message = $"{state.ProgramName}: {file}:{line}: {function}: Assertion `{expression}' failed.\n";
        state.Write(true, Utf8b.Instance.GetBytes(message));
        state.Stderr.Flush();
        Stdlib.abort();
    }
}
