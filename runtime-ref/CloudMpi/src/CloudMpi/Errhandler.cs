namespace CloudMpi;

/// <summary>
/// MPI_Comm_errhandler_function, <c>void f(MPI_Comm *comm, int *errorcode, ...)</c>: the translator turns the two
/// pointers a handler reads through into <c>ref</c> parameters (the variadic tail is never passed by MPI).
/// </summary>
public delegate void CommErrhandlerFunction(ref Comm comm, ref int errorcode);

/// <summary>MPI_Win_errhandler_function, <c>void f(MPI_Win *win, int *errorcode, ...)</c>, as <see cref="CommErrhandlerFunction"/>.</summary>
public delegate void WinErrhandlerFunction(ref Win win, ref int errorcode);

/// <summary>MPI_File_errhandler_function, <c>void f(MPI_File *fh, int *errorcode, ...)</c>, as <see cref="CommErrhandlerFunction"/>.</summary>
public delegate void FileErrhandlerFunction(ref MpiFile fh, ref int errorcode);

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
    /// <summary>The C function of a handler made by MPI_Comm_create_errhandler; null for the predefined ones.</summary>
    internal CommErrhandlerFunction? Function { get; }
    /// <summary>The C function of a handler made by MPI_Win_create_errhandler.</summary>
    internal WinErrhandlerFunction? WinFunction { get; private init; }
    /// <summary>The C function of a handler made by MPI_File_create_errhandler.</summary>
    internal FileErrhandlerFunction? FileFunction { get; private init; }

    private Errhandler(string name, bool returns, CommErrhandlerFunction? function = null)
    {
        Name = name;
        Returns = returns;
        Function = function;
    }

    /// <summary>
    /// Whether the handler may be attached to an object of this kind: a predefined one to any, a user one to the kind
    /// of object its create call names (MPI-3.1 8.3.1-8.3.3; Open MPI answers MPI_ERR_ARG otherwise).
    /// </summary>
    internal bool FitsComm => WinFunction is null && FileFunction is null;
    internal bool FitsWin => Function is null && FileFunction is null;
    internal bool FitsFile => Function is null && WinFunction is null;

    /// <summary>
    /// A user handler: MPI calls the function, and when it returns the MPI call returns the error code
    /// (MPI-4.0 9.3), so for the call site it behaves as MPI_ERRORS_RETURN after the call.
    /// </summary>
    internal static Errhandler User(CommErrhandlerFunction function) =>
        new($"user error handler {function.Method.Name}", returns: true, function);

    internal static Errhandler User(WinErrhandlerFunction function) =>
        new($"user error handler {function.Method.Name}", returns: true) { WinFunction = function };

    internal static Errhandler User(FileErrhandlerFunction function) =>
        new($"user error handler {function.Method.Name}", returns: true) { FileFunction = function };

    internal static readonly Errhandler Fatal = new("MPI_ERRORS_ARE_FATAL", returns: false);
    internal static readonly Errhandler Return = new("MPI_ERRORS_RETURN", returns: true);
    internal static readonly Errhandler Null = new("MPI_ERRHANDLER_NULL", returns: false);

    public override string ToString() => Name;
}

/// <summary>
/// An info object (MPI_Info): keys and string values in the order they were first set (MPI_Info_get_nthkey).
/// No call here reads hints; programs set them for MPI-IO and windows, and read them back.
/// </summary>
public sealed class Info
{
    private readonly List<KeyValuePair<string, string>>? entries;

    private Info(List<KeyValuePair<string, string>>? entries) => this.entries = entries;

    internal static readonly Info Null = new(null);

    internal static Info Create() => new([]);

    internal bool IsNull => entries is null;
    internal bool Freed { get; set; }
    internal int Count => entries!.Count;
    internal string KeyAt(int n) => entries![n].Key;
    internal Info Dup() => new([.. entries!]);

    internal string? Get(string key) => entries!.FindIndex(e => e.Key == key) is int i and >= 0 ? entries[i].Value : null;

    internal void Set(string key, string value)
    {
        int i = entries!.FindIndex(e => e.Key == key);
        if (i >= 0) entries[i] = new(key, value);
        else entries.Add(new(key, value));
    }

    internal bool Delete(string key) => entries!.RemoveAll(e => e.Key == key) > 0;

    public override string ToString() => IsNull ? "MPI_INFO_NULL" : $"MPI_Info({Count} keys)";
}
