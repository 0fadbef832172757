using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

/// <summary>The path from a struct to one of its fields: `static ref uint (ref Outer o) => ref o.inner.b`.</summary>
public delegate ref TField FieldPath<TStruct, TField>(ref TStruct container);

/// <summary>The path from a struct to a fixed array inside it: `static Span&lt;sbyte&gt; (ref Rec r) => r.name`.</summary>
public delegate Span<T> ArrayFieldPath<TStruct, T>(ref TStruct container);

/// <summary>
/// What a pointer that is not a plain array + offset points at: a struct field (`&amp;s.f`), or an
/// array of one primitive type read as another (`(unsigned *)&amp;i`, `(unsigned char *)&amp;d`).
/// The target is reached through the storage that holds it each time, since C# cannot keep a `ref`
/// on the heap. Indexes are relative to where the view starts (the pointer's offset is added).
/// </summary>
public abstract class PointerView<T>
{
    internal abstract ref T At(long index);

    /// <summary>The array the storage lives in (for hashing, %p and error messages).</summary>
    internal abstract object Root { get; }

    /// <summary>Both views start at the same element.</summary>
    internal abstract bool SameStart(PointerView<T> other);

    internal abstract Span<T> Span(long index, int count);

    /// <summary>Elements reachable from the view's start.</summary>
    internal abstract int Length { get; }

    internal virtual bool IsField => false;

    /// <summary>
    /// An array that holds the view's elements itself, and the index of the view's start in it; null when the
    /// elements live inside structs (a field), so that only a copy can be handed out as an array.
    /// </summary>
    internal virtual T[]? SharedArray(out int start)
    {
        start = 0;
        return null;
    }

    /// <summary>
    /// The primitive array whose bytes the view reads in place and the byte offset of the view's start in it; null
    /// when no array holds them as they are (a struct field). See <see cref="PtrBuffer.Memory{T}"/>.
    /// </summary>
    internal virtual Array? Memory(out long byteOffset)
    {
        byteOffset = 0;
        return null;
    }

    /// <summary>The root array and the C byte offset in it of the view's start (<see cref="CAddress"/>); false
    /// where that is not known.</summary>
    internal virtual bool TryAddress(out object? root, out long address)
    {
        root = null;
        address = 0;
        return false;
    }

    internal static bool Same(PointerView<T>? a, PointerView<T>? b) =>
        ReferenceEquals(a, b) || (a is not null && b is not null && a.SameStart(b));
}

/// <summary>`&amp;container-&gt;field`: one element, the field.</summary>
internal sealed class FieldView<TStruct, T>(Ptr<TStruct> container, FieldPath<TStruct, T> path) : PointerView<T>
{
    internal Ptr<TStruct> Container => container;

    internal override ref T At(long index)
    {
        // A field is a one-element object: only its own element can be reached.
        if (index != 0) throw PointerException.OutOfBounds(index, 1);
        return ref path(ref container.Value);
    }

    internal override object Root =>
        (object?)container.Array ?? container.View?.Root ?? throw PointerException.NullDereference();

    internal override bool IsField => true;

    internal override bool TryAddress(out object? root, out long address)
    {
        if (!CAddress.TryGet(container, out root, out address)) return false;
        address += CAddress.FieldOffset(ref container.Value, ref path(ref container.Value));
        return true;
    }

    // &s.in.b and &(&s.in)->b are views of different struct types onto one field.
    internal override bool SameStart(PointerView<T> other) =>
        other.IsField && Unsafe.AreSame(ref At(0), ref other.At(0));

    internal override Span<T> Span(long index, int count) =>
        count == 0 ? Span<T>.Empty : MemoryMarshal.CreateSpan(ref At(index + count - 1), 1);

    internal override int Length => 1;
}

/// <summary>`s.name` used as a pointer: the elements of a fixed array inside a struct.</summary>
internal sealed class ArrayFieldView<TStruct, T>(Ptr<TStruct> container, ArrayFieldPath<TStruct, T> path)
    : PointerView<T>
{
    internal override ref T At(long index)
    {
        var elements = path(ref container.Value);
        if ((ulong)index >= (ulong)elements.Length) throw PointerException.OutOfBounds(index, elements.Length);
        return ref elements[(int)index];
    }

    internal override object Root =>
        (object?)container.Array ?? container.View?.Root ?? throw PointerException.NullDereference();

    internal override bool IsField => true;

    internal override bool SameStart(PointerView<T> other) =>
        other.IsField && Unsafe.AreSame(ref At(0), ref other.At(0));

    internal override bool TryAddress(out object? root, out long address)
    {
        if (!CAddress.TryGet(container, out root, out address)) return false;
        address += CAddress.FieldOffset(ref container.Value, ref MemoryMarshal.GetReference(path(ref container.Value)));
        return true;
    }

    internal override Span<T> Span(long index, int count)
    {
        var elements = path(ref container.Value);
        if (index < 0 || index + count > elements.Length) throw PointerException.OutOfBounds(index + count, elements.Length);
        return elements.Slice((int)index, count);
    }

    internal override int Length => path(ref container.Value).Length;
}

