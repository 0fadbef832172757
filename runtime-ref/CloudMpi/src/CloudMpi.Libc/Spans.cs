using System.Runtime.CompilerServices;

namespace CloudMpi.Libc;

/// <summary>
/// Views a translated loop takes of its buffers (the translator's convert/loops.py): a span
/// from a loop-invariant base, indexed by the loop counter alone, lets the JIT check the
/// counter's range once at the loop's entry instead of every access on every iteration.
/// </summary>
public static class Spans
{
    /// <summary>
    /// The buffer from <paramref name="start"/> on. A start outside the buffer (a loop that
    /// does not run, or one that will fail) gives an empty view rather than throwing here, so
    /// the exception, if any, comes from the access itself, as it would without the view.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Span<T> From<T>(T[]? buffer, int start) =>
        buffer is not null && (uint)start <= (uint)buffer.Length ? buffer.AsSpan(start) : default;

    /// <summary>
    /// C's fill loop <c>for (j = start; j &lt; end; j++) array[offset + j] = value;</c> (the translator's
    /// loops.py, _fill_statement), returning the counter's value after it. When every element the loop stores is
    /// inside the array, they are stored at once: a value whose bits are all zero by clearing the range (memset's
    /// wide stores, as gcc -O2 makes the loop a memset call), another one in a loop without checks; otherwise the
    /// loop runs as written and throws at the first element outside the array, where C's loop leaves it.
    /// <paramref name="end"/> is a long so that a loop up to <c>j &lt;= INT_MAX</c> has one. Compiled optimized at
    /// once (a method of a generic instantiation has no ReadyToRun code, and a fill runs once per call: at tier 0,
    /// or through CoreLib's generic Span.Fill, which started at tier 0 and moved to on-stack replacement, it took
    /// as long as the loop it replaces).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static int Fill<T>(T[]? array, int offset, int start, long end, T value) where T : unmanaged
    {
        if (start >= end)
            return start;
        long first = (long)offset + start, last = (long)offset + end;
        if (array is not null && first >= 0 && last <= array.Length)
        {
            var range = array.AsSpan((int)first, (int)(last - first));
            if (IsAllZeroBits(value))
                range.Clear();
            else
                for (int i = 0; i < range.Length; i++)
                    range[i] = value;
            return (int)end;
        }
        for (int j = start; j < end; j++)
            array![offset + j] = value;
        return (int)end;
    }

    /// <summary>Whether a number's bits are all zero (+0.0, not -0.0, which clearing would turn into +0.0).</summary>
    private static bool IsAllZeroBits<T>(T value) where T : unmanaged =>
        Unsafe.SizeOf<T>() switch
        {
            8 => Unsafe.As<T, long>(ref value) == 0,
            4 => Unsafe.As<T, int>(ref value) == 0,
            2 => Unsafe.As<T, short>(ref value) == 0,
            1 => Unsafe.As<T, byte>(ref value) == 0,
            _ => false,
        };

    /// <summary>
    /// A row pointer's elements from <paramref name="start"/> on (`double **` tables of rows): empty for a null
    /// pointer or one outside its array, so an access through the view throws where the pointer's would.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Span<T> From<T>(Ptr<T> row, int start)
    {
        var array = row.Array;
        if (array is not null)
        {
            long at = (long)row.Offset + start;
            return at >= 0 && at <= array.Length ? array.AsSpan((int)at) : default;
        }

        if (row.IsNull) return default;
        var rest = row + start;
        return rest.Remaining > 0 ? rest.AsSpan() : default;  // a view of a struct's array field
    }
}
