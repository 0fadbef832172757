using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// Derived datatypes (MPI-4.0 chapter 5): constructors, queries, commit/free, and Pack/Unpack.
/// A derived type is a typemap over the bytes of the buffer (an unmanaged T[] or a struct), so the same
/// type works in point-to-point and collective calls; the runtime packs non-contiguous layouts.
/// Counts of elements in "h" constructors' displacements are bytes (MPI_Aint, C long); others are in
/// extents of the old type, as in MPI.
/// </summary>
public static partial class cMPI
{
    public const int ORDER_C = 0;       // Open MPI's values
    public const int ORDER_FORTRAN = 1;
    public static readonly Datatype DATATYPE_NULL = Datatype.MPI_DATATYPE_NULL;

    // ------------------------------------------------------------------ constructors

    public static int Type_contiguous(int count, Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_contiguous";
        CheckOld(call, oldtype);
        CheckCount(call, count);
        newtype = Build($"MPI_Type_contiguous({count}, {oldtype.Name})", [(0L, count, oldtype)]);
        newtype.Envelope = new(COMBINER_CONTIGUOUS, [count], [], [oldtype]);
        return SUCCESS;
    }

    public static int Type_vector(int count, int blocklength, int stride, Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_vector";
        CheckOld(call, oldtype);
        CheckCount(call, count);
        CheckCount(call, blocklength);
        newtype = Build($"MPI_Type_vector({count}, {blocklength}, {stride}, {oldtype.Name})",
            Enumerable.Range(0, count).Select(i => ((long)i * stride * oldtype.Extent, blocklength, oldtype)));
        newtype.Envelope = new(COMBINER_VECTOR, [count, blocklength, stride], [], [oldtype]);
        return SUCCESS;
    }

    public static int Type_create_hvector(int count, int blocklength, long stride, Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_create_hvector";
        CheckOld(call, oldtype);
        CheckCount(call, count);
        CheckCount(call, blocklength);
        newtype = Build($"MPI_Type_create_hvector({count}, {blocklength}, {stride}, {oldtype.Name})",
            Enumerable.Range(0, count).Select(i => (i * stride, blocklength, oldtype)));
        newtype.Envelope = new(COMBINER_HVECTOR, [count, blocklength], [stride], [oldtype]);
        return SUCCESS;
    }

    public static int Type_indexed(int count, int[] blocklengths, int[] displacements, Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_indexed";
        CheckOld(call, oldtype);
        CheckArrays(call, count, blocklengths, displacements);
        newtype = Build($"MPI_Type_indexed({count}, ..., {oldtype.Name})",
            Enumerable.Range(0, count).Select(i => ((long)displacements[i] * oldtype.Extent, blocklengths[i], oldtype)));
        newtype.Envelope = new(COMBINER_INDEXED, [count, .. blocklengths[..count], .. displacements[..count]], [], [oldtype]);
        return SUCCESS;
    }

    public static int Type_create_indexed_block(int count, int blocklength, int[] displacements, Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_create_indexed_block";
        CheckOld(call, oldtype);
        CheckCount(call, blocklength);
        CheckArrays(call, count, null, displacements);
        newtype = Build($"MPI_Type_create_indexed_block({count}, {blocklength}, ..., {oldtype.Name})",
            Enumerable.Range(0, count).Select(i => ((long)displacements[i] * oldtype.Extent, blocklength, oldtype)));
        newtype.Envelope = new(COMBINER_INDEXED_BLOCK, [count, blocklength, .. displacements[..count]], [], [oldtype]);
        return SUCCESS;
    }

    public static int Type_create_hindexed(int count, int[] blocklengths, long[] displacements, Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_create_hindexed";
        CheckOld(call, oldtype);
        CheckArrays(call, count, blocklengths, displacements);
        newtype = Build($"MPI_Type_create_hindexed({count}, ..., {oldtype.Name})",
            Enumerable.Range(0, count).Select(i => (displacements[i], blocklengths[i], oldtype)));
        newtype.Envelope = new(COMBINER_HINDEXED, [count, .. blocklengths[..count]], displacements[..count], [oldtype]);
        return SUCCESS;
    }

