using System.Runtime.CompilerServices;
using CloudMpi.Core;

namespace CloudMpi;

/// <summary>What a datatype's elements are, as far as reductions care.</summary>
public enum ElementKind
{
    /// <summary>Opaque bytes (MPI_BYTE): only bitwise ops.</summary>
    Byte,
    /// <summary>C characters (MPI_CHAR, MPI_WCHAR): no reduction ops.</summary>
    Char,
    Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64, UInt64,
    Float32, Float64,
    /// <summary>C's long double as gcc has it on x86-64: x87 80-bit, 16 bytes (CloudMpi.Libc.CLongDouble).</summary>
    Float80,
    /// <summary>C _Bool (MPI_C_BOOL): logical ops only.</summary>
    Bool,
    /// <summary>C double complex (MPI_C_DOUBLE_COMPLEX): MPI_SUM and MPI_PROD only.</summary>
    Complex128,
    /// <summary>C float complex (MPI_C_FLOAT_COMPLEX): MPI_SUM and MPI_PROD only.</summary>
    Complex64,
    /// <summary>Two x87 long doubles in 32 bytes (MPI_COMPLEX32, gcc's long double complex, which the translator does
    /// not take): MPI_SUM only, part by part.</summary>
    Complex160,
    /// <summary>MPI_PACKED: the bytes MPI_Pack produced; no ops.</summary>
    Packed,
    /// <summary>A (value, int) pair for MPI_MAXLOC / MPI_MINLOC (MPI_DOUBLE_INT, MPI_2INT, ...).</summary>
    Pair,
    /// <summary>A derived datatype (MPI_Type_vector, MPI_Type_create_struct, ...).</summary>
    Derived,
}

/// <summary>
/// An MPI datatype (MPI_Datatype). Predefined types are static readonly fields
/// named as in C, so translated code reaches them through <c>using static CloudMpi.Datatype</c>.
/// </summary>
public sealed class Datatype
{
    /// <summary>The C name, e.g. "MPI_INT", or a description of how a derived type was built.</summary>
    public string Name { get; }
    /// <summary>Bytes of data in one element (MPI_Type_size; LP64 Linux, as Open MPI on x86-64).</summary>
    public int Size { get; }
    /// <summary>Element kind used by reductions.</summary>
    public ElementKind Kind { get; }
    /// <summary>The lower bound in bytes (MPI_Type_get_extent's lb).</summary>
    public long Lb { get; }
    /// <summary>Bytes from one element to the next (MPI_Type_get_extent's extent).</summary>
    public long Extent { get; }

    /// <summary>
    /// The alignment Open MPI rounds a constructed type's extent up to: the largest alignment of the basic
    /// types inside (measured: a struct {int; char} has extent 8, hindexed doubles at 0 and 12 extent 24).
    /// </summary>
    internal int Alignment { get; }

    /// <summary>Where one element's bytes lie, relative to the buffer position.</summary>
    internal TypeMap Map { get; }

    /// <summary>
    /// The predefined type every element of this one is made of (itself for a predefined type; a pair type
    /// for a vector of MPI_2INT), or null for a mix (a struct of int and double). Reductions work on it.
    /// </summary>
    internal Datatype? Element { get; }

    /// <summary>
    /// The basic type all of this type's bytes are made of (MPI_INT for MPI_2INT and for a vector of ints),
    /// or null for a mix: an array of that C# primitive may hold it; otherwise the buffer is a struct or bytes.
    /// </summary>
    internal Datatype? Leaf { get; }

    /// <summary>For pair types: the type of the value (MPI_DOUBLE for MPI_DOUBLE_INT).</summary>
    internal Datatype? PairValue { get; }

    /// <summary>
    /// The basic elements of one element, in typemap order, as runs of (bytes of a basic element, how many):
    /// MPI_Get_elements counts these. A pair type (MPI_2INT) inside a derived type is its value and its int, as
    /// Open MPI counts it (measured: 7 ints received as 2 of contiguous(2, MPI_2INT) are 7 elements).
    /// </summary>
    internal IReadOnlyList<BasicRun> Basics { get; }

