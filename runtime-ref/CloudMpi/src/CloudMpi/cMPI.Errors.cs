using System.Text;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>Error classes and strings, error handlers, and the error-code view of a call (<see cref="Try(Comm?, Func{int})"/>).</summary>
public static partial class cMPI
{
    // Open MPI's error classes beyond those in cMPI.cs and cMPI.Topology.cs.
    public const int ERR_IN_STATUS = 18;
    public const int ERR_PENDING = 19;
    public const int ERR_RMA_CONFLICT = 46;
    public const int ERR_RMA_SYNC = 47;
    public const int ERR_WIN = 53;
    public const int ERR_KEYVAL = 36;
    public const int ERR_RMA_RANGE = 68;
    public const int ERR_RMA_ATTACH = 69;
    public const int ERR_RMA_FLAVOR = 70;
    public const int ERR_ASSERT = 22;
    public const int ERR_BASE = 24;
    public const int ERR_CONVERSION = 25;
    public const int ERR_DISP = 26;
    public const int ERR_DUP_DATAREP = 27;
    public const int ERR_LOCKTYPE = 37;
    public const int ERR_NAME = 38;
    public const int ERR_NO_MEM = 39;
    public const int ERR_NOT_SAME = 40;
    public const int ERR_PORT = 43;
    public const int ERR_QUOTA = 44;
    public const int ERR_SERVICE = 48;
    public const int ERR_SIZE = 49;
    public const int ERR_SPAWN = 50;
    public const int ERR_RMA_SHARED = 71;
    public const int ERR_LASTCODE = 92;
    public const int MAX_ERROR_STRING = 256;
    public const int MAX_OBJECT_NAME = 64;

    public static readonly Errhandler ERRORS_ARE_FATAL = Errhandler.Fatal;
    public static readonly Errhandler ERRORS_RETURN = Errhandler.Return;
    public static readonly Errhandler ERRHANDLER_NULL = Errhandler.Null;
    public static readonly Info INFO_NULL = Info.Null;

    /// <summary>
    /// The return code of an MPI call as C sees it: <paramref name="mpiCall"/>'s result, or, when it raises an MPI
    /// error and <paramref name="comm"/>'s error handler is ERRORS_RETURN, the error's class. Under
    /// ERRORS_ARE_FATAL the error propagates and ends the job, as MPI's default handler aborts. The translator
    /// emits this around MPI calls whose return value the C program uses.
    /// </summary>
    public static int Try(Comm? comm, Func<int> mpiCall)
    {
        try
        {
            return mpiCall();
        }
        catch (MpiException ex) when (ex is not MpiHandlerlessException)  // outside MPI no handler applies
        {
            var ctx = RankContext.Current;
            // Errors on an invalid communicator, or outside any, go to MPI_COMM_WORLD's handler (MPI-3.1 8.3).
            var owner = comm is null || comm.IsNull ? COMM_WORLD : comm;
            var handler = LocalOf(ctx, owner).Errhandler;
            if (!handler.Returns) throw;
            return Invoke(handler, owner, ex.ErrorClass);
        }
    }

    /// <summary>
    /// What MPI_ERRORS_ARE_FATAL reports before the job ends, in Open MPI's words (ompi_mpi_errors_are_fatal):
    /// the call and the error class's text. Every MpiException that leaves a rank's program went through a fatal
    /// handler: <see cref="Try(Comm?, Func{int})"/> returns from every other kind.
    /// </summary>
    internal static string FatalErrorText(MpiException error) => error switch
    {
        MpiLifecycleException outside =>
            $"*** The {error.Call}() function was called {outside.When} was invoked.\n" +
            "*** This is disallowed by the MPI standard.\n" +
            "*** Your MPI job will now abort.\n",
        MpiNullCommunicatorException =>
            $"*** An error occurred in {error.Call}\n" +
            "*** on a NULL communicator\n" +
            "*** Unknown error\n" + ErrorsAreFatalText,
        _ => $"*** An error occurred in {error.Call}\n" +
             $"*** {ErrorStrings.ByClass[error.ErrorClass is >= 0 and <= ERR_LASTCODE ? error.ErrorClass : ERR_OTHER]}\n" +
             ErrorsAreFatalText,
    };

