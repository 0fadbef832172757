using System.Runtime.CompilerServices;
using CloudMpi.Libc;

namespace CloudMpi.Core;

/// <summary>
/// A caller's buffer in any of the forms a port passes it, as one value a call's core takes: an array and an offset
/// (<c>a, i</c>), a scalar (<c>ref x</c>) or a pointer (<c>Ptr&lt;T&gt; p</c>, which may be a view: a struct field,
/// an array inside a struct, memory read as another type). Each public cMPI overload wraps its argument here in one
/// line and calls the one core (as MPI.NET's overloads forward to one implementation), so a call's logic is written
/// once whatever the forms of its buffers.
///
/// A view has no array of its own: <see cref="UserBuffer.Of{T}(Ptr{T})"/> stages a copy of the elements from the pointer to the end
/// of its memory (<see cref="PtrBuffer.Of{T}"/>; an integer buffer read as the other signedness is its array, no
/// copy), and <see cref="Done"/> writes a received copy back through the view after the call (copy-in, copy-out).
/// The bytes a datatype reaches, and a buffer whose element size differs from the datatype's, stay
/// <see cref="Buffers.Data{T}"/>'s and <see cref="Buffers.DataScalar{T}"/>'s alone: this type only finds the memory.
/// </summary>
internal readonly ref struct UserBuffer<T> where T : unmanaged
{
    private readonly T[]? array;
    private readonly int offset;
    private readonly ref T scalar;
    private readonly bool isScalar;
    private readonly Staged<T>? staged;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public UserBuffer(T[]? array, int offset, Staged<T>? staged = null)
    {
        this.array = array;
        this.offset = offset;
        this.staged = staged;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public UserBuffer(ref T scalar)
    {
        this.scalar = ref scalar;
        isScalar = true;
    }

    /// <summary>The buffer is MPI_IN_PLACE held in a typed pointer (<see cref="cMPI.InPlaceAs{T}"/>).</summary>
    public bool IsInPlace => !isScalar && staged is null && cMPI.IsInPlace(array);

    /// <summary>count elements of type at this buffer, as packed bytes (see <see cref="Buffers.Data{T}"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public DataBuf Data(string call, int count, Datatype type) =>
        isScalar ? Buffers.DataScalar(call, ref scalar, count, type) : Buffers.Data(call, array, offset, count, type);

    /// <summary>As <see cref="Data(string, int, Datatype)"/> for a point-to-point call with <paramref name="peer"/>:
    /// MPI_PROC_NULL touches no memory (<see cref="Buffers.PeerData{T}"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public DataBuf Data(string call, int count, Datatype type, int peer) =>
        isScalar ? Buffers.PeerDataScalar(call, ref scalar, count, type, peer) : Buffers.PeerData(call, array, offset, count, type, peer);

    /// <summary>
    /// Let a blocking receive's payload be written straight into this buffer as it arrives (<see cref="RecvEntry.OfferTarget{T}"/>):
    /// when <paramref name="data"/> is a view of its array (a staged pointer's array too: <see cref="Done"/> copies it back).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void OfferAsTarget(RecvEntry e, in DataBuf data)
    {
        if (!isScalar && array != null && data.IsView) e.OfferTarget(array, data.Bytes);
    }

    /// <summary>After a call that wrote the buffer: a staged view's copy goes back through the view.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Done() => staged?.CopyBack();
}

/// <summary>The constructors of <see cref="UserBuffer{T}"/>, with T inferred.</summary>
internal static class UserBuffer
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static UserBuffer<T> Of<T>(T[]? array, int offset) where T : unmanaged => new(array, offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static UserBuffer<T> Of<T>(ref T scalar) where T : unmanaged => new(ref scalar);

    /// <summary>A pointer: its own array and offset, or a staged copy of the memory a view reaches.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static UserBuffer<T> Of<T>(Ptr<T> p) where T : unmanaged
    {
        var array = PtrBuffer.Of(p, out var staged, out int offset);
        return new(array, offset, staged);
    }
}
