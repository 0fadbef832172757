using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CloudMpi.Core;

/// <summary>Checks a user buffer against a count and datatype and views it as bytes.</summary>
internal static class Buffers
{
    private enum TClass { SignedInt, UnsignedInt, Float, Bool, Char16, Other }

    /// <summary>
    /// What kind of number T is: a constant in each instantiation over a number (the JIT folds the type tests), so that
    /// the check costs nothing and needs no static constructor, which was compiled at the program's first call over each
    /// element type, a collective's first step inside a timed loop; structs and enums ask <see cref="Info{T}"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TClass ClassOf<T>() where T : unmanaged
    {
        if (typeof(T) == typeof(double) || typeof(T) == typeof(float) || typeof(T) == typeof(Half)) return TClass.Float;
        if (typeof(T) == typeof(int) || typeof(T) == typeof(long) || typeof(T) == typeof(short) || typeof(T) == typeof(sbyte) ||
            typeof(T) == typeof(nint)) return TClass.SignedInt;
        if (typeof(T) == typeof(byte) || typeof(T) == typeof(uint) || typeof(T) == typeof(ulong) || typeof(T) == typeof(ushort) ||
            typeof(T) == typeof(nuint)) return TClass.UnsignedInt;
        if (typeof(T) == typeof(bool)) return TClass.Bool;
        if (typeof(T) == typeof(char)) return TClass.Char16;
        return Info<T>.Class;
    }

    /// <summary>Per-T facts of a struct or enum T, computed once.</summary>
    private static class Info<T> where T : unmanaged
    {
        public static readonly TClass Class = Classify(typeof(T));
    }

    private static TClass Classify(Type t)
    {
        if (t == typeof(sbyte) || t == typeof(short) || t == typeof(int) || t == typeof(long) || t == typeof(nint)) return TClass.SignedInt;
        if (t == typeof(byte) || t == typeof(ushort) || t == typeof(uint) || t == typeof(ulong) || t == typeof(nuint)) return TClass.UnsignedInt;
        if (t == typeof(float) || t == typeof(double) || t == typeof(Half)) return TClass.Float;
        if (t == typeof(bool)) return TClass.Bool;
        if (t == typeof(char)) return TClass.Char16;
        if (t.IsEnum) return Classify(Enum.GetUnderlyingType(t));
        return TClass.Other;
    }

    /// <summary>
    /// A message's own copy of <paramref name="data"/>. Not zeroed first (every byte is overwritten at once): a
    /// payload of 85 KB or more lives on the large-object heap, where zeroing fresh memory cost more than the copy.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static byte[] Copy(ReadOnlySpan<byte> data)
    {
        if (data.Length == 0) return [];
        byte[] copy = GC.AllocateUninitializedArray<byte>(data.Length);
        data.CopyTo(copy);
        return copy;
    }

