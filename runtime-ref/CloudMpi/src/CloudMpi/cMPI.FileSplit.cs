using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// MPI-IO split collectives (MPI-4.0 14.4.5), atomicity (14.6.1) and file error handlers (14.7). A _begin does
/// the whole data access at once, as the collective forms here do (cMPI.FileData.cs: every rank's own positional
/// I/O), and keeps the bytes moved on the file; the matching _end returns them in its status. MPI allows one
/// split collective outstanding on a file handle at a time: a second _begin, or an _end of another kind or with
/// nothing begun, is MPI_ERR_OTHER (erroneous in MPI; Open MPI 4.1 crashes on an _end without a _begin).
/// The _end's buffer is the _begin's (MPI requires it) and is not read: the rules pass it as `unread`.
/// </summary>
public static partial class cMPI
{
    public static int File_read_at_all_begin<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype) where T : unmanaged =>
        SplitBegin("MPI_File_read_at_all_begin", fh, (out Status s) => Transfer("MPI_File_read_at_all_begin", fh, at, buf, offset, count, datatype, write: false, out s));
    public static int File_read_at_all_begin<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype) where T : unmanaged
    {
        int rc = CheckSplitFree("MPI_File_read_at_all_begin", fh);
        if (rc != SUCCESS) return rc;
        rc = TransferScalar("MPI_File_read_at_all_begin", fh, at, ref buf, count, datatype, write: false, out var s);
        return SplitStarted("MPI_File_read_at_all_begin", fh, rc, s);
    }
    public static int File_read_at_all_end(MpiFile fh, object? buf, out Status status) =>
        SplitEnd("MPI_File_read_at_all_end", "MPI_File_read_at_all_begin", fh, out status);

    public static int File_write_at_all_begin<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype) where T : unmanaged =>
        SplitBegin("MPI_File_write_at_all_begin", fh, (out Status s) => Transfer("MPI_File_write_at_all_begin", fh, at, buf, offset, count, datatype, write: true, out s));
    public static int File_write_at_all_begin<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype) where T : unmanaged
    {
        int rc = CheckSplitFree("MPI_File_write_at_all_begin", fh);
        if (rc != SUCCESS) return rc;
        rc = TransferScalar("MPI_File_write_at_all_begin", fh, at, ref buf, count, datatype, write: true, out var s);
        return SplitStarted("MPI_File_write_at_all_begin", fh, rc, s);
    }
    public static int File_write_at_all_end(MpiFile fh, object? buf, out Status status) =>
        SplitEnd("MPI_File_write_at_all_end", "MPI_File_write_at_all_begin", fh, out status);

    public static int File_read_all_begin<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype) where T : unmanaged =>
        SplitBegin("MPI_File_read_all_begin", fh, (out Status s) => Transfer("MPI_File_read_all_begin", fh, null, buf, offset, count, datatype, write: false, out s));
    public static int File_read_all_begin<T>(MpiFile fh, ref T buf, int count, Datatype datatype) where T : unmanaged
    {
        int rc = CheckSplitFree("MPI_File_read_all_begin", fh);
        if (rc != SUCCESS) return rc;
        rc = TransferScalar("MPI_File_read_all_begin", fh, null, ref buf, count, datatype, write: false, out var s);
        return SplitStarted("MPI_File_read_all_begin", fh, rc, s);
    }
    public static int File_read_all_end(MpiFile fh, object? buf, out Status status) =>
        SplitEnd("MPI_File_read_all_end", "MPI_File_read_all_begin", fh, out status);

    public static int File_write_all_begin<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype) where T : unmanaged =>
        SplitBegin("MPI_File_write_all_begin", fh, (out Status s) => Transfer("MPI_File_write_all_begin", fh, null, buf, offset, count, datatype, write: true, out s));
    public static int File_write_all_begin<T>(MpiFile fh, ref T buf, int count, Datatype datatype) where T : unmanaged
    {
        int rc = CheckSplitFree("MPI_File_write_all_begin", fh);
        if (rc != SUCCESS) return rc;
        rc = TransferScalar("MPI_File_write_all_begin", fh, null, ref buf, count, datatype, write: true, out var s);
        return SplitStarted("MPI_File_write_all_begin", fh, rc, s);
    }
    public static int File_write_all_end(MpiFile fh, object? buf, out Status status) =>
        SplitEnd("MPI_File_write_all_end", "MPI_File_write_all_begin", fh, out status);

    private delegate int Access(out Status status);

    private static int SplitBegin(string call, MpiFile fh, Access access)
    {
        int rc = CheckSplitFree(call, fh);
        if (rc != SUCCESS) return rc;
        rc = access(out var status);
        return SplitStarted(call, fh, rc, status);
    }

    private static int CheckSplitFree(string call, MpiFile fh)
    {
        try
        {
            var file = CheckFile(call, fh);
            if (file.Split is { } open)
                throw new MpiException(call, ERR_OTHER, $"{open.Begin} on this file has not been ended (one split collective at a time)");
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    private static int SplitStarted(string call, MpiFile fh, int rc, Status status)
    {
        if (rc == SUCCESS) fh.Split = (call, status.ByteCount);
        return rc;
    }

    private static int SplitEnd(string call, string begin, MpiFile fh, out Status status)
    {
        status = new Status(ANY_SOURCE, ANY_TAG, 0);
        try
        {
            var file = CheckFile(call, fh);
            if (file.Split is not { } open)
                throw new MpiException(call, ERR_OTHER, $"no {begin} on this file to end");
            if (open.Begin != begin)
                throw new MpiException(call, ERR_OTHER, $"the split collective begun is {open.Begin}, not {begin}");
            file.Split = null;
            status = new Status(ANY_SOURCE, ANY_TAG, open.Moved);
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    // ------------------------------------------------------------------ atomicity

    /// <summary>MPI_File_set_atomicity, collective: kept for MPI_File_get_atomicity (see <see cref="MpiFile.Atomic"/>).</summary>
    public static int File_set_atomicity(MpiFile fh, int flag)
    {
        const string call = "MPI_File_set_atomicity";
        try
        {
            CheckFile(call, fh).Atomic = flag != 0;
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    public static int File_get_atomicity(MpiFile fh, out int flag)
    {
        flag = 0;
        try
        {
            flag = CheckFile("MPI_File_get_atomicity", fh).Atomic ? 1 : 0;
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    // ------------------------------------------------------------------ error handlers

    /// <summary>
    /// MPI_File_set_errhandler: a file's handler, or, on MPI_FILE_NULL, the handler of MPI_File_open and
    /// MPI_File_delete failures and of files opened later (MPI-4.0 14.7). MPI_ERRORS_RETURN by default.
    /// </summary>
    public static int File_set_errhandler(MpiFile fh, Errhandler errhandler)
    {
        const string call = "MPI_File_set_errhandler";
        var ctx = Ctx(call);
        if (errhandler is null || errhandler == Errhandler.Null)
            return FileError(fh, new MpiException(call, ERR_ARG, "invalid error handler (MPI_ERRHANDLER_NULL)"));
        if (!errhandler.FitsFile)
            return FileError(fh, new MpiException(call, ERR_ARG, $"{errhandler} was not made for files (MPI_File_create_errhandler)"));
        if (fh is null || fh.IsNull) ctx.FileErrhandler = errhandler;
        else fh.Errhandler = errhandler;
        return SUCCESS;
    }

    public static int File_get_errhandler(MpiFile fh, out Errhandler errhandler)
    {
        var ctx = Ctx("MPI_File_get_errhandler");
        errhandler = fh is null || fh.IsNull ? ctx.FileErrhandler : fh.Errhandler;
        return SUCCESS;
    }

    /// <summary>The handler a file opened now takes: MPI_FILE_NULL's.</summary>
    private static Errhandler DefaultFileErrhandler => RankContext.Current.FileErrhandler;

    /// <summary>
    /// What an error in a call on <paramref name="fh"/> does: under MPI_ERRORS_RETURN the call returns the error
    /// class; under MPI_ERRORS_ARE_FATAL the error propagates and ends the job, as for communicators.
    /// </summary>
    private static int FileError(MpiFile? fh, MpiException error)
    {
        var handler = fh is null || fh.IsNull ? RankContext.Current.FileErrhandler : fh.Errhandler;
        if (!handler.Returns || error is MpiHandlerlessException) throw error;
        return InvokeFile(handler, fh, error.ErrorClass);
    }

    /// <summary>Run a file handler's user function (if any) for <paramref name="errorcode"/>; the code the call returns.</summary>
    private static int InvokeFile(Errhandler handler, MpiFile? fh, int errorcode)
    {
        if (handler.FileFunction is not { } function) return errorcode;
        var handle = fh ?? FILE_NULL;  // the C function gets the address of a copy of the handle
        function(ref handle, ref errorcode);
        return errorcode;
    }

    /// <summary>
    /// MPI_File_create_errhandler: a handler that calls <paramref name="function"/> with the file and the error code;
    /// the failed call then returns the code.
    /// </summary>
    public static int File_create_errhandler(FileErrhandlerFunction function, out Errhandler errhandler)
    {
        const string call = "MPI_File_create_errhandler";
        Ctx(call);
        if (function is null) throw new MpiException(call, ERR_ARG, "the error handler function is NULL");
        errhandler = Errhandler.User(function);
        return SUCCESS;
    }

    /// <summary>
    /// MPI_File_call_errhandler: what <paramref name="errorcode"/> raised on <paramref name="fh"/> does; returns
    /// MPI_SUCCESS after a handler that returns. MPI_FILE_NULL is an invalid argument, reported on MPI_COMM_WORLD
    /// (Open MPI 4.1's answer, though MPI_FILE_NULL has a handler).
    /// </summary>
    public static int File_call_errhandler(MpiFile fh, int errorcode)
    {
        const string call = "MPI_File_call_errhandler";
        Ctx(call);
        if (fh is null || fh.IsNull) throw new MpiException(call, ERR_ARG, "invalid file (MPI_FILE_NULL)");
        var handler = fh.Errhandler;
        if (!handler.Returns) throw new MpiException(call, errorcode, "error raised by the program");
        InvokeFile(handler, fh, errorcode);
        return SUCCESS;
    }
}
