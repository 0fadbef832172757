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
    /// <summary>C _Bool (MPI_C_BOOL): logical ops only.</summary>
    Bool,
}

/// <summary>
/// An MPI datatype (MPI_Datatype). Predefined types are static readonly fields
/// named as in C, so translated code reaches them through <c>using static CloudMpi.Datatype</c>.
/// </summary>
public sealed class Datatype
{
    /// <summary>The C name, e.g. "MPI_INT".</summary>
    public string Name { get; }
    /// <summary>Size of one element in bytes (LP64 Linux, as Open MPI on x86-64).</summary>
    public int Size { get; }
    /// <summary>Element kind used by reductions.</summary>
    public ElementKind Kind { get; }

    private Datatype(string name, int size, ElementKind kind)
    {
        Name = name;
        Size = size;
        Kind = kind;
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
    /// <summary>C long double is carried as an 8-byte double here (the translator maps long double to double).</summary>
    public static readonly Datatype MPI_LONG_DOUBLE = new("MPI_LONG_DOUBLE", 8, ElementKind.Float64);
    public static readonly Datatype MPI_C_BOOL = new("MPI_C_BOOL", 1, ElementKind.Bool);
    public static readonly Datatype MPI_INT8_T = new("MPI_INT8_T", 1, ElementKind.Int8);
    public static readonly Datatype MPI_INT16_T = new("MPI_INT16_T", 2, ElementKind.Int16);
    public static readonly Datatype MPI_INT32_T = new("MPI_INT32_T", 4, ElementKind.Int32);
    public static readonly Datatype MPI_INT64_T = new("MPI_INT64_T", 8, ElementKind.Int64);
    public static readonly Datatype MPI_UINT8_T = new("MPI_UINT8_T", 1, ElementKind.UInt8);
    public static readonly Datatype MPI_UINT16_T = new("MPI_UINT16_T", 2, ElementKind.UInt16);
    public static readonly Datatype MPI_UINT32_T = new("MPI_UINT32_T", 4, ElementKind.UInt32);
    public static readonly Datatype MPI_UINT64_T = new("MPI_UINT64_T", 8, ElementKind.UInt64);
    /// <summary>wchar_t is 4 bytes on Linux.</summary>
    public static readonly Datatype MPI_WCHAR = new("MPI_WCHAR", 4, ElementKind.Char);

    /// <summary>Every predefined datatype, in declaration order.</summary>
    public static IReadOnlyList<Datatype> Predefined { get; } =
    [
        MPI_CHAR, MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_BYTE, MPI_SHORT, MPI_UNSIGNED_SHORT,
        MPI_INT, MPI_UNSIGNED, MPI_LONG, MPI_UNSIGNED_LONG, MPI_LONG_LONG_INT, MPI_LONG_LONG,
        MPI_UNSIGNED_LONG_LONG, MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE, MPI_C_BOOL,
        MPI_INT8_T, MPI_INT16_T, MPI_INT32_T, MPI_INT64_T,
        MPI_UINT8_T, MPI_UINT16_T, MPI_UINT32_T, MPI_UINT64_T, MPI_WCHAR,
    ];

    internal bool IsInteger => Kind is >= ElementKind.Int8 and <= ElementKind.UInt64;
    internal bool IsFloat => Kind is ElementKind.Float32 or ElementKind.Float64;
    /// <summary>Types whose buffers may be any unmanaged T (count then counts bytes): C's byte views.</summary>
    internal bool IsByteView => Size == 1 && Kind is ElementKind.Byte or ElementKind.Char or ElementKind.Int8 or ElementKind.UInt8;
}