    /// <summary>
    /// Whether elements of T may be described by <paramref name="type"/>, and whether they differ in size from it:
    /// - 1-byte types (MPI_BYTE, MPI_CHAR, MPI_[UN]SIGNED_CHAR, MPI_[U]INT8_T) view any buffer as bytes;
    /// - a buffer of bytes (a C `char *` or `void *` block) holds any datatype's elements, as C's memory does
    ///   (`malloc(size * n)` gathered into as MPI_FLOAT);
    /// - a C# primitive must have the datatype's kind (integer / floating / bool); signed and unsigned integers
    ///   of one size are interchangeable, as in C;
    /// - a struct must be a whole number of datatype elements (a struct of doubles as MPI_DOUBLE).
    /// A number of another size than the datatype's elements (`int n` broadcast as MPI_LONG_LONG_INT, `long n` as
    /// MPI_INT) returns true: C moves count * extent bytes from the buffer's address whatever the variable's type,
    /// and so does the port, on the bytes of the buffer's own storage (a call that reaches past its end is
    /// <see cref="DataBuf"/>'s clipped form: docs/runtime-contract.md). So does a number of the other kind (the
    /// ATPESC halo codes' `double` buffers sent as 2 * n MPI_INT, ints gathered as MPI_FLOAT): Open MPI moves the
    /// bytes whatever the C type, and a reduction works on the datatype's elements, as the bytes hold them. A record
    /// datatype over a buffer of numbers moves their bytes as well.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static bool CheckType<T>(string call, Datatype type) where T : unmanaged
    {
        CheckUsable(call, type);
        if (type.IsByteView) return false;
        if (Unsafe.SizeOf<T>() == 1 && ClassOf<T>() is TClass.SignedInt or TClass.UnsignedInt)
            // bytes hold any datatype's elements; a call that reaches past them is a size mismatch as any other
            return type.Kind is not (ElementKind.Pair or ElementKind.Derived) || type.Leaf is { Size: not 1 };
        if (type.Map.SpansVariables) return false; // its blocks lie in other variables too, of their own types
        if (type.Kind is ElementKind.Pair or ElementKind.Derived)
        {
            // A derived type made of one basic type describes arrays of that type; any other derived or
            // pair type describes a C struct (a C# struct of the same layout) or raw bytes.
            if (type.Leaf is { } basic && ClassOf<T>() != TClass.Other)
                return CheckType<T>(call, basic);
            if (ClassOf<T>() == TClass.Other || Unsafe.SizeOf<T>() == 1) return false;
            return true; // a record's bytes in an array of numbers: moved as C moves them, clipped at its end
        }
        int size = Unsafe.SizeOf<T>();
        TClass c = ClassOf<T>();
        bool ok = c switch
        {
            TClass.SignedInt or TClass.UnsignedInt => type.IsInteger || type.Kind == ElementKind.Char,
            TClass.Float => type.IsFloat || type.IsComplex,  // a complex as its re, im reals
            TClass.Bool => type.Kind == ElementKind.Bool,
            TClass.Char16 => size == type.Size && type.IsInteger,
            _ => size % type.Size == 0,
        };
        if (!ok)
            // the other kind: its bytes, as C moves them; one of another size is clipped at the buffer's end as any
            // other (a float array as MPI_INT that overruns is a wrong count: MPI_ERR_BUFFER)
            return c == TClass.Other || size != type.Size;
        return c switch
        {
            TClass.SignedInt or TClass.UnsignedInt => size != type.Size,
            TClass.Float => type.IsComplex ? 2 * size != type.Size : size != type.Size,
            _ => false,
        };
    }

    /// <summary>Array/Scalar give a plain view of the memory, which is only right for a contiguous layout; Data packs.</summary>
    private static void CheckContiguous(string call, Datatype type, int count)
    {
        if (!type.IsContiguous(count))
            throw new MpiException(call, cMPI.ERR_TYPE, $"{call} does not take the non-contiguous datatype {type.Name} yet");
    }

    /// <summary>A datatype a communication call may use: not null, committed and not freed.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void CheckUsable(string call, Datatype? type)
    {
        if (type is null || type.IsNull) throw new MpiException(call, cMPI.ERR_TYPE, "invalid datatype (MPI_DATATYPE_NULL)");
        if (type.Freed) throw new MpiException(call, cMPI.ERR_TYPE, $"datatype {type.Name} was freed");
        if (!type.Committed) throw new MpiException(call, cMPI.ERR_TYPE, $"datatype {type.Name} is not committed (call MPI_Type_commit first)");
    }

