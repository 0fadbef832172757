namespace CloudMpi;

/// <summary>A predefined reduction operation (MPI_Op), reachable through <c>using static CloudMpi.Op</c>.</summary>
public sealed class Op
{
    internal enum Code { Sum, Prod, Max, Min, Land, Lor, Lxor, Band, Bor, Bxor }

    /// <summary>The C name, e.g. "MPI_SUM".</summary>
    public string Name { get; }
    internal Code OpCode { get; }

    private Op(string name, Code code)
    {
        Name = name;
        OpCode = code;
    }

    public override string ToString() => Name;

    public static readonly Op MPI_SUM = new("MPI_SUM", Code.Sum);
    public static readonly Op MPI_PROD = new("MPI_PROD", Code.Prod);
    public static readonly Op MPI_MAX = new("MPI_MAX", Code.Max);
    public static readonly Op MPI_MIN = new("MPI_MIN", Code.Min);
    public static readonly Op MPI_LAND = new("MPI_LAND", Code.Land);
    public static readonly Op MPI_LOR = new("MPI_LOR", Code.Lor);
    public static readonly Op MPI_LXOR = new("MPI_LXOR", Code.Lxor);
    public static readonly Op MPI_BAND = new("MPI_BAND", Code.Band);
    public static readonly Op MPI_BOR = new("MPI_BOR", Code.Bor);
    public static readonly Op MPI_BXOR = new("MPI_BXOR", Code.Bxor);

    /// <summary>Every predefined op.</summary>
    public static IReadOnlyList<Op> Predefined { get; } =
        [MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, MPI_LAND, MPI_LOR, MPI_LXOR, MPI_BAND, MPI_BOR, MPI_BXOR];

    /// <summary>
    /// Whether MPI allows this op on this datatype (MPI-4.0 section 6.9.2):
    /// MAX/MIN on C integer and floating point; SUM/PROD on those too;
    /// LAND/LOR/LXOR on C integer and logical (MPI_C_BOOL); BAND/BOR/BXOR on C integer and MPI_BYTE.
    /// MPI_CHAR and MPI_WCHAR are in no group.
    /// </summary>
    public bool IsDefinedFor(Datatype type) => OpCode switch
    {
        Code.Sum or Code.Prod or Code.Max or Code.Min => type.IsInteger || type.IsFloat,
        Code.Land or Code.Lor or Code.Lxor => type.IsInteger || type.Kind == ElementKind.Bool,
        _ => type.IsInteger || type.Kind == ElementKind.Byte,
    };
}
