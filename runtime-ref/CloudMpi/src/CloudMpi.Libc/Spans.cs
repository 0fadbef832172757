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