    /// <summary>
    /// <c>count</c> elements of <paramref name="type"/> at element <paramref name="offset"/> of <paramref name="buf"/>, as packed bytes:
    /// a view of the array for a contiguous layout, else a staged copy that <see cref="DataBuf.Commit"/> writes back.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static DataBuf Data<T>(string call, T[]? buf, int offset, int count, Datatype type) where T : unmanaged
    {
        if (typeof(T) == typeof(byte) && ReferenceEquals(buf, cMPI.BOTTOM)) return Bottom(call, count, type);
        if (buf == null)
        {
            CheckNullBuffer(call, count, type);
            return default;
        }
        bool resized = CheckType<T>(call, type);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
        var raw = RawBytes(call, buf, offset, out long origin);
        if (count == 0 || type.Size == 0) return default;
        // Checked here rather than through At so that the message is only formatted for an error:
        // this runs on every send and receive.
        var (lo, hi) = Touched(type, count);
        if (origin + lo < 0 || origin + hi > raw.Length)
        {
            // a type whose blocks lie in other variables: each block is found by its address
            if (type.Map.SpansVariables) return DataBuf.AtAddress(call, Addresses.Of(buf!, origin), type, count);
            // a number of another size than the datatype's (`int a[n]` as n MPI_LONGs): C's bytes past the array
            if (resized) return DataBuf.Clipped(raw, origin, type, count, lo, hi);
            throw new MpiException(call, cMPI.ERR_BUFFER,
                $"{count} x {type.Name} (bytes {lo}..{hi} from the buffer position) from offset {offset} overruns the buffer " +
                $"({typeof(T).Name}[{buf!.Length}], {raw.Length - origin} bytes left)");
        }
        return new DataBuf(raw, origin, type, count);
    }

    /// <summary>
    /// A NULL buffer has no element type to match the datatype against: of no elements it is an empty message
    /// (<c>MPI_Send(NULL, 0, type, ...)</c>, typed as bytes by the translator when nothing else types it); of some,
    /// MPI_ERR_BUFFER, as Open MPI's argument check reports it.
    /// </summary>
    private static void CheckNullBuffer(string call, int count, Datatype type)
    {
        CheckUsable(call, type);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
        if (count > 0) throw new MpiException(call, cMPI.ERR_BUFFER, "buffer is null");
    }

    /// <summary>MPI_BOTTOM as the buffer: the type's displacements are addresses, each block is found by its own.</summary>
    private static DataBuf Bottom(string call, int count, Datatype type, long address = 0)
    {
        CheckUsable(call, type);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
        if (count == 0 || type.Size == 0) return default;
        return DataBuf.AtAddress(call, address, type, count);
    }

    /// <summary>The whole array as bytes, and the byte position of element <paramref name="offset"/> in it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static Span<byte> RawBytes<T>(string call, T[]? buf, int offset, out long origin) where T : unmanaged
    {
        if (buf == null) throw new MpiException(call, cMPI.ERR_BUFFER, "buffer is null");
        if (offset < 0 || offset > buf.Length)
            throw new MpiException(call, cMPI.ERR_BUFFER, $"offset {offset} is outside the buffer ({typeof(T).Name}[{buf.Length}])");
        origin = (long)offset * Unsafe.SizeOf<T>();
        return MemoryMarshal.AsBytes(buf.AsSpan());
    }

    /// <summary>count elements of type at byte <paramref name="origin"/> of <paramref name="raw"/>, bounds-checked.</summary>
    public static DataBuf At(string call, Span<byte> raw, long origin, int count, Datatype type)
    {
        CheckUsable(call, type);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
        if (count == 0 || type.Size == 0) return default;
        var (lo, hi) = Touched(type, count);
        if (origin + lo < 0 || origin + hi > raw.Length)
            throw new MpiException(call, cMPI.ERR_BUFFER,
                $"{count} x {type.Name} (bytes {lo}..{hi} from the buffer position) at byte {origin} overruns the buffer ({raw.Length} bytes)");
        return new DataBuf(raw, origin, type, count);
    }

