using System.Runtime.CompilerServices;
using CloudMpi.Core;
using CloudMpi.Libc;

namespace CloudMpi;

/// <summary>
/// Pointers as integers (<c>(uintptr_t)p % 64</c>, <c>(size_t)p</c>, <c>(intptr_t)p</c> and back): a pointer's number is
/// the address MPI_Get_address gives for the same place (Core/Addresses.cs), so both agree. Every array starts a
/// region aligned far past malloc's 16 bytes, so an array's first element is aligned for any alignment check, and
/// the address of element i is C's: start + i * sizeof(T). NULL is 0.
/// </summary>
public static partial class cMPI
{
    /// <summary><c>(uintptr_t)p</c> for an array (a pointer that never moves).</summary>
    public static long AddressOf<T>(T[]? array) =>
        array is null ? 0 : Addresses.OfAny(array, ElementBytes<T>(), 0);

    /// <summary><c>(uintptr_t)p</c> for a moved pointer: its array's address plus its offset in C bytes. A struct
    /// field (<c>(size_t)&amp;s.x</c>, <c>(long)&amp;a[1].y</c>) or memory read as another type is an address in the
    /// array that holds it, at its C offset, so that <c>(size_t)&amp;s.x - (size_t)&amp;s</c> is C's offsetof, as
    /// MPI_Get_address's difference is.</summary>
    public static long AddressOf<T>(Ptr<T> p)
    {
        if (p.IsNull) return 0;
        if (p.Array is null)
        {
            var root = Ptr.Place(p, out long byteOffset, out long rootBytes) ??
                throw new PointerException("a pointer into a struct's field or a view has no address as an integer in cmpi");
            return Addresses.OfAny(root, root.LongLength == 0 ? 1 : rootBytes / root.LongLength, byteOffset);
        }
        long size = ElementBytes<T>();
        return Addresses.OfAny(p.Array, size, p.Offset * size);
    }

    /// <summary><c>(T *)n</c> for a number that an address of a live array gave: that array at that element; 0 is NULL.</summary>
    public static Ptr<T> PointerAt<T>(long address)
    {
        if (address == 0) return default;
        var (array, offset) = Addresses.Find(address);
        // An address in a char array read as another primitive type (`uint64_t *p` aligned into a static
        // `char pool[N]`, as OSU's one-sided benchmarks carve their buffers): a view of those bytes, as in C.
        // (Exact types: the CLR's `is byte[]` also holds for an sbyte[], and the reverse.)
        if (array is not T[] && !RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            if (array?.GetType() == typeof(sbyte[]))
                return Ptr.Reinterpret<sbyte, T>(new Ptr<sbyte>((sbyte[])array, checked((int)offset)));
            if (array?.GetType() == typeof(byte[]))
                return Ptr.Reinterpret<byte, T>(new Ptr<byte>((byte[])array, checked((int)offset)));
        }
        if (array is not T[] typed)
            throw new PointerException($"the integer 0x{address:x} converted to a pointer is not the address of a live {typeof(T).Name} array");
        long size = ElementBytes<T>();
        if (offset % size != 0)
            throw new PointerException($"the integer 0x{address:x} converted to a pointer lies inside a {typeof(T).Name}, not at one");
        return new Ptr<T>(typed, checked((int)(offset / size)));
    }

    /// <summary>C's sizeof of an element: a pointer is 8 bytes, as on x86-64, whatever its C# form.</summary>
    private static long ElementBytes<T>() =>
        RuntimeHelpers.IsReferenceOrContainsReferences<T>() && typeof(T).IsGenericType &&
        typeof(T).GetGenericTypeDefinition() == typeof(Ptr<>) ? 8 : Unsafe.SizeOf<T>();
}