/// <summary>An integer buffer read through a pointer to the same-size integer of the other signedness.</summary>
internal sealed class ReinterpretView<TFrom, T>(Ptr<TFrom> source) : PointerView<T>
{
    internal Ptr<TFrom> Source => source;

    internal override ref T At(long index) => ref Unsafe.As<TFrom, T>(ref source[index]);

    internal override object Root =>
        (object?)source.Array ?? source.View?.Root ?? throw PointerException.NullDereference();

    internal override bool SameStart(PointerView<T> other) =>
        other is ReinterpretView<TFrom, T> r && r.Source.Equals(source);

    internal override int Length => source.Remaining;

    internal override bool TryAddress(out object? root, out long address) => CAddress.TryGet(source, out root, out address);

    // The CLR lets an int[] be used as a uint[] (and sbyte[] as byte[], ...): same-size integer arrays are
    // cast-compatible, so the source's own array carries the reinterpreted elements without a copy. Other pairs
    // (a float read as an int) are not, and get null: the caller copies.
    internal override T[]? SharedArray(out int start)
    {
        TFrom[]? array;
        if (source.View is null)
        {
            array = source.Array;
            start = source.Offset;
        }
        else
        {
            array = source.View.SharedArray(out int viewStart);
            start = viewStart + source.Offset;
        }
        return (object?)array as T[];
    }

    internal override Array? Memory(out long byteOffset) => PtrBuffer.MemoryOrNull(source, out byteOffset);

    internal override Span<T> Span(long index, int count)
    {
        var span = (source + index).AsSpan(count);
        return MemoryMarshal.CreateSpan(ref Unsafe.As<TFrom, T>(ref MemoryMarshal.GetReference(span)), span.Length);
    }
}

/// <summary>
/// A buffer of one primitive type read through a pointer to a primitive of another size: `(unsigned char *)&amp;d`
/// to see a double's bytes, `*(long *)&amp;d` for its bits. Element i of the view is the sizeof(T) bytes at
/// byte i * sizeof(T) from where the view starts, in the machine's byte order (little-endian, as gcc's x86-64
/// build sees them). Every access is bounds-checked against the source's elements.
/// </summary>
internal sealed class ByteReinterpretView<TFrom, T>(Ptr<TFrom> source) : PointerView<T>
{
    private static readonly int FromSize = Unsafe.SizeOf<TFrom>();
    private static readonly int Size = Unsafe.SizeOf<T>();

    internal Ptr<TFrom> Source => source;

    internal override ref T At(long index) => ref MemoryMarshal.GetReference(Span(index, 1));

    internal override object Root =>
        (object?)source.Array ?? source.View?.Root ?? throw PointerException.NullDereference();

    internal override bool SameStart(PointerView<T> other) =>
        other is ByteReinterpretView<TFrom, T> r && r.Source.Equals(source);

    internal override int Length => (int)((long)Math.Max(source.Remaining, 0) * FromSize / Size);

    internal override bool TryAddress(out object? root, out long address) => CAddress.TryGet(source, out root, out address);

    internal override Array? Memory(out long byteOffset) => PtrBuffer.MemoryOrNull(source, out byteOffset);

    internal override Span<T> Span(long index, int count)
    {
        if (count == 0) return Span<T>.Empty;
        long firstByte = index * Size, endByte = firstByte + (long)count * Size;
        long firstElement = Math.DivRem(firstByte, FromSize, out long skip);
        if (skip < 0) { firstElement--; skip += FromSize; }  // floor division: bytes before the view's start
        long elements = (endByte - firstElement * FromSize + FromSize - 1) / FromSize;
        // The source elements that hold the bytes, checked by AsSpan; then the same memory typed as T.
        var from = (source + firstElement).AsSpan(checked((int)elements));
        ref byte first = ref Unsafe.Add(ref Unsafe.As<TFrom, byte>(ref MemoryMarshal.GetReference(from)), (nint)skip);
        return MemoryMarshal.CreateSpan(ref Unsafe.As<byte, T>(ref first), count);
    }
}

/// <summary>Pointer operations that involve two element types.</summary>
public static class Ptr
{
    /// <summary>
    /// The array that holds what <paramref name="p"/> points at (for a struct field, the array of structs), the C
    /// byte offset of p's element in it (C's layout: <see cref="CAddress"/>) and the array's size in C bytes; null
    /// for NULL or a view whose place is not known. For a pointer as an integer (<c>(size_t)&amp;s.x</c>), which
    /// MPI's addresses (cMPI.AddressOf) give from the array and the offset.
    /// </summary>
    public static Array? Place<T>(Ptr<T> p, out long byteOffset, out long arrayBytes)
    {
        arrayBytes = 0;
        if (!CAddress.TryGet(p, out var root, out byteOffset) || root is not Array array) return null;
        arrayBytes = array.LongLength * CLayout.Of(array.GetType().GetElementType()!).Size;
        return array;
    }

