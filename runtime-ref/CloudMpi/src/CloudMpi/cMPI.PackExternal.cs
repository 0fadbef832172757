using System.Buffers.Binary;

namespace CloudMpi;

/// <summary>
/// MPI_Pack_external, MPI_Unpack_external and MPI_Pack_external_size (MPI-3.1 4.2): packing in the "external32"
/// representation, every basic element big-endian, with no padding (a {double; int} pair is 12 bytes), the sizes
/// Open MPI 4.1 gives on x86-64 (a long 8 bytes, a C bool 1). Each part of a complex is a real of its own (measured:
/// 1 + 2i as float complex packs as 3f800000 40000000). Open MPI ignores the datarep string (measured: "native"
/// and "bogus" pack as "external32"), and so does this. A long double is refused (MPI_ERR_TYPE): external32's is
/// IEEE quadruple precision, which Open MPI 4.1 does not produce either (it writes bytes of no such format).
/// </summary>
public static partial class cMPI
{
    public static int Pack_external<TI, TO>(string datarep, TI[] inbuf, int inoffset, int incount, Datatype datatype,
        TO[] outbuf, int outoffset, long outsize, ref long position) where TI : unmanaged where TO : unmanaged
    {
        const string call = "MPI_Pack_external";
        Ctx(call);
        var data = Core.Buffers.Data(call, inbuf, inoffset, incount, datatype);
        PackExternalCore(call, data.Bytes, incount, datatype, outbuf, outoffset, outsize, ref position);
        return SUCCESS;
    }

    public static int Pack_external<TI, TO>(string datarep, ref TI inbuf, int incount, Datatype datatype,
        TO[] outbuf, int outoffset, long outsize, ref long position) where TI : unmanaged where TO : unmanaged
    {
        const string call = "MPI_Pack_external";
        Ctx(call);
        var data = Core.Buffers.DataScalar(call, ref inbuf, incount, datatype);
        PackExternalCore(call, data.Bytes, incount, datatype, outbuf, outoffset, outsize, ref position);
        return SUCCESS;
    }

    public static int Unpack_external<TI, TO>(string datarep, TI[] inbuf, int inoffset, long insize, ref long position,
        TO[] outbuf, int outoffset, int outcount, Datatype datatype) where TI : unmanaged where TO : unmanaged
    {
        const string call = "MPI_Unpack_external";
        Ctx(call);
        var data = Core.Buffers.Data(call, outbuf, outoffset, outcount, datatype);
        UnpackExternalCore(call, inbuf, inoffset, insize, ref position, data.Bytes, outcount, datatype);
        data.Commit();
        return SUCCESS;
    }

    public static int Unpack_external<TI, TO>(string datarep, TI[] inbuf, int inoffset, long insize, ref long position,
        ref TO outbuf, int outcount, Datatype datatype) where TI : unmanaged where TO : unmanaged
    {
        const string call = "MPI_Unpack_external";
        Ctx(call);
        var data = Core.Buffers.DataScalar(call, ref outbuf, outcount, datatype);
        UnpackExternalCore(call, inbuf, inoffset, insize, ref position, data.Bytes, outcount, datatype);
        data.Commit();
        return SUCCESS;
    }

    /// <summary>MPI_Pack_external_size: external32 has the native sizes here, and no padding, so the type's size.</summary>
    public static int Pack_external_size(string datarep, int incount, Datatype datatype, out long size)
    {
        const string call = "MPI_Pack_external_size";
        Ctx(call);
        CheckOld(call, datatype);
        CheckCount(call, incount);
        ExternalParts(call, datatype);  // (a type external32 cannot hold is refused here too)
        size = (long)incount * datatype.Size;
        return SUCCESS;
    }

