using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// A window's error handler (MPI-3.1 8.3.3): errors of a call on a window go to the window's handler, which is
/// MPI_ERRORS_ARE_FATAL until the program sets another, whatever its communicator's is. The translator routes a
/// window call whose return code the program reads through <see cref="Try(Win?, Func{int})"/>.
/// </summary>
public static partial class cMPI
{
    public static int Win_set_errhandler(Win win, Errhandler errhandler)
    {
        const string call = "MPI_Win_set_errhandler";
        Ctx(call);
        var w = CheckWin(call, win);
        if (errhandler is null || errhandler == Errhandler.Null)
            throw new MpiException(call, ERR_ARG, "invalid error handler (MPI_ERRHANDLER_NULL)");
        if (!errhandler.FitsWin)
            throw new MpiException(call, ERR_ARG, $"{errhandler} was not made for windows (MPI_Win_create_errhandler)");
        w.Errhandler = errhandler;
        return SUCCESS;
    }

    public static int Win_get_errhandler(Win win, out Errhandler errhandler)
    {
        const string call = "MPI_Win_get_errhandler";
        Ctx(call);
        errhandler = CheckWin(call, win).Errhandler;
        return SUCCESS;
    }

    /// <summary>MPI_Win_call_errhandler: what <paramref name="errorcode"/> raised on <paramref name="win"/> does (returns under MPI_ERRORS_RETURN).</summary>
    public static int Win_call_errhandler(Win win, int errorcode)
    {
        const string call = "MPI_Win_call_errhandler";
        Ctx(call);
        var w = CheckWin(call, win);
        if (!w.Errhandler.Returns) throw new MpiException(call, errorcode, "error raised by the program");
        InvokeWin(w, errorcode);
        return SUCCESS; // the handler was called and returned (MPI-4.0 9.3)
    }

    /// <summary>
    /// MPI_Win_create_errhandler: a handler that calls <paramref name="function"/> with the window and the error code;
    /// the failed call then returns the code (see <see cref="Try(Win?, Func{int})"/>).
    /// </summary>
    public static int Win_create_errhandler(WinErrhandlerFunction function, out Errhandler errhandler)
    {
        const string call = "MPI_Win_create_errhandler";
        Ctx(call);
        if (function is null) throw new MpiException(call, ERR_ARG, "the error handler function is NULL");
        errhandler = Errhandler.User(function);
        return SUCCESS;
    }

    /// <summary>Run the window's user handler function (if any) for <paramref name="errorcode"/>; the code the call returns.</summary>
    private static int InvokeWin(Win win, int errorcode)
    {
        if (win.Errhandler.WinFunction is not { } function) return errorcode;
        var handle = win;             // the C function gets the address of a copy of the handle
        function(ref handle, ref errorcode);
        return errorcode;
    }

    /// <summary>
    /// The return code of a call on <paramref name="win"/> as C sees it: the call's result, or, when it raises an MPI
    /// error and the window's handler returns, the error's class. An invalid window's errors go to MPI_COMM_WORLD's
    /// handler, as an invalid communicator's do.
    /// </summary>
    public static int Try(Win? win, Func<int> mpiCall)
    {
        if (win is null || win.IsNull) return Try((Comm?)null, mpiCall);
        try
        {
            return mpiCall();
        }
        catch (MpiException ex) when (ex is not MpiHandlerlessException && win.Errhandler.Returns)
        {
            return InvokeWin(win, ex.ErrorClass);
        }
    }
}
