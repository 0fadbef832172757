using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Libc;

/// <summary>
/// &lt;stdlib.h&gt; allocation and &lt;string.h&gt; mem* functions on C# arrays and <see cref="Ptr{T}"/>.
/// Sizes are C byte counts (what the C program computed with sizeof); element counts derive
/// from C's sizeof(T) (<see cref="CSizeOf{T}"/>). Memory is garbage collected, so free does nothing.
/// Generic functions have a T[] overload beside the Ptr&lt;T&gt; one because C# infers T from a
/// Ptr&lt;T&gt; argument but not through the array-to-pointer conversion.
/// </summary>
public static class CMem
{
    // ---- malloc / calloc / realloc / free ----

    /// <summary><c>(T*)malloc(bytes)</c>: a zeroed array of ceil(bytes / sizeof(T)) elements.</summary>
    public static T[] Alloc<T>(SizeT bytes) => new T[ElementCount<T>(bytes.AsLong, "malloc")];

    /// <summary>
    /// <c>posix_memalign(&amp;p, alignment, bytes)</c>: p gets a zeroed array of bytes' worth of T, as from malloc. A
    /// managed array's address is not the program's to align, but the alignment is checked as glibc does: a power
    /// of two that is a multiple of sizeof(void *), else EINVAL (22) and p unchanged.
    /// </summary>
    public static int PosixMemalign<T>(out T[] p, SizeT alignment, SizeT bytes)
    {
        ulong a = alignment.Value;
        if (a < 8 || (a & (a - 1)) != 0)
        {
            p = null!;  // C leaves p as it was; an out parameter must be set, and callers test the result first
            return 22;
        }
        p = Alloc<T>(bytes);
        return 0;
    }

    /// <summary><c>posix_memalign</c> into a pointer the program also moves.</summary>
    public static int PosixMemalign<T>(out Ptr<T> p, SizeT alignment, SizeT bytes)
    {
        int rc = PosixMemalign(out T[] array, alignment, bytes);
        p = array;
        return rc;
    }

    /// <summary><c>(T*)calloc(count, size)</c>.</summary>
    public static T[] Calloc<T>(SizeT count, SizeT size)
    {
        long n = count.AsLong, s = size.AsLong;
        if (n < 0 || s < 0 || (s != 0 && n > long.MaxValue / s))
            throw new OutOfMemoryException($"calloc: cannot allocate {count} x {size} bytes");
        return new T[ElementCount<T>(n * s, "calloc")];
    }

    /// <summary>
    /// <c>realloc(p, bytes)</c>: a new array holding the old contents (the rest zeroed). NULL allocates;
    /// bytes == 0 frees and returns NULL as glibc does. p must be what malloc returned (offset 0).
    /// </summary>
    public static Ptr<T> Realloc<T>(Ptr<T> p, SizeT bytes)
    {
        if (p.Offset != 0) throw new PointerException($"realloc: pointer is not the start of an allocation (offset {p.Offset})");
        if (bytes.Value == 0 && !p.IsNull) return default;
        return Resized(p.Array, bytes.AsLong);
    }

    /// <summary>realloc for a pointer held as a plain array; bytes == 0 gives an empty array (never NULL).</summary>
    public static T[] Realloc<T>(T[]? array, SizeT bytes) => Resized(array, bytes.AsLong);

    private static T[] Resized<T>(T[]? array, long bytes)
    {
        var result = new T[ElementCount<T>(bytes, "realloc")];
        if (array is not null) System.Array.Copy(array, result, Math.Min(array.Length, result.Length));
        return result;
    }

    /// <summary>free: the garbage collector reclaims the array.</summary>
    public static void free<T>(T[]? array)
    {
    }

    public static void free<T>(Ptr<T> p)
    {
    }

    /// <summary>free(NULL) and anything else a program frees.</summary>
    public static void free(object? block)
    {
    }

    private static int ElementCount<T>(long bytes, string function)
    {
        int size = CSizeOf<T>.Size;
        long count = bytes < 0 ? -1 : bytes / size + (bytes % size == 0 ? 0 : 1);
        if (count < 0 || count > System.Array.MaxLength)
            throw new OutOfMemoryException($"{function}: cannot allocate {(ulong)bytes} bytes");
        return (int)count;
    }

    // ---- memcpy / memmove ----

    /// <summary><c>memcpy(dst, src, bytes)</c>; overlapping ranges behave as memmove.</summary>
    public static Ptr<T> memcpy<T>(Ptr<T> dst, Ptr<T> src, SizeT bytes)
    {
        Copy(dst, src, bytes.AsLong, "memcpy");
        return dst;
    }

    public static T[] memcpy<T>(T[] dst, T[] src, SizeT bytes)
    {
        Copy<T>(dst, src, bytes.AsLong, "memcpy");
        return dst;
    }