    /// <summary>How the type was made, for MPI_Type_get_envelope and MPI_Type_get_contents (a predefined type: MPI_COMBINER_NAMED).</summary>
    internal TypeEnvelope Envelope { get; set; } = TypeEnvelope.Named;

    /// <summary>Predefined types are usable at once; derived ones after MPI_Type_commit, until MPI_Type_free.</summary>
    internal bool Committed { get; set; }
    internal bool Freed { get; set; }
    internal bool IsPredefined { get; }
    internal bool IsNull { get; }

    private Datatype(string name, int size, ElementKind kind, int alignment = 0)
    {
        Name = name;
        Size = size;
        Kind = kind;
        Extent = size;
        Alignment = alignment > 0 ? alignment : Math.Max(size, 1);
        Map = new TypeMap([new Block(0, size)]);
        Element = this;
        Leaf = this;
        Basics = [new BasicRun(size, 1)];
        Committed = true;
        IsPredefined = true;
    }

    /// <summary>A pair type for MAXLOC/MINLOC: the value at 0 and an int after it, at the int's alignment (4).</summary>
    private Datatype(string name, Datatype value)
    {
        Name = name;
        Kind = ElementKind.Pair;
        PairValue = value;
        long intAt = (value.Size + 3) / 4 * 4;
        long align = Math.Max(value.Size, 4);
        Alignment = (int)align;
        Extent = (intAt + 4 + align - 1) / align * align;
        Size = value.Size + 4;
        Map = new TypeMap([new Block(0, value.Size), new Block(intAt, 4)]);
        Element = this;
        Leaf = value.Kind == ElementKind.Int32 ? value : null;
        Basics = BasicRun.Join([new BasicRun(value.Size, 1), new BasicRun(4, 1)]);
        Committed = true;
        IsPredefined = true;
    }

    /// <summary>MPI_DATATYPE_NULL.</summary>
    private Datatype()
    {
        Name = "MPI_DATATYPE_NULL";
        Kind = ElementKind.Derived;
        Map = new TypeMap([]);
        Basics = [];
        IsNull = true;
        IsPredefined = true;
    }

    /// <summary>
    /// A derived type from its blocks and bounds; <paramref name="parts"/> are the types it was built from, and
    /// <paramref name="basics"/> its basic elements in typemap order (null: those of the single part, as for resized and dup).
    /// </summary>
    internal Datatype(string name, IEnumerable<Block> blocks, long lb, long ub, IEnumerable<Datatype> parts,
        IReadOnlyList<BasicRun>? basics = null)
    {
        parts = parts.ToList();
        Basics = basics ?? parts.Single().Basics;
        Name = name;
        Alignment = parts.Select(p => p.Alignment).DefaultIfEmpty(1).Max();
        Kind = ElementKind.Derived;
        Map = new TypeMap(blocks);
        Size = checked((int)Map.Size);
        Lb = lb;
        Extent = ub - lb;
        var elements = parts.Select(p => p.Element).Distinct().ToList();
        Element = elements.Count == 1 ? elements[0] : null;
        var leaves = parts.Select(p => p.Leaf).Distinct().ToList();
        Leaf = leaves.Count == 1 ? leaves[0] : null;
    }

    public override string ToString() => Name;