    public static int Type_create_hindexed_block(int count, int blocklength, long[] displacements, Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_create_hindexed_block";
        CheckOld(call, oldtype);
        CheckCount(call, blocklength);
        CheckArrays(call, count, null, displacements);
        newtype = Build($"MPI_Type_create_hindexed_block({count}, {blocklength}, ..., {oldtype.Name})",
            Enumerable.Range(0, count).Select(i => (displacements[i], blocklength, oldtype)));
        newtype.Envelope = new(COMBINER_HINDEXED_BLOCK, [count, blocklength], displacements[..count], [oldtype]);
        return SUCCESS;
    }

    /// <summary>MPI_Type_create_struct: the extent is padded to the largest alignment inside, as Open MPI does.</summary>
    public static int Type_create_struct(int count, int[] blocklengths, long[] displacements, Datatype[] types, out Datatype newtype)
    {
        const string call = "MPI_Type_create_struct";
        CheckArrays(call, count, blocklengths, displacements);
        if (types == null || types.Length < count) throw new MpiException(call, ERR_ARG, $"the datatypes array needs {count} entries");
        for (int i = 0; i < count; i++) CheckOld(call, types[i]);
        newtype = Build($"MPI_Type_create_struct({count}, ...)",
            Enumerable.Range(0, count).Select(i => (displacements[i], blocklengths[i], types[i])));
        newtype.Envelope = new(COMBINER_STRUCT, [count, .. blocklengths[..count]], displacements[..count], types[..count]);
        return SUCCESS;
    }

    /// <summary>
    /// A whole array's dimensions from slowest to fastest varying in memory (C or Fortran order), the elements between
    /// neighbours in each dimension, and its element count: what subarray and darray types are cut from.
    /// </summary>
    private static (int[] Dims, long[] Stride, long Total) ArrayLayout(int ndims, int[] sizes, int order)
    {
        int[] dims = order == ORDER_C ? Enumerable.Range(0, ndims).ToArray() : Enumerable.Range(0, ndims).Reverse().ToArray();
        var stride = new long[ndims];
        long s = 1;
        for (int k = ndims - 1; k >= 0; k--)
        {
            stride[dims[k]] = s;
            s *= sizes[dims[k]];
        }
        return (dims, stride, s);
    }

    /// <summary>MPI_Type_create_subarray: lb 0 and the extent of the whole array, as MPI says.</summary>
    public static int Type_create_subarray(int ndims, int[] sizes, int[] subsizes, int[] starts, int order, Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_create_subarray";
        CheckOld(call, oldtype);
        if (ndims <= 0 || sizes == null || subsizes == null || starts == null || sizes.Length < ndims || subsizes.Length < ndims || starts.Length < ndims)
            throw new MpiException(call, ERR_ARG, $"sizes, subsizes and starts need {ndims} (>= 1) entries");
        if (order != ORDER_C && order != ORDER_FORTRAN) throw new MpiException(call, ERR_ARG, $"invalid order {order}");
        for (int d = 0; d < ndims; d++)
        {
            if (sizes[d] <= 0 || subsizes[d] <= 0 || starts[d] < 0 || starts[d] + subsizes[d] > sizes[d])
                throw new MpiException(call, ERR_ARG, $"dimension {d}: size {sizes[d]}, subsize {subsizes[d]}, start {starts[d]} do not fit");
        }
        var (dims, stride, total) = ArrayLayout(ndims, sizes, order);
        int fastest = dims[ndims - 1];
        var entries = new List<(long, int, Datatype)>();
        var index = new int[ndims];
        while (true)
        {
            long at = 0;
            for (int d = 0; d < ndims; d++) at += (starts[d] + (d == fastest ? 0 : index[d])) * stride[d];
            entries.Add((at * oldtype.Extent, subsizes[fastest], oldtype));
            int k = ndims - 2;
            for (; k >= 0; k--)
            {
                int d = dims[k];
                if (++index[d] < subsizes[d]) break;
                index[d] = 0;
            }
            if (k < 0) break;
        }
        var inner = Build("subarray", entries);
        newtype = new Datatype($"MPI_Type_create_subarray({ndims}, ...)", inner.Map.Blocks, 0, total * oldtype.Extent, [oldtype], inner.Basics)
        {
            Envelope = new(COMBINER_SUBARRAY, [ndims, .. sizes[..ndims], .. subsizes[..ndims], .. starts[..ndims], order], [], [oldtype]),
        };
        return SUCCESS;
    }