    /// <summary>
    /// A block of a w-collective (Alltoallw, Neighbor_alltoallw): count elements of type at byte
    /// <paramref name="displacement"/> from the buffer position (<paramref name="raw"/>, <paramref name="origin"/>:
    /// <see cref="RawBytes"/>), or, when the buffer is MPI_BOTTOM, at the address <paramref name="displacement"/>
    /// (MPI_Get_address's: HLRS ring_neighbor_alltoallw), each block found by its address.
    /// </summary>
    public static DataBuf Block<T>(string call, T[]? buf, Span<byte> raw, long origin, long displacement, int count,
        Datatype type) where T : unmanaged
    {
        if (typeof(T) == typeof(byte) && ReferenceEquals(buf, cMPI.BOTTOM)) return Bottom(call, count, type, displacement);
        return At(call, raw, origin + displacement, count, type);
    }

    /// <summary>
    /// The buffer of a point-to-point call whose peer is <paramref name="peer"/>: for MPI_PROC_NULL only what Open MPI's
    /// argument check reads (the datatype, the count, a NULL buffer of elements), never the memory, since the call
    /// touches none: a halo exchange's edge rank may pass a position past its array (<c>&amp;a[jend * n]</c> with
    /// <c>MPI_PROC_NULL</c> as the neighbour), which Open MPI accepts. Any other peer: <see cref="Data{T}(string, T[], int, int, Datatype)"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static DataBuf PeerData<T>(string call, T[]? buf, int offset, int count, Datatype type, int peer) where T : unmanaged
    {
        if (peer != cMPI.PROC_NULL) return Data(call, buf, offset, count, type);
        CheckUntouched(call, buf == null, count, type);
        return default;
    }

    /// <summary>As <see cref="PeerData{T}"/> for a scalar.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static DataBuf PeerDataScalar<T>(string call, ref T buf, int count, Datatype type, int peer) where T : unmanaged
    {
        if (peer != cMPI.PROC_NULL) return DataScalar(call, ref buf, count, type);
        CheckUntouched(call, false, count, type);
        return default;
    }

    /// <summary>What MPI checks of a buffer the call does not touch (a peer MPI_PROC_NULL): the datatype, the count, and
    /// a NULL buffer of elements (MPI_ERR_BUFFER, as Open MPI's OMPI_CHECK_USER_BUFFER).</summary>
    public static void CheckUntouched(string call, bool isNull, int count, Datatype type)
    {
        if (isNull)
        {
            CheckNullBuffer(call, count, type);
            return;
        }
        CheckUsable(call, type);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
    }