    private const string ErrorsAreFatalText = "*** MPI_ERRORS_ARE_FATAL (processes in this communicator will now abort,\n" +
                                              "***    and potentially your MPI job)\n";

    /// <summary><see cref="Try(Comm?, Func{int})"/> for calls without a communicator (MPI_COMM_WORLD's handler).</summary>
    public static int Try(Func<int> mpiCall) => Try((Comm?)null, mpiCall);

    /// <summary>
    /// MPI_Error_string: Open MPI's text for an error class, NUL-terminated into a C char buffer; for a class or code
    /// the program added, the string it gave (MPI_Add_error_string), else "".
    /// </summary>
    public static int Error_string(int errorcode, sbyte[] str, out int resultlen)
    {
        const string call = "MPI_Error_string";
        byte[] text = Encoding.UTF8.GetBytes(ErrorText(call, errorcode));
        int n = Math.Min(text.Length, MAX_ERROR_STRING - 1);
        if (str == null || str.Length < n + 1)
            throw new MpiException(call, ERR_ARG, $"the string buffer ({str?.Length ?? 0} chars) is shorter than the {n + 1} needed (MPI_MAX_ERROR_STRING)");
        for (int i = 0; i < n; i++) str[i] = (sbyte)text[i];
        str[n] = 0;
        resultlen = n;
        return SUCCESS;
    }

    /// <summary>MPI_Error_string into a string.</summary>
    public static int Error_string(int errorcode, out string str, out int resultlen)
    {
        var buf = new sbyte[MAX_ERROR_STRING];
        Error_string(errorcode, buf, out resultlen);
        str = ErrorText("MPI_Error_string", errorcode)[..resultlen];
        return SUCCESS;
    }

    private static string ErrorText(string call, int errorcode)
    {
        if (errorcode is >= 0 and <= ERR_LASTCODE) return ErrorStrings.ByClass[errorcode];
        var ctx = RankContext.Current;
        if (!ctx.AddedErrorCodes.ContainsKey(errorcode)) throw new MpiException(call, ERR_ARG, $"invalid error code {errorcode}");
        return ctx.AddedErrorStrings.GetValueOrDefault(errorcode, "");
    }