    /// <summary>`&amp;container-&gt;field`: a pointer to a field of the struct the container points at.</summary>
    public static Ptr<T> ToField<TStruct, T>(Ptr<TStruct> container, FieldPath<TStruct, T> path)
    {
        if (container.IsNull) throw PointerException.NullDereference();
        return new Ptr<T>(new FieldView<TStruct, T>(container, path), 0);
    }

    /// <summary>
    /// The first element of <paramref name="array"/> as the reference a by-ref parameter takes, for a C pointer held
    /// as an array: a null reference when the pointer is NULL, faulting only where the callee uses it
    /// (<see cref="Ptr{T}.Target"/>).
    /// </summary>
    public static ref T Target<T>(T[]? array) => ref array is null ? ref Unsafe.NullRef<T>() : ref array[0];

    /// <summary>`s.name` (a fixed array inside a struct) used as a pointer to its first element.</summary>
    public static Ptr<T> ToArrayField<TStruct, T>(Ptr<TStruct> container, ArrayFieldPath<TStruct, T> path)
    {
        if (container.IsNull) throw PointerException.NullDereference();
        return new Ptr<T>(new ArrayFieldView<TStruct, T>(container, path), 0);
    }

    /// <summary>`(T *)p` for primitive element types. A same-size integer of the other signedness (int and
    /// unsigned, char and unsigned char) is read in place, as C's aliasing rules allow; any other primitive
    /// (`(unsigned char *)&amp;d`, `(long *)&amp;d`) reads the source's bytes.</summary>
    public static Ptr<T> Reinterpret<TFrom, T>(Ptr<TFrom> p)
    {
        if (typeof(TFrom) == typeof(T)) return Unsafe.As<Ptr<TFrom>, Ptr<T>>(ref p);
        if (RuntimeHelpers.IsReferenceOrContainsReferences<TFrom>() || RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            throw new PointerException($"a {typeof(TFrom).Name} pointer cannot be read as {typeof(T).Name}");
        if (p.IsNull) return default;
        int fromSize = Unsafe.SizeOf<TFrom>(), size = Unsafe.SizeOf<T>();
        if (fromSize == size)
        {
            // Converting back gives the original pointer, so it compares equal to it, as in C.
            if (p.View is ReinterpretView<T, TFrom> back) return back.Source + p.Offset;
            // A view of a whole array starts at its first element, so two views of one array compare by offset.
            return p.Array is not null
                ? new Ptr<T>(new ReinterpretView<TFrom, T>(new Ptr<TFrom>(p.Array)), p.Offset)
                : new Ptr<T>(new ReinterpretView<TFrom, T>(p), 0);
        }
        long bytes = (long)p.Offset * fromSize;
        if (p.View is ByteReinterpretView<T, TFrom> origin && bytes % size == 0)
            return origin.Source + bytes / size;
        if (p.Array is not null && bytes % size == 0)
            return new Ptr<T>(new ByteReinterpretView<TFrom, T>(new Ptr<TFrom>(p.Array)), checked((int)(bytes / size)));
        return new Ptr<T>(new ByteReinterpretView<TFrom, T>(p), 0);
    }

    /// <summary>`(TStruct *) p` of a pointer to a TStruct's first member (C11 6.7.2.1p15: `(Lj *) base` where Lj
    /// begins with a Base), or container_of's `(TStruct *)((char *) p - offsetof(TStruct, m))` of any member m: the
    /// struct that holds it, when p was made as that member's address (`&amp;lj->base`, `(Base *) lj`,
    /// `&amp;job->node`); a <see cref="PointerException"/> naming the C cast (<paramref name="where"/>) otherwise,
    /// where C would read the memory around a lone member as the rest of a TStruct.</summary>
    public static Ptr<TStruct> Container<TStruct, T>(Ptr<T> member, FieldPath<TStruct, T> path, string where)
    {
        if (member.IsNull) return default;
        if (member.Offset == 0 && member.View is FieldView<TStruct, T> field &&
            Unsafe.AreSame(ref path(ref field.Container.Value), ref field.At(0)))
            return field.Container;
        throw new PointerException(
            $"{where}: a {typeof(T).Name} * that is not that member of a {typeof(TStruct).Name} cast to {typeof(TStruct).Name} *");
    }

    /// <summary>`p == q` for pointers to different types (C allows it with a cast, or a warning): equal when
    /// one is a reinterpreting view (Reinterpret) of the other's address, or both are NULL.</summary>
    public static bool SameAddress<T, U>(Ptr<T> p, Ptr<U> q)
    {
        if (typeof(T) == typeof(U)) return p.Equals(Unsafe.As<Ptr<U>, Ptr<T>>(ref q));
        if (p.IsNull || q.IsNull) return p.IsNull && q.IsNull;
        return !RuntimeHelpers.IsReferenceOrContainsReferences<T>() && !RuntimeHelpers.IsReferenceOrContainsReferences<U>() &&
            Reinterpret<U, T>(q).Equals(p);
    }
}