    /// <summary>As <see cref="Data{T}(string, T[], int, int, Datatype)"/> for a scalar (C's <c>&amp;x</c>, a struct variable).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static DataBuf DataScalar<T>(string call, ref T buf, int count, Datatype type) where T : unmanaged
    {
        bool resized = CheckType<T>(call, type);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
        if (count == 0 || type.Size == 0) return default;
        var raw = MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref buf, 1));
        var (lo, hi) = Touched(type, count);
        if (lo < 0 || hi > raw.Length)
        {
            // `int n; MPI_Bcast(&n, 1, MPI_LONG_LONG_INT, ...)`: the 4 bytes after n are not the port's to move
            if (resized) return DataBuf.Clipped(raw, 0, type, count, lo, hi);
            throw new MpiException(call, cMPI.ERR_BUFFER, type.Map.SpansVariables
                ? $"datatype {type.Name} reaches other variables by address, but this {typeof(T).Name} has none (the translator " +
                  "gives one to a variable passed to MPI_Get_address)"
                : $"{count} x {type.Name} (bytes {lo}..{hi}) does not fit in a single {typeof(T).Name} ({raw.Length} bytes); pass an array and offset");
        }
        return new DataBuf(raw, 0, type, count);
    }

    /// <summary>The byte range, relative to the buffer position, that count elements touch.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static (long Lo, long Hi) Touched(Datatype type, int count)
    {
        long last = (count - 1) * type.Extent;
        return (Math.Min(0, last) + type.Map.TrueLb, Math.Max(0, last) + type.Map.TrueUb);
    }

    /// <summary>The bytes of <c>count</c> elements of <paramref name="type"/> starting at element <paramref name="offset"/> of <paramref name="buf"/>.</summary>
    public static Span<byte> Array<T>(string call, T[]? buf, int offset, int count, Datatype type) where T : unmanaged
    {
        if (buf == null)
        {
            CheckNullBuffer(call, count, type);
            return [];
        }
        CheckType<T>(call, type);
        CheckContiguous(call, type, count);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
        long bytes = (long)count * type.Size;
        if (offset < 0 || offset > buf.Length)
            throw new MpiException(call, cMPI.ERR_BUFFER, $"offset {offset} is outside the buffer ({typeof(T).Name}[{buf.Length}])");
        long available = (long)(buf.Length - offset) * Unsafe.SizeOf<T>();
        if (bytes > available)
            throw new MpiException(call, cMPI.ERR_BUFFER,
                $"{count} x {type.Name} ({bytes} bytes) from offset {offset} overruns the buffer ({typeof(T).Name}[{buf.Length}], {available} bytes left)");
        return MemoryMarshal.AsBytes(buf.AsSpan(offset)).Slice(0, (int)bytes);
    }

    /// <summary>The bytes of <c>count</c> elements of <paramref name="type"/> at a scalar (C's <c>&amp;x</c>).</summary>
    public static Span<byte> Scalar<T>(string call, ref T buf, int count, Datatype type) where T : unmanaged
    {
        CheckType<T>(call, type);
        CheckContiguous(call, type, count);
        if (count < 0) throw new MpiException(call, cMPI.ERR_COUNT, $"negative count {count}");
        long bytes = (long)count * type.Size;
        int size = Unsafe.SizeOf<T>();
        if (bytes > size)
            throw new MpiException(call, cMPI.ERR_BUFFER,
                $"{count} x {type.Name} ({bytes} bytes) does not fit in a single {typeof(T).Name} ({size} bytes); pass an array and offset");
        return MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref buf, 1)).Slice(0, (int)bytes);
    }
}