    private static void PackExternalCore<TO>(string call, ReadOnlySpan<byte> packed, int count, Datatype type,
        TO[] outbuf, int outoffset, long outsize, ref long position) where TO : unmanaged
    {
        var raw = Core.Buffers.RawBytes(call, outbuf, outoffset, out long origin);
        if (position < 0 || outsize < 0 || origin + outsize > raw.Length)
            throw new MpiException(call, ERR_ARG, $"position {position} / outsize {outsize} do not fit the output buffer ({raw.Length - origin} bytes)");
        if (position + packed.Length > outsize)
            throw new MpiException(call, ERR_TRUNCATE, $"packing {packed.Length} bytes at position {position} overflows outsize {outsize}");
        var target = raw.Slice(checked((int)(origin + position)), packed.Length);
        packed.CopyTo(target);
        SwapParts(call, target, count, type);
        position += packed.Length;
    }

    private static void UnpackExternalCore<TI>(string call, TI[] inbuf, int inoffset, long insize, ref long position,
        Span<byte> packed, int count, Datatype type) where TI : unmanaged
    {
        var raw = Core.Buffers.RawBytes(call, inbuf, inoffset, out long origin);
        if (position < 0 || insize < 0 || origin + insize > raw.Length)
            throw new MpiException(call, ERR_ARG, $"position {position} / insize {insize} do not fit the input buffer ({raw.Length - origin} bytes)");
        if (position + packed.Length > insize)
            throw new MpiException(call, ERR_TRUNCATE, $"unpacking {packed.Length} bytes at position {position} reads past insize {insize}");
        raw.Slice(checked((int)(origin + position)), packed.Length).CopyTo(packed);
        SwapParts(call, packed, count, type);
        position += packed.Length;
    }

    /// <summary>Native little-endian packed elements to big-endian in place (and back: the swap is its own inverse).</summary>
    private static void SwapParts(string call, Span<byte> bytes, int count, Datatype type)
    {
        if (!BitConverter.IsLittleEndian) return;
        var parts = ExternalParts(call, type);
        int at = 0;
        for (int k = 0; k < count; k++)
            foreach (var (runBytes, runCount, part) in parts)
                for (long e = 0; e < runCount; e++)
                    for (int p = 0; p < runBytes; p += part, at += part)
                        bytes.Slice(at, part).Reverse();
    }

    /// <summary>
    /// The type's basic elements in typemap order as (bytes of an element, how many, bytes of each part swapped):
    /// a complex's part is half of it, any other element is one part. An element size two of the type's basic types
    /// share with different parts (a struct of a float complex and a double) or a long double is MPI_ERR_TYPE.
    /// </summary>
    private static List<(int Bytes, long Count, int Part)> ExternalParts(string call, Datatype type)
    {
        var leaves = new HashSet<Datatype>();
        CollectLeaves(type, leaves);
        if (leaves.Any(t => t.Kind is ElementKind.Float80 or ElementKind.Complex160))
            throw new MpiException(call, ERR_TYPE, $"{type.Name} holds a long double, whose external32 form (IEEE quadruple precision) the port does not write");
        var result = new List<(int, long, int)>();
        foreach (var run in type.Basics)
        {
            var parts = leaves.Where(t => t.Size == run.Bytes).Select(t => t.IsComplex ? t.Size / 2 : t.Size).Distinct().ToList();
            if (parts.Count > 1)
                throw new MpiException(call, ERR_TYPE, $"{type.Name} mixes complex and real elements of {run.Bytes} bytes, which external32 packing here cannot tell apart");
            result.Add((run.Bytes, run.Count, parts.Count == 1 ? parts[0] : run.Bytes));
        }
        return result;
    }

    /// <summary>The predefined types a type is made of (a pair type: its value's and MPI_INT).</summary>
    private static void CollectLeaves(Datatype type, HashSet<Datatype> leaves)
    {
        if (type.Kind == ElementKind.Pair)
        {
            leaves.Add(type.PairValue!);
            leaves.Add(Datatype.MPI_INT);
        }
        else if (type.IsPredefined) leaves.Add(type);
        else foreach (var part in type.Envelope.Types) CollectLeaves(part, leaves);
    }
}