    /// <summary>MPI_Error_class: every code cMPI returns is already a class; a code the program added has the class it was added to.</summary>
    public static int Error_class(int errorcode, out int errorclass)
    {
        const string call = "MPI_Error_class";
        if (errorcode is >= 0 and <= ERR_LASTCODE) errorclass = errorcode;
        else if (!RankContext.Current.AddedErrorCodes.TryGetValue(errorcode, out errorclass))
            throw new MpiException(call, ERR_ARG, $"invalid error code {errorcode}");
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Add_error_class: a new error class, the next value after MPI_ERR_LASTCODE and the values added before
    /// (Open MPI 4.1 gives 93 first, and classes and codes share the numbering). Local to the rank, as MPI says.
    /// MPI_Error_class of it is MPI_ERR_UNKNOWN, as Open MPI 4.1 answers (the standard maps its own classes to themselves).
    /// </summary>
    public static int Add_error_class(out int errorclass)
    {
        var ctx = Ctx("MPI_Add_error_class");
        errorclass = ++ctx.LastUsedErrorCode;
        ctx.AddedErrorClasses.Add(errorclass);
        ctx.AddedErrorCodes[errorclass] = ERR_UNKNOWN;
        return SUCCESS;
    }

    /// <summary>MPI_Add_error_code: a new error code of <paramref name="errorclass"/> (a predefined class or one added).</summary>
    public static int Add_error_code(int errorclass, out int errorcode)
    {
        const string call = "MPI_Add_error_code";
        var ctx = Ctx(call);
        bool isClass = errorclass is >= 0 and <= ERR_LASTCODE || ctx.AddedErrorClasses.Contains(errorclass);
        if (!isClass) throw new MpiException(call, ERR_ARG, $"{errorclass} is not an error class");
        errorcode = ++ctx.LastUsedErrorCode;
        ctx.AddedErrorCodes[errorcode] = errorclass;
        return SUCCESS;
    }

    /// <summary>MPI_Add_error_string: the text MPI_Error_string gives for a class or code the program added (at most MPI_MAX_ERROR_STRING - 1 characters).</summary>
    public static int Add_error_string(int errorcode, string @string)
    {
        const string call = "MPI_Add_error_string";
        var ctx = Ctx(call);
        ArgumentNullException.ThrowIfNull(@string);
        if (!ctx.AddedErrorCodes.ContainsKey(errorcode))
            throw new MpiException(call, ERR_ARG, $"{errorcode} is not an error class or code the program added (MPI_Add_error_class/_code)");
        ctx.AddedErrorStrings[errorcode] = @string.Length >= MAX_ERROR_STRING ? @string[..(MAX_ERROR_STRING - 1)] : @string;
        return SUCCESS;
    }

    /// <summary>MPI_Add_error_string from a C char array (NUL-terminated).</summary>
    public static int Add_error_string(int errorcode, sbyte[] @string) => Add_error_string(errorcode, CString(@string));

    public static int Comm_set_errhandler(Comm comm, Errhandler errhandler)
    {
        const string call = "MPI_Comm_set_errhandler";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (errhandler is null || errhandler == Errhandler.Null)
            throw new MpiException(call, ERR_ARG, "invalid error handler (MPI_ERRHANDLER_NULL)");
        if (!errhandler.FitsComm)
            throw new MpiException(call, ERR_ARG, $"{errhandler} was not made for communicators (MPI_Comm_create_errhandler)");
        LocalOf(ctx, comm).Errhandler = errhandler;
        return SUCCESS;
    }

    public static int Comm_get_errhandler(Comm comm, out Errhandler errhandler)
    {
        const string call = "MPI_Comm_get_errhandler";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        errhandler = LocalOf(ctx, comm).Errhandler;
        return SUCCESS;
    }

    /// <summary>MPI_Errhandler_free: the predefined handlers live on; the handle becomes MPI_ERRHANDLER_NULL.</summary>
    public static int Errhandler_free(ref Errhandler errhandler)
    {
        Ctx("MPI_Errhandler_free");
        errhandler = Errhandler.Null;
        return SUCCESS;
    }

    /// <summary>MPI_Comm_call_errhandler: what <paramref name="errorcode"/> raised on <paramref name="comm"/> does.</summary>
    public static int Comm_call_errhandler(Comm comm, int errorcode)
    {
        const string call = "MPI_Comm_call_errhandler";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var handler = LocalOf(ctx, comm).Errhandler;
        if (handler.Returns)
        {
            Invoke(handler, comm, errorcode);
            return SUCCESS; // the handler was called and returned (MPI-4.0 9.3)
        }
        throw new MpiException(call, errorcode, "error raised by the program");
    }

    /// <summary>
    /// MPI_Comm_create_errhandler: a handler that calls <paramref name="function"/> with the communicator and the
    /// error code; the failed call then returns the code (see <see cref="Try(Comm?, Func{int})"/>).
    /// </summary>
    public static int Comm_create_errhandler(CommErrhandlerFunction function, out Errhandler errhandler)
    {
        const string call = "MPI_Comm_create_errhandler";
        Ctx(call);
        if (function is null) throw new MpiException(call, ERR_ARG, "the error handler function is NULL");
        errhandler = Errhandler.User(function);
        return SUCCESS;
    }

    /// <summary>Run a user handler's function (if any) for <paramref name="errorcode"/> on <paramref name="comm"/>; the code the call returns.</summary>
    private static int Invoke(Errhandler handler, Comm comm, int errorcode)
    {
        if (handler.Function is null) return errorcode;
        var handle = comm;            // the C function gets the address of a copy of the handle
        handler.Function(ref handle, ref errorcode);
        return errorcode;
    }

    /// <summary>This rank's name and error handler for <paramref name="comm"/>.</summary>
    internal static CommLocal LocalOf(RankContext ctx, Comm comm) => ctx.CommLocals.GetValue(comm, _ => new CommLocal());

    /// <summary>A new communicator inherits its parent's error handler (MPI-3.1 8.3.1).</summary>
    internal static void InheritLocal(RankContext ctx, Comm parent, Comm child)
    {
        if (child.IsNull) return;
        LocalOf(ctx, child).Errhandler = LocalOf(ctx, parent).Errhandler;
    }
}
