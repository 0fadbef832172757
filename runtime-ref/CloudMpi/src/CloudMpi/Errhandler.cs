namespace CloudMpi;

/// <summary>
/// An error handler (MPI_Errhandler). cMPI calls report errors by throwing <see cref="MpiException"/>; a handler
/// decides what a translated call site that looks at the return code sees (see <see cref="cMPI.Try(Comm?, Func{int})"/>):
/// <see cref="cMPI.ERRORS_ARE_FATAL"/> lets the exception end the job, <see cref="cMPI.ERRORS_RETURN"/> turns it
/// into the error class as the call's return value.
/// </summary>
public sealed class Errhandler
{
    public string Name { get; }
    internal bool Returns { get; }

    private Errhandler(string name, bool returns)
    {
        Name = name;
        Returns = returns;
    }

    internal static readonly Errhandler Fatal = new("MPI_ERRORS_ARE_FATAL", returns: false);
    internal static readonly Errhandler Return = new("MPI_ERRORS_RETURN", returns: true);
    internal static readonly Errhandler Null = new("MPI_ERRHANDLER_NULL", returns: false);

    public override string ToString() => Name;
}

/// <summary>An info object (MPI_Info). Only MPI_INFO_NULL exists: no call here reads hints.</summary>
public sealed class Info
{
    private Info() { }

    internal static readonly Info Null = new();

    public override string ToString() => "MPI_INFO_NULL";
}
