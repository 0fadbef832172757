namespace CloudMpi;

/// <summary>
/// A reduction operation (MPI_Op): a predefined one, reachable through <c>using static CloudMpi.Op</c>,
/// or a user function from <see cref="cMPI.Op_create{T}(UserFunction{T}, int, out Op)"/>.
/// </summary>
public sealed class Op
{
    internal enum Code { Sum, Prod, Max, Min, Land, Lor, Lxor, Band, Bor, Bxor, MaxLoc, MinLoc, User, Null, Replace, NoOp }

    /// <summary>The C name, e.g. "MPI_SUM".</summary>
    public string Name { get; }
    internal Code OpCode { get; }
    /// <summary>Predefined ops are commutative; a user op is what Op_create said.</summary>
    public bool IsCommutative { get; }
    /// <summary>A user op: applies the C function to (invec, inoutvec) laid out as the datatype says.</summary>
    internal IUserOp? User { get; }
    internal bool Freed { get; set; }

    private Op(string name, Code code)
    {
        Name = name;
        OpCode = code;
        IsCommutative = true;
    }

    internal Op(string name, IUserOp user, bool commutative)
    {
        Name = name;
        OpCode = Code.User;
        User = user;
        IsCommutative = commutative;
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
    public static readonly Op MPI_MAXLOC = new("MPI_MAXLOC", Code.MaxLoc);
    public static readonly Op MPI_MINLOC = new("MPI_MINLOC", Code.MinLoc);
    public static readonly Op MPI_OP_NULL = new("MPI_OP_NULL", Code.Null);
    /// <summary>One-sided accumulations only: the target gets the origin's value (MPI_Accumulate as an atomic put).</summary>
    public static readonly Op MPI_REPLACE = new("MPI_REPLACE", Code.Replace);
    /// <summary>MPI_Fetch_and_op and MPI_Get_accumulate only: the target keeps its value (an atomic get).</summary>
    public static readonly Op MPI_NO_OP = new("MPI_NO_OP", Code.NoOp);

    /// <summary>REPLACE and NO_OP: one-sided ops that combine nothing, defined for every predefined datatype.</summary>
    internal bool IsOneSidedOnly => OpCode is Code.Replace or Code.NoOp;

    /// <summary>The ops on (value, index) pairs.</summary>
    public static IReadOnlyList<Op> Location { get; } = [MPI_MAXLOC, MPI_MINLOC];

    /// <summary>Every predefined op on basic types (MAXLOC and MINLOC are in <see cref="Location"/>).</summary>
    public static IReadOnlyList<Op> Predefined { get; } =
        [MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, MPI_LAND, MPI_LOR, MPI_LXOR, MPI_BAND, MPI_BOR, MPI_BXOR];

    /// <summary>
    /// Whether MPI allows this op on this datatype (MPI-4.0 section 6.9.2):
    /// MAX/MIN on C integer and floating point; SUM/PROD on those too;
    /// LAND/LOR/LXOR on C integer and logical (MPI_C_BOOL); BAND/BOR/BXOR on C integer and MPI_BYTE.
    /// MPI_CHAR and MPI_WCHAR are in no group. MAXLOC/MINLOC on the pair types only. A user op takes any
    /// type; a predefined op no derived type, as in Open MPI ("MPI_SUM is not defined for non-intrinsic
    /// datatypes"), even one made of a single basic type.
    /// </summary>
    public bool IsDefinedFor(Datatype type)
    {
        if (OpCode == Code.User) return true;
        if (type.Kind == ElementKind.Derived) return false;
        return IsDefinedForBasic(type);
    }

    private bool IsDefinedForBasic(Datatype type) => OpCode switch
    {
        Code.Null or Code.Replace or Code.NoOp => false, // no collective takes them (one-sided code checks them itself)
        // Open MPI 4.1 reduces MPI_CHAR as a signed 8-bit integer with every predefined op (MPI lists it under no op
        // group; Quinn's sieve exercises take MPI_LOR of char flags), MPI_WCHAR with none
        _ when type == Datatype.MPI_CHAR => OpCode is not (Code.MaxLoc or Code.MinLoc),
        // Fortran's LOGICAL (a 4-byte integer here) takes the logical ops alone (MPI-3.1 5.9.2)
        _ when type == Datatype.MPI_LOGICAL => OpCode is Code.Land or Code.Lor or Code.Lxor,
        Code.MaxLoc or Code.MinLoc => type.Kind == ElementKind.Pair,
        // MPI_COMPLEX32 has no C# complex type to multiply (ElementKind.Complex160): its sum is its parts' sums
        Code.Prod when type.Kind == ElementKind.Complex160 => false,
        Code.Sum or Code.Prod => type.IsInteger || type.IsFloat || type.IsComplex,
        Code.Max or Code.Min => type.IsInteger || type.IsFloat,
        Code.Land or Code.Lor or Code.Lxor => type.IsInteger || type.Kind == ElementKind.Bool,
        _ => type.IsInteger || type.Kind == ElementKind.Byte,
    };
}
