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
}