    // C `char` is sbyte in translated code; `unsigned char` byte.
    public static readonly Datatype MPI_CHAR = new("MPI_CHAR", 1, ElementKind.Char);
    public static readonly Datatype MPI_SIGNED_CHAR = new("MPI_SIGNED_CHAR", 1, ElementKind.Int8);
    public static readonly Datatype MPI_UNSIGNED_CHAR = new("MPI_UNSIGNED_CHAR", 1, ElementKind.UInt8);
    public static readonly Datatype MPI_BYTE = new("MPI_BYTE", 1, ElementKind.Byte);
    public static readonly Datatype MPI_SHORT = new("MPI_SHORT", 2, ElementKind.Int16);
    public static readonly Datatype MPI_UNSIGNED_SHORT = new("MPI_UNSIGNED_SHORT", 2, ElementKind.UInt16);
    public static readonly Datatype MPI_INT = new("MPI_INT", 4, ElementKind.Int32);
    public static readonly Datatype MPI_UNSIGNED = new("MPI_UNSIGNED", 4, ElementKind.UInt32);
    public static readonly Datatype MPI_LONG = new("MPI_LONG", 8, ElementKind.Int64);
    public static readonly Datatype MPI_UNSIGNED_LONG = new("MPI_UNSIGNED_LONG", 8, ElementKind.UInt64);
    public static readonly Datatype MPI_LONG_LONG_INT = new("MPI_LONG_LONG_INT", 8, ElementKind.Int64);
    public static readonly Datatype MPI_LONG_LONG = new("MPI_LONG_LONG", 8, ElementKind.Int64);
    public static readonly Datatype MPI_UNSIGNED_LONG_LONG = new("MPI_UNSIGNED_LONG_LONG", 8, ElementKind.UInt64);
    public static readonly Datatype MPI_FLOAT = new("MPI_FLOAT", 4, ElementKind.Float32);
    public static readonly Datatype MPI_DOUBLE = new("MPI_DOUBLE", 8, ElementKind.Float64);
    /// <summary>C's long double as gcc and Open MPI have it on x86-64: the x87 80-bit format in 16 bytes, aligned to 16
    /// (the translator's CLongDouble); reductions compute as the x87 does.</summary>
    public static readonly Datatype MPI_LONG_DOUBLE = new("MPI_LONG_DOUBLE", 16, ElementKind.Float80, 16);
    public static readonly Datatype MPI_C_BOOL = new("MPI_C_BOOL", 1, ElementKind.Bool);
    /// <summary>C's double complex: two doubles, aligned as a double (CloudMpi.Libc.CComplex).</summary>
    public static readonly Datatype MPI_C_DOUBLE_COMPLEX = new("MPI_C_DOUBLE_COMPLEX", 16, ElementKind.Complex128, 8);
    /// <summary>Fortran's DOUBLE COMPLEX, which C programs also name: the same layout.</summary>
    public static readonly Datatype MPI_DOUBLE_COMPLEX = new("MPI_DOUBLE_COMPLEX", 16, ElementKind.Complex128, 8);
    /// <summary>C's float complex: two floats, aligned as a float (CloudMpi.Libc.CComplexF); MPI_C_COMPLEX is its other name.</summary>
    public static readonly Datatype MPI_C_FLOAT_COMPLEX = new("MPI_C_FLOAT_COMPLEX", 8, ElementKind.Complex64, 4);
    public static readonly Datatype MPI_C_COMPLEX = new("MPI_C_COMPLEX", 8, ElementKind.Complex64, 4);
    /// <summary>Fortran's COMPLEX, which C programs also name: the same layout.</summary>
    public static readonly Datatype MPI_COMPLEX = new("MPI_COMPLEX", 8, ElementKind.Complex64, 4);
    // Fortran's basic datatypes, which Open MPI's mpi.h declares for C as well (gfortran's sizes on x86-64;
    // LOGICAL a 4-byte integer, CHARACTER a C char).
    public static readonly Datatype MPI_INTEGER = new("MPI_INTEGER", 4, ElementKind.Int32);
    public static readonly Datatype MPI_REAL = new("MPI_REAL", 4, ElementKind.Float32);
    public static readonly Datatype MPI_DOUBLE_PRECISION = new("MPI_DOUBLE_PRECISION", 8, ElementKind.Float64);
    public static readonly Datatype MPI_LOGICAL = new("MPI_LOGICAL", 4, ElementKind.Int32);
    public static readonly Datatype MPI_CHARACTER = new("MPI_CHARACTER", 1, ElementKind.Char);
    public static readonly Datatype MPI_INTEGER1 = new("MPI_INTEGER1", 1, ElementKind.Int8);
    public static readonly Datatype MPI_INTEGER2 = new("MPI_INTEGER2", 2, ElementKind.Int16);
    public static readonly Datatype MPI_INTEGER4 = new("MPI_INTEGER4", 4, ElementKind.Int32);
    public static readonly Datatype MPI_INTEGER8 = new("MPI_INTEGER8", 8, ElementKind.Int64);
    public static readonly Datatype MPI_REAL4 = new("MPI_REAL4", 4, ElementKind.Float32);
    public static readonly Datatype MPI_REAL8 = new("MPI_REAL8", 8, ElementKind.Float64);
    /// <summary>REAL*16, as Open MPI 4.1 computes it on x86-64 (measured: 1.5 + 2.5 of C long doubles sent as
    /// MPI_REAL16 sum to 4, while __float128 operands come out wrong): C's long double, 16 bytes.</summary>
    public static readonly Datatype MPI_REAL16 = new("MPI_REAL16", 16, ElementKind.Float80, 16);
    /// <summary>COMPLEX*16: two doubles, C's double complex.</summary>
    public static readonly Datatype MPI_COMPLEX16 = new("MPI_COMPLEX16", 16, ElementKind.Complex128, 8);
    /// <summary>COMPLEX*32: two long doubles (32 bytes). C# has no such complex type: it moves, and MPI_SUM adds its
    /// parts as the x87 does; MPI_PROD on it is MPI_ERR_OP here (Open MPI multiplies).</summary>
    public static readonly Datatype MPI_COMPLEX32 = new("MPI_COMPLEX32", 32, ElementKind.Complex160, 16);
    public static readonly Datatype MPI_INT8_T = new("MPI_INT8_T", 1, ElementKind.Int8);
    public static readonly Datatype MPI_INT16_T = new("MPI_INT16_T", 2, ElementKind.Int16);
    public static readonly Datatype MPI_INT32_T = new("MPI_INT32_T", 4, ElementKind.Int32);
    public static readonly Datatype MPI_INT64_T = new("MPI_INT64_T", 8, ElementKind.Int64);
    public static readonly Datatype MPI_UINT8_T = new("MPI_UINT8_T", 1, ElementKind.UInt8);
    public static readonly Datatype MPI_UINT16_T = new("MPI_UINT16_T", 2, ElementKind.UInt16);
    public static readonly Datatype MPI_UINT32_T = new("MPI_UINT32_T", 4, ElementKind.UInt32);
    public static readonly Datatype MPI_UINT64_T = new("MPI_UINT64_T", 8, ElementKind.UInt64);
    /// <summary>MPI_Aint, MPI_Offset and MPI_Count (8-byte signed integers on x86-64), MPI-3's types for them.</summary>
    public static readonly Datatype MPI_AINT = new("MPI_AINT", 8, ElementKind.Int64);
    public static readonly Datatype MPI_OFFSET = new("MPI_OFFSET", 8, ElementKind.Int64);
    public static readonly Datatype MPI_COUNT = new("MPI_COUNT", 8, ElementKind.Int64);
    /// <summary>wchar_t is 4 bytes on Linux.</summary>
    public static readonly Datatype MPI_WCHAR = new("MPI_WCHAR", 4, ElementKind.Char);