    public static int Type_create_resized(Datatype oldtype, long lb, long extent, out Datatype newtype)
    {
        const string call = "MPI_Type_create_resized";
        CheckOld(call, oldtype);
        newtype = new Datatype($"MPI_Type_create_resized({oldtype.Name}, {lb}, {extent})", oldtype.Map.Blocks, lb, lb + extent, [oldtype])
        {
            Envelope = new(COMBINER_RESIZED, [], [lb, extent], [oldtype]),
        };
        return SUCCESS;
    }

    public static int Type_dup(Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_dup";
        CheckOld(call, oldtype);
        newtype = new Datatype(oldtype.Name, oldtype.Map.Blocks, oldtype.Lb, oldtype.Lb + oldtype.Extent, [oldtype])
        {
            Committed = oldtype.Committed,
            Envelope = new(COMBINER_DUP, [], [], [oldtype]),
        };
        // Open MPI names the copy "Dup " and the original's name ("Dup MPI_DOUBLE", "Dup " for an unnamed type)
        var names = Ctx(call).TypeNames;
        string old = names.TryGetValue(oldtype, out string? set) ? set : oldtype.IsPredefined ? oldtype.Name : "";
        string dup = "Dup " + old;
        names.AddOrUpdate(newtype, dup.Length >= MAX_OBJECT_NAME ? dup[..(MAX_OBJECT_NAME - 1)] : dup);
        CopyAttributes(Ctx(call), call, oldtype, newtype);  // MPI_TYPE_DUP_FN's keys, and the program's copy functions
        return SUCCESS;
    }

    // ------------------------------------------------------------------ commit, free, queries

    public static int Type_commit(ref Datatype datatype)
    {
        CheckOld("MPI_Type_commit", datatype);
        datatype.Committed = true;
        return SUCCESS;
    }

    /// <summary>MPI_Type_free: the variable becomes MPI_DATATYPE_NULL; types built from it keep working.</summary>
    public static int Type_free(ref Datatype datatype)
    {
        const string call = "MPI_Type_free";
        CheckOld(call, datatype);
        if (datatype.IsPredefined) throw new MpiException(call, ERR_TYPE, $"cannot free the predefined datatype {datatype.Name}");
        DeleteAttributes(Ctx(call), call, datatype);  // the program's delete functions
        datatype.Freed = true;
        datatype = DATATYPE_NULL;
        return SUCCESS;
    }

    /// <summary>MPI_Type_set_name: kept per rank (predefined datatypes are shared by the ranks of a process).</summary>
    public static int Type_set_name(Datatype datatype, string name)
    {
        const string call = "MPI_Type_set_name";
        CheckOld(call, datatype);
        ArgumentNullException.ThrowIfNull(name);
        Ctx(call).TypeNames.AddOrUpdate(datatype, name.Length >= MAX_OBJECT_NAME ? name[..(MAX_OBJECT_NAME - 1)] : name);
        return SUCCESS;
    }

    /// <summary>MPI_Type_set_name from a C char array (NUL-terminated).</summary>
    public static int Type_set_name(Datatype datatype, sbyte[] name) => Type_set_name(datatype, CString(name));

    /// <summary>MPI_Type_get_name: the name set, a predefined type's C name, or "" for an unnamed derived type (as Open MPI).</summary>
    public static int Type_get_name(Datatype datatype, sbyte[] name, out int resultlen)
    {
        const string call = "MPI_Type_get_name";
        CheckOld(call, datatype);
        if (name is null) throw new MpiException(call, ERR_ARG, "the name buffer is NULL");
        string text = Ctx(call).TypeNames.TryGetValue(datatype, out string? set) ? set
            : datatype.IsPredefined ? datatype.Name : "";
        resultlen = CopyOut(text, MAX_OBJECT_NAME, name);
        return SUCCESS;
    }

    /// <summary>MPI_Type_match_size's type classes (Open MPI's values).</summary>
    public const int TYPECLASS_INTEGER = 1;
    public const int TYPECLASS_REAL = 2;
    public const int TYPECLASS_COMPLEX = 3;

