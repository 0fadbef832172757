using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

/// <summary>
/// A C pointer that moves: an array and an element offset into it (DESIGN.md, "pointers become
/// array + offset"). <c>default</c> is C's NULL. The offset may point anywhere while the pointer
/// is only moved or compared (C allows one past the end; glibc-built programs often go further);
/// it is checked when the pointer is dereferenced.
/// </summary>
public readonly struct Ptr<T> : IEquatable<Ptr<T>>, IPointer
{
    /// <summary>The array pointed into; null for a NULL pointer.</summary>
    public readonly T[]? Array;

    /// <summary>The element index the pointer designates.</summary>
    public readonly int Offset;

    /// <summary>Set instead of <see cref="Array"/> for a pointer to a struct field (`&amp;s.f`) or an integer
    /// buffer read as its other-signedness twin (see <see cref="PointerView{T}"/>).</summary>
    public readonly PointerView<T>? View;

    public Ptr(T[]? array, int offset = 0)
    {
        Array = array;
        Offset = offset;
    }

    /// <summary>`&amp;a[i]` with a 64-bit (or unsigned) index.</summary>
    public Ptr(T[]? array, long offset)
        : this(array, offset is >= int.MinValue and <= int.MaxValue
            ? (int)offset : throw PointerException.OutOfBounds(offset, array?.Length ?? 0))
    {
    }

    internal Ptr(PointerView<T> view, int offset)
    {
        View = view;
        Offset = offset;
    }

    /// <summary>C's <c>p == NULL</c>.</summary>
    public bool IsNull => Array is null && View is null;

    /// <summary><c>p[i]</c>.</summary>
    public ref T this[int i] => ref ElementAt((long)Offset + i);

    /// <summary><c>p[i]</c> with a 64-bit index.</summary>
    public ref T this[long i] => ref ElementAt(Offset + i);

    /// <summary><c>*p</c>.</summary>
    public ref T Value => ref ElementAt(Offset);

    /// <summary>
    /// <c>*p</c> as the reference a by-ref parameter takes (<c>f(p)</c> where f's parameter is used only as <c>*p</c>,
    /// or not at all). Passing a pointer does not dereference it in C, so a NULL one gives a null reference, which
    /// faults only where the callee reads or writes through it, as in C, and not at the call (csmith seed 777013 hands
    /// a NULL pointer on to a parameter its callee never uses).
    /// </summary>
    public ref T Target => ref IsNull ? ref Unsafe.NullRef<T>() : ref ElementAt(Offset);

    /// <summary>Elements from the pointer to the end of its array (negative when past the end).</summary>
    public int Remaining => View is not null ? View.Length - Offset : Array is null ? 0 : Array.Length - Offset;

    private ref T ElementAt(long index)
    {
        var array = Array;
        if (array is null) return ref ViewElement(index);
        if ((ulong)index >= (ulong)array.Length) throw PointerException.OutOfBounds(index, array.Length);
        // Checked above, so the array's own bounds check would only repeat it.
        return ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), (nint)index);
    }

    private ref T ViewElement(long index)
    {
        var view = View ?? throw PointerException.NullDereference();
        return ref view.At(index);
    }

    /// <summary><paramref name="count"/> elements starting at the pointer (checked).</summary>
    public Span<T> AsSpan(int count)
    {
        if (Array is null && View is not null) return View.Span(Offset, count);
        var array = Array ?? (count == 0 ? null : throw PointerException.NullDereference());
        if (array is null) return Span<T>.Empty;
        // Name the first element outside the array, as a C bounds checker would.
        if (Offset < 0 || Offset > array.Length) throw PointerException.OutOfBounds(Offset, array.Length);
        if (count < 0 || (long)Offset + count > array.Length) throw PointerException.OutOfBounds(array.Length, array.Length);
        return array.AsSpan(Offset, count);
    }

    /// <summary>The elements from the pointer to the end of its array.</summary>
    public Span<T> AsSpan() => AsSpan(Math.Max(Remaining, 0));

    private static Ptr<T> Moved(Ptr<T> p, long k)
    {
        long offset = p.Offset + k;
        // Only an offset outside int's range is unrepresentable; out-of-array offsets are checked on use.
        if (offset is < int.MinValue or > int.MaxValue)
            throw PointerException.OutOfBounds(offset, p.Array?.Length ?? 0);
        return p.View is null ? new Ptr<T>(p.Array, (int)offset) : new Ptr<T>(p.View, (int)offset);
    }

    public static Ptr<T> operator +(Ptr<T> p, int k) => Moved(p, k);

    public static Ptr<T> operator +(Ptr<T> p, long k) => Moved(p, k);

    public static Ptr<T> operator +(Ptr<T> p, ulong k) => Moved(p, unchecked((long)k));

    public static Ptr<T> operator +(int k, Ptr<T> p) => Moved(p, k);

    public static Ptr<T> operator +(long k, Ptr<T> p) => Moved(p, k);

    public static Ptr<T> operator -(Ptr<T> p, int k) => Moved(p, -(long)k);

    public static Ptr<T> operator -(Ptr<T> p, long k) => Moved(p, unchecked(-k));

    public static Ptr<T> operator -(Ptr<T> p, ulong k) => Moved(p, unchecked(-(long)k));

    public static Ptr<T> operator ++(Ptr<T> p) => Moved(p, 1);

    public static Ptr<T> operator --(Ptr<T> p) => Moved(p, -1);

    /// <summary><c>a - b</c> (ptrdiff_t): both must point into the same array, or into one object (views of its
    /// fields, or of its memory read as another type: <c>(char *)&amp;s.x - (char *)&amp;s</c>, a struct
    /// displacement), where the distance is C's, from the C layout (<see cref="CAddress"/>).</summary>
    public static long operator -(Ptr<T> a, Ptr<T> b)
    {
        if (SameArray(a, b)) return (long)a.Offset - b.Offset;
        if (CAddress.TryGet(a, out var rootA, out long addressA) && CAddress.TryGet(b, out var rootB, out long addressB) &&
            rootA is not null && ReferenceEquals(rootA, rootB))
            return (addressA - addressB) / CSizeOf<T>.Size;
        throw PointerException.DifferentArrays("subtraction");
    }

    public static bool operator ==(Ptr<T> a, Ptr<T> b) => a.Equals(b);

    public static bool operator !=(Ptr<T> a, Ptr<T> b) => !a.Equals(b);

    public static bool operator <(Ptr<T> a, Ptr<T> b) => SameArray(a, b) ? a.Offset < b.Offset : ObjectOrder(a, b) < 0;

    public static bool operator <=(Ptr<T> a, Ptr<T> b) => SameArray(a, b) ? a.Offset <= b.Offset : ObjectOrder(a, b) < 0;

    public static bool operator >(Ptr<T> a, Ptr<T> b) => SameArray(a, b) ? a.Offset > b.Offset : ObjectOrder(a, b) > 0;

    public static bool operator >=(Ptr<T> a, Ptr<T> b) => SameArray(a, b) ? a.Offset >= b.Offset : ObjectOrder(a, b) > 0;

    private static bool SameArray(Ptr<T> a, Ptr<T> b) => ReferenceEquals(a.Array, b.Array) && PointerView<T>.Same(a.View, b.View);

    /// <summary>
    /// The order of pointers into different objects (C11 6.5.8p5 leaves it undefined; gcc compares addresses, and
    /// distinct objects never overlap, so `p &gt;= &amp;a[0] &amp;&amp; p &lt;= &amp;a[n]` is false for a p into
    /// another object): the objects' order in <see cref="Libc.ObjectOrder"/>, NULL below every object. Two views into
    /// one object (members of one struct, of two elements of an array of structs: `&amp;s.a &lt; &amp;s.b`) compare
    /// by their C offsets in it (<see cref="CAddress"/>), as C orders them; views whose place is not known throw.
    /// </summary>
    private static int ObjectOrder(Ptr<T> a, Ptr<T> b)
    {
        object? x = (object?)a.Array ?? a.View?.Root, y = (object?)b.Array ?? b.View?.Root;
        if (!ReferenceEquals(x, y)) return Libc.ObjectOrder.Compare(x, y);
        if (CAddress.TryGet(a, out var rootA, out long addressA) && CAddress.TryGet(b, out var rootB, out long addressB) &&
            ReferenceEquals(rootA, rootB))
            return addressA.CompareTo(addressB);
        throw PointerException.DifferentArrays("comparison");
    }

    /// <summary>An array decays to a pointer to its first element.</summary>
    /// <summary>
    /// The array, for a pointer the translator declared as <c>T[]</c>: only a pointer to the start of its
    /// array is one (anything else would silently lose the offset, so it throws).
    /// </summary>
    public T[]? ArrayAtStart() => View is not null
        ? throw new PointerException("a pointer to a struct field or a reinterpreted buffer used where an array is needed")
        : Offset == 0
        ? Array
        : throw new PointerException($"a pointer at offset {Offset} used where the start of an array is needed");

    public static implicit operator Ptr<T>(T[]? array) => new(array, 0);

    public bool Equals(Ptr<T> other) =>
        ReferenceEquals(Array, other.Array) && Offset == other.Offset && PointerView<T>.Same(View, other.View);

    public override bool Equals(object? obj) => obj is Ptr<T> other && Equals(other);

    public override int GetHashCode() =>
        View is not null ? HashCode.Combine(RuntimeHelpers.GetHashCode(View.Root), Offset)
        : Array is null ? Offset : HashCode.Combine(RuntimeHelpers.GetHashCode(Array), Offset);

    object? IPointer.Array => Array ?? View?.Root;

    int IPointer.ByteOffset => Offset * CSizeOf<T>.Size;

    bool IPointer.TryAddress(out object? root, out long address) => CAddress.TryGet(this, out root, out address);

    Ptr<byte> IPointer.AsBytes(string where) => RuntimeHelpers.IsReferenceOrContainsReferences<T>()
        ? throw new PointerException($"{where}: a void * that holds a {typeof(T).Name} * used as bytes")
        : Ptr.Reinterpret<T, byte>(this);

    public override string ToString() =>
        View is not null ? $"view of {View.Root.GetType().Name}+{Offset}"
        : Array is null
            ? (Offset == 0 ? "NULL" : $"NULL+{Offset}")
            : $"{typeof(T).Name}[{Array.Length}]+{Offset}";
}

/// <summary>A Ptr&lt;T&gt; seen without its T: what printf's %p and %s need from a boxed pointer.</summary>
internal interface IPointer
{
    object? Array { get; }

    int ByteOffset { get; }

    /// <summary>The root array and the C byte offset in it (<see cref="CAddress"/>); false where not known.</summary>
    bool TryAddress(out object? root, out long address);

    /// <summary>The memory pointed at as bytes (Handle.Bytes); a PointerException for memory holding objects.</summary>
    Ptr<byte> AsBytes(string where);
}
