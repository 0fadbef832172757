using System.Runtime.CompilerServices;

namespace CloudMpi.Libc;

/// <summary>
/// A <see cref="Ptr{T}"/> passed where an MPI call takes <c>(T[] array, int offset)</c>. A plain pointer gives its own
/// array and offset (the fast path: no copy). A view has no array of its own:
/// - a reinterpreted integer buffer (<c>(unsigned *)&amp;i</c>) gives the underlying array, which the CLR lets
///   stand for the other-signedness type, still without a copy; memory read as a type the CLR does not alias
///   (<c>(unsigned char *)&amp;d</c>, <c>(float *)ints</c>) is staged like a field;
/// - a struct field or a fixed array inside a struct (<c>&amp;s.x</c>, <c>&amp;s.arr[1]</c>) is staged: a copy of
///   the elements from the pointer to the end of the field goes to the call, and <see cref="Done"/> copies it back
///   once the call returns (copy-in, copy-out), so a receive reaches the struct.
/// A call that keeps its buffer past its return (nonblocking, persistent, windows) takes <see cref="Lasting"/>:
/// it cannot be staged, so a struct field there is an error rather than data that never arrives.
/// </summary>
public static class PtrBuffer
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T[]? Of<T>(Ptr<T> p, out Staged<T>? staged, out int offset)
    {
        staged = null;
        if (p.View is null)
        {
            offset = p.Offset;
            return p.Array;
        }
        return OfView(p, out staged, out offset);
    }

    private static T[] OfView<T>(Ptr<T> p, out Staged<T>? staged, out int offset)
    {
        if (p.View!.SharedArray(out int start) is { } shared)
        {
            staged = null;
            offset = start + p.Offset;
            return shared;
        }
        int n = Math.Max(p.Remaining, 0);
        var copy = new T[n];
        p.AsSpan(n).CopyTo(copy);
        staged = new Staged<T>(p, copy);
        offset = 0;
        return copy;
    }

    /// <summary>
    /// The primitive array whose memory <paramref name="p"/> points into and p's offset in it in bytes: p's own
    /// array, or the array a view reads in place (an integer buffer read as the other signedness; a <c>char</c>
    /// pool read as <c>uint64_t</c>, as a pointer aligned into it by an address is: cMPI.PointerAt). For the MPI
    /// calls that keep memory or name its address (a window's base, MPI_Get_address), which a staged copy cannot
    /// serve. Null for NULL; a struct field, which no array holds as it is, throws.
    /// </summary>
    public static Array? Memory<T>(Ptr<T> p, out long byteOffset)
    {
        if (p.IsNull)
        {
            byteOffset = 0;
            return null;
        }
        return MemoryOrNull(p, out byteOffset) ?? throw new PointerException(
            "a struct field or an array inside a struct cannot be a window's memory or have its address taken by MPI: " +
            "the call keeps or names memory that only an array holds; use an array");
    }

    internal static Array? MemoryOrNull<T>(Ptr<T> p, out long byteOffset)
    {
        Array? array;
        if (p.View is null)
        {
            array = p.Array;
            byteOffset = 0;
        }
        else
        {
            array = p.View.Memory(out byteOffset);
        }
        byteOffset += (long)p.Offset * Unsafe.SizeOf<T>();
        return array;
    }

    /// <summary>The array and offset for a call that holds on to its buffer after it returns.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T[]? Lasting<T>(Ptr<T> p, out int offset)
    {
        if (p.View is null)
        {
            offset = p.Offset;
            return p.Array;
        }
        if (p.View.SharedArray(out int start) is { } shared)
        {
            offset = start + p.Offset;
            return shared;
        }
        throw new PointerException(
            "a struct field, an array inside a struct or memory read as another type cannot be the buffer of a " +
            "nonblocking or persistent MPI call or a window: the call keeps the buffer after it returns; use an array");
    }

    /// <summary>
    /// The array and offset for a nonblocking point-to-point call (Isend, Irecv): a view (memory read as another
    /// type, <c>int *recv_int = (int *)recv_buff</c> of a <c>double *</c>; a struct field) is staged like a blocking
    /// call's, and the staged copy is remembered with its array: when a receive into it completes (Wait, Test),
    /// <see cref="Completed"/> copies the elements it received back through the view. A send reads the snapshot,
    /// as MPI lets it (the program may not change a send buffer before the send completes).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T[]? Pending<T>(Ptr<T> p, out int offset)
    {
        if (p.View is null)
        {
            offset = p.Offset;
            return p.Array;
        }
        return PendingView(p, out offset);
    }

    private static T[] PendingView<T>(Ptr<T> p, out int offset)
    {
        var array = OfView(p, out var staged, out offset);
        if (staged != null) PendingViews.AddOrUpdate(array, staged);
        return array;
    }

    // staged copy -> the view it stands for; weak, so a copy whose request is never completed is collected
    private static readonly ConditionalWeakTable<object, IStagedBuffer> PendingViews = new();

    /// <summary>
    /// A receive into <c>array[offset..offset + count)</c> completed: if the array is the staged copy of a view
    /// (<see cref="Pending"/>), those elements go back through the view. Only the received elements: other receives
    /// into the same view, at other offsets, complete on their own.
    /// </summary>
    public static void Completed(object? array, int offset, int count)
    {
        if (array != null && PendingViews.TryGetValue(array, out var staged))
            staged.CopyBack(offset, count);
    }

    /// <summary>
    /// A <see cref="Ptr{T}"/> passed where an MPI call takes a whole <c>T[]</c> (counts, displacements, ranks,
    /// dimensions, requests, statuses): the pointer's own array when it points at its start; otherwise
    /// (<c>info + 2</c>, <c>&amp;reqs[k]</c>, a view) a copy of the elements from the pointer to the end of its buffer,
    /// which <see cref="Done"/> copies back once the call returns, so an output array (coordinates, requests set to
    /// MPI_REQUEST_NULL) reaches the caller's memory. A call that keeps the array (a nonblocking collective's counts)
    /// passes <c>out _</c>: it reads a snapshot, as MPI lets it (the caller may not change them before completion).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T[]? Whole<T>(Ptr<T> p, out Staged<T>? staged)
    {
        staged = null;
        if (p.View is null && p.Offset == 0) return p.Array;
        return WholeCopy(p, out staged);
    }

    private static T[]? WholeCopy<T>(Ptr<T> p, out Staged<T>? staged)
    {
        staged = null;
        if (p.IsNull) return null;
        int n = Math.Max(p.Remaining, 0);
        var copy = new T[n];
        p.AsSpan(n).CopyTo(copy);
        staged = new Staged<T>(p, copy);
        return copy;
    }

    /// <summary>After the call: staged copies go back into their structs; the call's return code passes through.</summary>
    public static int Done(int rc, IStagedBuffer? a)
    {
        a?.CopyBack();
        return rc;
    }

    public static int Done(int rc, IStagedBuffer? a, IStagedBuffer? b)
    {
        a?.CopyBack();
        b?.CopyBack();
        return rc;
    }
}

/// <summary>A staged copy of a view that an MPI call used in place of the view.</summary>
public interface IStagedBuffer
{
    void CopyBack();

    /// <summary>Copy back only the elements <c>[offset, offset + count)</c> of the copy.</summary>
    void CopyBack(int offset, int count);
}

/// <summary>The copy of the elements a view reaches, and the view to write them back through.</summary>
public sealed class Staged<T>(Ptr<T> target, T[] copy) : IStagedBuffer
{
    public void CopyBack() => copy.AsSpan().CopyTo(target.AsSpan(copy.Length));

    public void CopyBack(int offset, int count)
    {
        offset = Math.Clamp(offset, 0, copy.Length);
        count = Math.Clamp(count, 0, copy.Length - offset);
        copy.AsSpan(offset, count).CopyTo((target + offset).AsSpan(count));
    }
}