    /// <summary>
    /// MPI_Type_match_size: the Fortran type of a class and size, as Open MPI 4.1 answers on x86-64 (measured:
    /// integers of 1, 2, 4, 8 bytes are MPI_INTEGER1, MPI_INTEGER2, MPI_INTEGER, MPI_INTEGER8; reals of 4, 8, 16
    /// MPI_REAL, MPI_REAL8, MPI_REAL16; complexes of 8, 16, 32 MPI_COMPLEX, MPI_COMPLEX16, MPI_COMPLEX32); any other
    /// class or size is MPI_ERR_ARG.
    /// </summary>
    public static int Type_match_size(int typeclass, int size, out Datatype datatype)
    {
        const string call = "MPI_Type_match_size";
        Ctx(call);
        Datatype? found = (typeclass, size) switch
        {
            (TYPECLASS_INTEGER, 1) => Datatype.MPI_INTEGER1,
            (TYPECLASS_INTEGER, 2) => Datatype.MPI_INTEGER2,
            (TYPECLASS_INTEGER, 4) => Datatype.MPI_INTEGER,
            (TYPECLASS_INTEGER, 8) => Datatype.MPI_INTEGER8,
            (TYPECLASS_REAL, 4) => Datatype.MPI_REAL,
            (TYPECLASS_REAL, 8) => Datatype.MPI_REAL8,
            (TYPECLASS_REAL, 16) => Datatype.MPI_REAL16,
            (TYPECLASS_COMPLEX, 8) => Datatype.MPI_COMPLEX,
            (TYPECLASS_COMPLEX, 16) => Datatype.MPI_COMPLEX16,
            (TYPECLASS_COMPLEX, 32) => Datatype.MPI_COMPLEX32,
            _ => null,
        };
        datatype = found ?? throw new MpiException(call, ERR_ARG, typeclass is TYPECLASS_INTEGER or TYPECLASS_REAL or TYPECLASS_COMPLEX
            ? $"no type of class {typeclass} has {size} bytes" : $"invalid type class {typeclass}");
        return SUCCESS;
    }

    public static int Type_size(Datatype datatype, out int size)
    {
        CheckOld("MPI_Type_size", datatype);
        size = datatype.Size;
        return SUCCESS;
    }

    /// <summary>MPI_Type_size_x: the size as an MPI_Count.</summary>
    public static int Type_size_x(Datatype datatype, out long size)
    {
        CheckOld("MPI_Type_size_x", datatype);
        size = datatype.Size;
        return SUCCESS;
    }

    public static int Type_get_extent(Datatype datatype, out long lb, out long extent)
    {
        CheckOld("MPI_Type_get_extent", datatype);
        lb = datatype.Lb;
        extent = datatype.Extent;
        return SUCCESS;
    }

    // MPI-1's extent queries, which MPI-3.0 removed (decades-old programs call them): MPI_Type_get_extent's parts.

    /// <summary>MPI_Type_extent: the extent, as MPI_Type_get_extent gives it.</summary>
    public static int Type_extent(Datatype datatype, out long extent)
    {
        CheckOld("MPI_Type_extent", datatype);
        extent = datatype.Extent;
        return SUCCESS;
    }

    /// <summary>MPI_Type_lb: the lower bound.</summary>
    public static int Type_lb(Datatype datatype, out long lb)
    {
        CheckOld("MPI_Type_lb", datatype);
        lb = datatype.Lb;
        return SUCCESS;
    }

    /// <summary>MPI_Type_ub: the upper bound, lower bound plus extent.</summary>
    public static int Type_ub(Datatype datatype, out long ub)
    {
        CheckOld("MPI_Type_ub", datatype);
        ub = datatype.Lb + datatype.Extent;
        return SUCCESS;
    }

    public static int Type_get_true_extent(Datatype datatype, out long true_lb, out long true_extent)
    {
        CheckOld("MPI_Type_get_true_extent", datatype);
        true_lb = datatype.Map.TrueLb;
        true_extent = datatype.Map.TrueUb - datatype.Map.TrueLb;
        return SUCCESS;
    }

    // ------------------------------------------------------------------ addresses