/// <summary>
/// A user buffer as the packed bytes MPI moves: <see cref="Bytes"/> is a view of the user's memory when the layout is
/// contiguous (no copy), else a staged packed copy; after receiving into it, <see cref="Commit"/> scatters it back.
/// </summary>
internal ref struct DataBuf
{
    private readonly Span<byte> raw;
    private readonly long origin;
    private readonly Datatype? type;
    private readonly int count;
    private readonly byte[]? staged;
    /// <summary>For a layout found by address (MPI_BOTTOM, blocks in several variables): the call, for its errors; origin is then the address.</summary>
    private readonly string? addressedBy;
    /// <summary>
    /// For a call that reaches past its buffer (<see cref="Clipped"/>): the buffer's own bytes, and where the window
    /// <see cref="raw"/> copies starts in them; <see cref="Commit"/> writes back the window's bytes that lie inside.
    /// </summary>
    private readonly Span<byte> clippedTo;
    private readonly long windowStart;

    /// <summary>The packed bytes (count * type.Size).</summary>
    public Span<byte> Bytes { get; }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public DataBuf(Span<byte> raw, long origin, Datatype type, int count)
    {
        this.raw = raw;
        this.origin = origin;
        this.type = type;
        this.count = count;
        int packed = checked(count * type.Size);
        if (type.IsContiguous(count))
        {
            staged = null;
            Bytes = raw.Slice(checked((int)origin), packed);
        }
        else
        {
            staged = new byte[packed];
            type.Map.Pack(raw, origin, type.Extent, count, staged);
            Bytes = staged;
        }
    }

    private DataBuf(string call, long address, Datatype type, int count)
    {
        origin = address;
        this.type = type;
        this.count = count;
        addressedBy = call;
        staged = new byte[checked(count * type.Size)];
        Addresses.Pack(call, type.Map, address, type.Extent, count, staged);
        Bytes = staged;
    }

    /// <summary>count elements of type at an address of <see cref="Addresses"/>: every block is found by its address.</summary>
    public static DataBuf AtAddress(string call, long address, Datatype type, int count) => new(call, address, type, count);

    /// <summary>
    /// count elements of type at byte <paramref name="origin"/> of a buffer they overrun, touching bytes
    /// [origin + lo, origin + hi): a number of another size than the datatype's (`int n` as MPI_LONG_LONG_INT, an
    /// int array as MPI_LONG). C moves those bytes wherever they lie, the neighbour's too; the port works on a window
    /// copied from the buffer's own bytes, in which the bytes past its end read as zero (a send, a reduction's
    /// input), and <see cref="Commit"/> writes back only the bytes inside the buffer (a receive's others are
    /// dropped, where C overwrites the neighbour).
    /// </summary>
    public static DataBuf Clipped(Span<byte> buffer, long origin, Datatype type, int count, long lo, long hi)
    {
        long start = origin + lo;
        var window = new byte[checked((int)(hi - lo))];
        long from = Math.Max(0, start), to = Math.Min(buffer.Length, origin + hi);
        if (to > from) buffer.Slice((int)from, (int)(to - from)).CopyTo(window.AsSpan((int)(from - start)));
        return new DataBuf(window, -lo, type, count, buffer, start);
    }

    private DataBuf(Span<byte> window, long origin, Datatype type, int count, Span<byte> buffer, long windowStart)
        : this(window, origin, type, count)
    {
        clippedTo = buffer;
        this.windowStart = windowStart;
    }

    public readonly int Length => Bytes.Length;

    /// <summary>Whether <see cref="Bytes"/> is the user's memory itself (a contiguous layout): bytes received there need no <see cref="Commit"/>.</summary>
    public readonly bool IsView => staged == null && clippedTo.IsEmpty;

    /// <summary>Write the packed bytes back into the user's layout (nothing to do for a contiguous one).</summary>
    public readonly void Commit()
    {
        if (staged != null) UnpackAt(staged, origin, count);
        WriteBackClipped();
    }

    /// <summary>A clipped window's bytes that lie inside the buffer go back into it; the others are dropped.</summary>
    private readonly void WriteBackClipped()
    {
        if (clippedTo.IsEmpty) return;
        long from = Math.Max(0, windowStart), to = Math.Min(clippedTo.Length, windowStart + raw.Length);
        if (to > from) raw.Slice((int)(from - windowStart), (int)(to - from)).CopyTo(clippedTo.Slice((int)from));
    }

    /// <summary>
    /// Write back only the slots a v-collective received, elements [displs[r], displs[r] + counts[r]) for the
    /// <paramref name="ranks"/> ranks. The elements between slots were packed from the user's memory: with a resized
    /// type whose elements overlap (a 2x2 block of a 4x4 matrix, resized to 2 chars), writing them back too would
    /// put old bytes over bytes a slot received.
    /// </summary>
    public readonly void CommitSlots(int[] counts, int[] displs, int ranks)
    {
        if (staged != null)
        {
            for (int r = 0; r < ranks; r++)
            {
                if (counts[r] <= 0) continue;
                var slot = staged.AsSpan(checked(displs[r] * type!.Size), checked(counts[r] * type.Size));
                UnpackAt(slot, origin + displs[r] * type.Extent, counts[r]);
            }
        }
        WriteBackClipped();
    }

    /// <summary>Scatter <paramref name="n"/> packed elements to the layout from <paramref name="at"/> (a byte of raw, or an address).</summary>
    private readonly void UnpackAt(ReadOnlySpan<byte> packed, long at, int n)
    {
        if (addressedBy != null) Addresses.Unpack(addressedBy, type!.Map, packed, at, type.Extent, n);
        else type!.Map.Unpack(packed, raw, at, type.Extent, n);
    }
}