    /// <summary>MPI_PACKED: counts bytes of a buffer filled by MPI_Pack.</summary>
    public static readonly Datatype MPI_PACKED = new("MPI_PACKED", 1, ElementKind.Packed);
    public static readonly Datatype MPI_DATATYPE_NULL = new();

    // The MAXLOC/MINLOC pair types, laid out as the C structs {value; int} (Open MPI's layouts on x86-64).
    public static readonly Datatype MPI_FLOAT_INT = new("MPI_FLOAT_INT", MPI_FLOAT);
    public static readonly Datatype MPI_DOUBLE_INT = new("MPI_DOUBLE_INT", MPI_DOUBLE);
    public static readonly Datatype MPI_LONG_INT = new("MPI_LONG_INT", MPI_LONG);
    public static readonly Datatype MPI_2INT = new("MPI_2INT", MPI_INT);
    public static readonly Datatype MPI_SHORT_INT = new("MPI_SHORT_INT", MPI_SHORT);
    /// <summary>{long double; int}: the int at 16, 20 bytes of data, extent 32 (C's struct, aligned to 16).</summary>
    public static readonly Datatype MPI_LONG_DOUBLE_INT = new("MPI_LONG_DOUBLE_INT", MPI_LONG_DOUBLE);

    /// <summary>The pair types for MPI_MAXLOC and MPI_MINLOC.</summary>
    public static IReadOnlyList<Datatype> Pairs { get; } =
        [MPI_FLOAT_INT, MPI_DOUBLE_INT, MPI_LONG_INT, MPI_2INT, MPI_SHORT_INT, MPI_LONG_DOUBLE_INT];