    /// <summary>
    /// memcpy between different element types (<c>memcpy(&amp;bits, &amp;d, 8)</c>): a byte copy, for
    /// element types without references. Named apart because a memcpy&lt;TDst, TSrc&gt; overload
    /// would make same-type calls ambiguous.
    /// </summary>
    public static Ptr<TDst> MemcpyBytes<TDst, TSrc>(Ptr<TDst> dst, Ptr<TSrc> src, SizeT bytes)
    {
        Bytes(src, bytes.AsLong, "memcpy").CopyTo(Bytes(dst, bytes.AsLong, "memcpy"));
        return dst;
    }

    public static Ptr<T> memmove<T>(Ptr<T> dst, Ptr<T> src, SizeT bytes)
    {
        Copy(dst, src, bytes.AsLong, "memmove");
        return dst;
    }

    public static T[] memmove<T>(T[] dst, T[] src, SizeT bytes)
    {
        Copy<T>(dst, src, bytes.AsLong, "memmove");
        return dst;
    }

    private static void Copy<T>(Ptr<T> dst, Ptr<T> src, long bytes, string function)
    {
        if (WholeElements<T>(bytes, out int count))
            src.AsSpan(count).CopyTo(dst.AsSpan(count)); // Span.CopyTo handles overlap like memmove
        else
            Bytes(src, bytes, function).CopyTo(Bytes(dst, bytes, function));
    }

    // ---- memset ----

    /// <summary>
    /// <c>memset(p, value, bytes)</c>: value 0 clears any T (pointers become NULL); other values fill
    /// the bytes of sbyte/byte or other unmanaged element types.
    /// </summary>
    public static Ptr<T> memset<T>(Ptr<T> p, int value, SizeT bytes)
    {
        Fill(p, value, bytes.AsLong);
        return p;
    }

    public static T[] memset<T>(T[] array, int value, SizeT bytes)
    {
        Fill<T>(array, value, bytes.AsLong);
        return array;
    }

    private static void Fill<T>(Ptr<T> p, int value, long bytes)
    {
        byte b = unchecked((byte)value);
        if (b == 0 && WholeElements<T>(bytes, out int count)) p.AsSpan(count).Clear();
        else Bytes(p, bytes, "memset").Fill(b);
    }

    // ---- BSD's bzero / bcopy (strings.h), in legacy codes ----

    /// <summary><c>bzero(p, bytes)</c>: <c>memset(p, 0, bytes)</c>.</summary>
    public static void bzero<T>(Ptr<T> p, SizeT bytes) => Fill(p, 0, bytes.AsLong);

    public static void bzero<T>(T[] array, SizeT bytes) => Fill<T>(array, 0, bytes.AsLong);

    /// <summary><c>bcopy(src, dst, bytes)</c>: <c>memmove(dst, src, bytes)</c>, the arguments the other way round.</summary>
    public static void bcopy<T>(Ptr<T> src, Ptr<T> dst, SizeT bytes) => Copy(dst, src, bytes.AsLong, "bcopy");

    public static void bcopy<T>(T[] src, T[] dst, SizeT bytes) => Copy<T>(dst, src, bytes.AsLong, "bcopy");

    // ---- memcmp / memchr ----

    /// <summary><c>memcmp(a, b, bytes)</c>: the difference of the first differing bytes as unsigned char (glibc's sign).</summary>
    public static int memcmp<T>(Ptr<T> a, Ptr<T> b, SizeT bytes) => Compare(Bytes(a, bytes.AsLong, "memcmp"), Bytes(b, bytes.AsLong, "memcmp"));

    public static int memcmp<T>(T[] a, T[] b, SizeT bytes) => memcmp<T>((Ptr<T>)a, b, bytes);

    internal static int Compare(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
    {
        int i = a.CommonPrefixLength(b);
        return i == a.Length ? 0 : a[i] - b[i];
    }

    // ---- helpers ----

    private static bool WholeElements<T>(long bytes, out int count)
    {
        int size = CSizeOf<T>.Size;
        if (bytes < 0) throw new PointerException($"negative byte count {bytes}");
        long n = bytes / size;
        count = n > int.MaxValue ? int.MaxValue : (int)n;
        return bytes % size == 0;
    }

    /// <summary>
    /// The bytes of <paramref name="bytes"/> bytes from p, bounds-checked. Only element types
    /// without references have bytes, and their .NET layout must be C's.
    /// </summary>
    internal static Span<byte> Bytes<T>(Ptr<T> p, long bytes, string function)
    {
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>() || Unsafe.SizeOf<T>() != CSizeOf<T>.Size)
            throw new PointerException($"{function}: cannot access the bytes of {typeof(T).Name} elements partially");
        if (bytes < 0) throw new PointerException($"{function}: negative byte count {bytes}");
        int size = CSizeOf<T>.Size;
        long elements = bytes / size + (bytes % size == 0 ? 0 : 1);
        if (bytes == 0) return Span<byte>.Empty;
        var span = p.AsSpan(checked((int)elements));
        return MemoryMarshal.CreateSpan(ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(span)), checked((int)bytes));
    }
}
