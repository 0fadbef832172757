using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

/// <summary>
/// A buffer an MPI call only reads, given as an array of another number type. C's reductions take one datatype for
/// all their buffers and move bytes whatever the variables' types (<c>MPI_Allreduce(&amp;my_int, &amp;my_long, 1,
/// MPI_LONG, ...)</c>, PRK amr); cMPI's overloads take one element type T for them, so the translator hands each
/// buffer the call reads (all but the last: sendbuf, inbuf, origin, compare) over as a copy of its bytes typed like
/// the buffer the call writes. The copy holds the bytes of the buffer's own storage (the variable, or the array from
/// the offset) and zeros after them up to a whole element; the runtime's buffer staging then moves count * extent
/// bytes of it as for any buffer (docs/runtime-contract.md, "numbers of another size"). Nothing is written back: the
/// call does not write these buffers, and a nonblocking call may read a snapshot (MPI forbids changing its buffer
/// before completion).
/// </summary>
public static class BufferBytes
{
    /// <summary>A scalar's bytes (C's <c>&amp;x</c>) as an array of U.</summary>
    public static U[] As<T, U>(T value) where T : unmanaged where U : unmanaged =>
        Copy<T, U>(MemoryMarshal.CreateReadOnlySpan(ref value, 1));

    /// <summary>The bytes of <paramref name="array"/> from element <paramref name="offset"/> to its end, as an array of U.</summary>
    public static U[]? As<T, U>(T[]? array, int offset) where T : unmanaged where U : unmanaged =>
        array is null ? null : Copy<T, U>(array.AsSpan(Math.Clamp(offset, 0, array.Length)));

    private static U[] Copy<T, U>(ReadOnlySpan<T> from) where T : unmanaged where U : unmanaged
    {
        var bytes = MemoryMarshal.AsBytes(from);
        int size = System.Runtime.CompilerServices.Unsafe.SizeOf<U>();
        var copy = new U[(bytes.Length + size - 1) / size];
        bytes.CopyTo(MemoryMarshal.AsBytes(copy.AsSpan()));
        return copy;
    }
}