    /// <summary>Every basic predefined datatype, in declaration order (not MPI_PACKED or the pair types).</summary>
    public static IReadOnlyList<Datatype> Predefined { get; } =
    [
        MPI_CHAR, MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_BYTE, MPI_SHORT, MPI_UNSIGNED_SHORT,
        MPI_INT, MPI_UNSIGNED, MPI_LONG, MPI_UNSIGNED_LONG, MPI_LONG_LONG_INT, MPI_LONG_LONG,
        MPI_UNSIGNED_LONG_LONG, MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE, MPI_C_BOOL,
        MPI_INT8_T, MPI_INT16_T, MPI_INT32_T, MPI_INT64_T,
        MPI_UINT8_T, MPI_UINT16_T, MPI_UINT32_T, MPI_UINT64_T, MPI_AINT, MPI_OFFSET, MPI_COUNT, MPI_WCHAR,
        MPI_C_DOUBLE_COMPLEX, MPI_DOUBLE_COMPLEX, MPI_C_FLOAT_COMPLEX, MPI_C_COMPLEX, MPI_COMPLEX,
        MPI_INTEGER, MPI_REAL, MPI_DOUBLE_PRECISION, MPI_LOGICAL, MPI_CHARACTER, MPI_INTEGER1, MPI_INTEGER2, MPI_INTEGER4, MPI_INTEGER8, MPI_REAL4, MPI_REAL8,
        MPI_REAL16, MPI_COMPLEX16, MPI_COMPLEX32,
    ];

    internal bool IsInteger => Kind is >= ElementKind.Int8 and <= ElementKind.UInt64;
    internal bool IsFloat => Kind is ElementKind.Float32 or ElementKind.Float64 or ElementKind.Float80;
    internal bool IsComplex => Kind is ElementKind.Complex128 or ElementKind.Complex64 or ElementKind.Complex160;
    /// <summary>Types whose buffers may be any unmanaged T (count then counts bytes): C's byte views.</summary>
    internal bool IsByteView => Size == 1 && Kind is ElementKind.Byte or ElementKind.Char or ElementKind.Int8 or ElementKind.UInt8 or ElementKind.Packed;
    /// <summary>count elements are one run of count * Size bytes from the buffer position: no packing needed.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal bool IsContiguous(int count) => Map.IsDense && (count <= 1 || Extent == Size);
}

/// <summary><see cref="Count"/> basic elements of <see cref="Bytes"/> bytes each, one after another in the typemap.</summary>
internal readonly record struct BasicRun(int Bytes, long Count)
{
    /// <summary>Runs in order, neighbours of one size merged.</summary>
    public static IReadOnlyList<BasicRun> Join(IEnumerable<BasicRun> runs)
    {
        var merged = new List<BasicRun>();
        foreach (var r in runs)
        {
            if (r.Count == 0) continue;
            if (merged.Count > 0 && merged[^1].Bytes == r.Bytes) merged[^1] = merged[^1] with { Count = merged[^1].Count + r.Count };
            else merged.Add(r);
        }
        return merged;
    }

    /// <summary><paramref name="runs"/> repeated <paramref name="times"/> times (one run stays one run).</summary>
    public static IEnumerable<BasicRun> Repeat(IReadOnlyList<BasicRun> runs, long times)
    {
        if (runs.Count == 1)
        {
            yield return runs[0] with { Count = runs[0].Count * times };
            yield break;
        }
        for (long k = 0; k < times; k++)
            foreach (var r in runs) yield return r;
    }
}

/// <summary>
/// A derived datatype's constructor and its arguments as MPI_Type_get_contents gives them back (MPI-3.1 4.1.13):
/// the integers, the addresses (MPI_Aint) and the datatypes, in the order of the constructor's table entry.
/// </summary>
internal sealed record TypeEnvelope(int Combiner, int[] Integers, long[] Addresses, Datatype[] Types)
{
    internal static readonly TypeEnvelope Named = new(cMPI.COMBINER_NAMED, [], [], []);
}