    /// <summary>
    /// MPI_BOTTOM: the buffer argument for a datatype whose displacements are addresses (from MPI_Get_address).
    /// An empty array the runtime recognises by reference.
    /// </summary>
    public static readonly byte[] BOTTOM = new byte[0];

    /// <summary>
    /// MPI_Get_address(&amp;a[offset], &amp;address). Addresses are cmpi's own (<see cref="Addresses"/>): their
    /// differences within one variable are C's byte distances, and MPI calls find a datatype's blocks by them.
    /// A NULL pointer's address is 0, MPI_BOTTOM's.
    /// </summary>
    public static int Get_address<T>(T[]? location, int offset, out long address) where T : unmanaged
    {
        address = 0;
        if (location is null) return SUCCESS;
        if (offset < 0 || offset > location.Length)
            throw new MpiException("MPI_Get_address", ERR_ARG, $"offset {offset} is outside the array ({typeof(T).Name}[{location.Length}])");
        address = Addresses.Of(location, (long)offset * Unsafe.SizeOf<T>());
        return SUCCESS;
    }

    /// <summary>MPI_Get_address(&amp;s.field, ...) or (&amp;a[i].field, ...): a location inside an element of <paramref name="owner"/>.</summary>
    public static int Get_address<TOwner, T>(TOwner[] owner, ref T location, out long address) where TOwner : unmanaged
    {
        ArgumentNullException.ThrowIfNull(owner);
        long bytes = (long)owner.Length * Unsafe.SizeOf<TOwner>();
        long at = Unsafe.ByteOffset(ref Unsafe.As<TOwner, byte>(ref MemoryMarshal.GetArrayDataReference(owner)),
            ref Unsafe.As<T, byte>(ref location));
        if (at < 0 || at > bytes)
            throw new MpiException("MPI_Get_address", ERR_ARG, $"the location is not inside its array ({typeof(TOwner).Name}[{owner.Length}])");
        address = Addresses.Of(owner, at);
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Pack, Unpack, Pack_size

    /// <summary>MPI_Pack: append incount elements to outbuf (outsize bytes from outoffset) at byte <paramref name="position"/>.</summary>
    public static int Pack<TI, TO>(TI[] inbuf, int inoffset, int incount, Datatype datatype,
        TO[] outbuf, int outoffset, int outsize, ref int position, Comm comm) where TI : unmanaged where TO : unmanaged
    {
        const string call = "MPI_Pack";
        var data = Buffers.Data(call, inbuf, inoffset, incount, datatype);
        PackCore(call, data.Bytes, outbuf, outoffset, outsize, ref position);
        return SUCCESS;
    }

    public static int Pack<TI, TO>(ref TI inbuf, int incount, Datatype datatype,
        TO[] outbuf, int outoffset, int outsize, ref int position, Comm comm) where TI : unmanaged where TO : unmanaged
    {
        const string call = "MPI_Pack";
        var data = Buffers.DataScalar(call, ref inbuf, incount, datatype);
        PackCore(call, data.Bytes, outbuf, outoffset, outsize, ref position);
        return SUCCESS;
    }

    /// <summary>MPI_Unpack: read outcount elements from inbuf (insize bytes from inoffset) at byte <paramref name="position"/>.</summary>
    public static int Unpack<TI, TO>(TI[] inbuf, int inoffset, int insize, ref int position,
        TO[] outbuf, int outoffset, int outcount, Datatype datatype, Comm comm) where TI : unmanaged where TO : unmanaged
    {
        const string call = "MPI_Unpack";
        var data = Buffers.Data(call, outbuf, outoffset, outcount, datatype);
        UnpackCore(call, inbuf, inoffset, insize, ref position, data.Bytes);
        data.Commit();
        return SUCCESS;
    }

    public static int Unpack<TI, TO>(TI[] inbuf, int inoffset, int insize, ref int position,
        ref TO outbuf, int outcount, Datatype datatype, Comm comm) where TI : unmanaged where TO : unmanaged
    {
        const string call = "MPI_Unpack";
        var data = Buffers.DataScalar(call, ref outbuf, outcount, datatype);
        UnpackCore(call, inbuf, inoffset, insize, ref position, data.Bytes);
        data.Commit();
        return SUCCESS;
    }

    /// <summary>MPI_Pack_size: the packed bytes of incount elements (exact here: packing adds no header).</summary>
    public static int Pack_size(int incount, Datatype datatype, Comm comm, out int size)
    {
        const string call = "MPI_Pack_size";
        CheckOld(call, datatype);
        CheckCount(call, incount);
        size = checked(incount * datatype.Size);
        return SUCCESS;
    }

    private static void PackCore<TO>(string call, ReadOnlySpan<byte> packed, TO[] outbuf, int outoffset, int outsize, ref int position) where TO : unmanaged
    {
        var raw = Buffers.RawBytes(call, outbuf, outoffset, out long origin);
        if (position < 0 || outsize < 0 || origin + outsize > raw.Length)
            throw new MpiException(call, ERR_ARG, $"position {position} / outsize {outsize} do not fit the output buffer ({raw.Length - origin} bytes)");
        if (position + packed.Length > outsize)
            throw new MpiException(call, ERR_TRUNCATE, $"packing {packed.Length} bytes at position {position} overflows outsize {outsize}");
        packed.CopyTo(raw.Slice((int)origin + position));
        position += packed.Length;
    }

    private static void UnpackCore<TI>(string call, TI[] inbuf, int inoffset, int insize, ref int position, Span<byte> packed) where TI : unmanaged
    {
        var raw = Buffers.RawBytes(call, inbuf, inoffset, out long origin);
        if (position < 0 || insize < 0 || origin + insize > raw.Length)
            throw new MpiException(call, ERR_ARG, $"position {position} / insize {insize} do not fit the input buffer ({raw.Length - origin} bytes)");
        if (position + packed.Length > insize)
            throw new MpiException(call, ERR_TRUNCATE, $"unpacking {packed.Length} bytes at position {position} reads past insize {insize}");
        raw.Slice((int)origin + position, packed.Length).CopyTo(packed);
        position += packed.Length;
    }

    // ------------------------------------------------------------------ helpers

    /// <summary>A new type made of copies of old types: (byte displacement, block length, old type) entries.</summary>
    private static Datatype Build(string name, IEnumerable<(long Disp, int Blocklength, Datatype Old)> entries)
    {
        var list = entries.ToList();
        var blocks = new List<Block>();
        long lb = long.MaxValue, ub = long.MinValue;
        foreach (var (disp, n, old) in list)
        {
            if (n == 0) continue;
            blocks.AddRange(TypeMap.Replicate(old, disp, n));
            lb = Math.Min(lb, disp + old.Lb);
            ub = Math.Max(ub, disp + old.Lb + n * old.Extent);
        }
        if (lb == long.MaxValue) (lb, ub) = (0, 0);
        var parts = list.Where(e => e.Blocklength > 0).Select(e => e.Old).ToList();
        // Open MPI pads the extent to the largest alignment inside, as a C compiler pads a struct.
        long align = parts.Select(p => (long)p.Alignment).DefaultIfEmpty(1).Max();
        ub = lb + (ub - lb + align - 1) / align * align;
        var basics = BasicRun.Join(list.SelectMany(e => BasicRun.Repeat(e.Old.Basics, e.Blocklength)));
        return new Datatype(name, blocks, lb, ub, parts, basics);
    }

    private static void CheckOld(string call, Datatype? type)
    {
        if (type is null || type.IsNull) throw new MpiException(call, ERR_TYPE, "invalid datatype (MPI_DATATYPE_NULL)");
        if (type.Freed) throw new MpiException(call, ERR_TYPE, $"datatype {type.Name} was freed");
    }

    private static void CheckCount(string call, int count)
    {
        if (count < 0) throw new MpiException(call, ERR_COUNT, $"negative count {count}");
    }

    private static void CheckArrays<TD>(string call, int count, int[]? blocklengths, TD[] displacements)
    {
        CheckCount(call, count);
        if ((blocklengths != null && blocklengths.Length < count) || displacements == null || displacements.Length < count)
            throw new MpiException(call, ERR_ARG, $"the block length and displacement arrays need {count} entries");
        if (blocklengths != null)
            for (int i = 0; i < count; i++) CheckCount(call, blocklengths[i]);
    }
}
