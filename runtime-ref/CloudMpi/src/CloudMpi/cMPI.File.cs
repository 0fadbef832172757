using Microsoft.Win32.SafeHandles;
using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// MPI-IO (MPI-4.0 chapter 14), the subset legacy codes use for checkpoints and results: open/close/delete,
/// sizes, views whose filetype is the etype, contiguous, or a typemap with holes (vector, subarray), individual
/// file pointers, explicit offsets, and their collective (_all) forms. Each rank reads and writes the shared
/// path itself (<see cref="MpiFile"/>). Errors on files go to the file's error handler, which MPI makes
/// MPI_ERRORS_RETURN by default (14.7): every call here returns the error class instead of ending the job.
/// </summary>
public static partial class cMPI
{
    // Open MPI's amode bits, whence values and file error classes (its mpi.h).
    public const int MODE_CREATE = 1;
    public const int MODE_RDONLY = 2;
    public const int MODE_WRONLY = 4;
    public const int MODE_RDWR = 8;
    public const int MODE_DELETE_ON_CLOSE = 16;
    public const int MODE_UNIQUE_OPEN = 32;
    public const int MODE_EXCL = 64;
    public const int MODE_APPEND = 128;
    public const int MODE_SEQUENTIAL = 256;
    public const int SEEK_SET = 600;
    public const int SEEK_CUR = 602;
    public const int SEEK_END = 604;
    public const int ERR_ACCESS = 20;
    public const int ERR_AMODE = 21;
    public const int ERR_BAD_FILE = 23;
    public const int ERR_FILE_EXISTS = 28;
    public const int ERR_FILE_IN_USE = 29;
    public const int ERR_FILE = 30;
    public const int ERR_IO = 35;
    public const int ERR_NO_SPACE = 41;
    public const int ERR_NO_SUCH_FILE = 42;
    public const int ERR_READ_ONLY = 45;
    public const int ERR_UNSUPPORTED_DATAREP = 51;
    public const int ERR_UNSUPPORTED_OPERATION = 52;

    public static readonly MpiFile FILE_NULL = MpiFile.Null;

    // ------------------------------------------------------------------ open, close, delete

    /// <summary>
    /// MPI_File_open, collective: rank 0 of <paramref name="comm"/> creates the file (CREATE, EXCL) before the
    /// others open it, and every rank returns the same result (an error anywhere is the error everywhere).
    /// </summary>
    public static int File_open(Comm comm, string filename, int amode, Info info, out MpiFile fh)
    {
        const string call = "MPI_File_open";
        fh = FILE_NULL;
        try
        {
            Ctx(call);
            CheckComm(call, comm);
            CheckAmode(call, amode);
            Comm_rank(comm, out int rank);
            SafeFileHandle? handle = null;
            int mine = rank == 0 ? OpenHandle(filename, amode, creating: true, out handle) : SUCCESS;
            int first = AgreeOnError(comm, mine);
            if (first == SUCCESS && rank != 0) mine = OpenHandle(filename, amode, creating: false, out handle);
            int all = first != SUCCESS ? first : AgreeOnError(comm, mine);
            if (all != SUCCESS)
            {
                handle?.Dispose();
                return FileError(fh, new MpiException(call, all, $"cannot open \"{filename}\""));
            }
            var file = new MpiFile(comm, filename, amode, handle!) { Errhandler = DefaultFileErrhandler };
            long length = (amode & MODE_APPEND) != 0 ? RandomAccess.GetLength(handle!) : 0;
            file.Position = length;
            file.SharedPointer = CreateSharedPointer(call, comm, rank, length);
            fh = file;
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    public static int File_open(Comm comm, sbyte[] filename, int amode, Info info, out MpiFile fh) =>
        File_open(comm, CString(filename), amode, info, out fh);

    /// <summary>MPI_File_close, collective: the ranks close, then meet, so a later open sees every write.</summary>
    public static int File_close(ref MpiFile fh)
    {
        const string call = "MPI_File_close";
        try
        {
            var file = CheckFile(call, fh);
            file.Release();
            Barrier(file.Comm);
            ForgetSharedPointer(file);
            Comm_rank(file.Comm, out int rank);
            fh = FILE_NULL;
            if ((file.Amode & MODE_DELETE_ON_CLOSE) != 0 && rank == 0)
                return Guarded(() => System.IO.File.Delete(file.Path));
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    /// <summary>MPI_File_delete (not collective); a missing file is MPI_ERR_NO_SUCH_FILE.</summary>
    public static int File_delete(string filename, Info info)
    {
        try
        {
            Ctx("MPI_File_delete");
            if (!System.IO.File.Exists(filename)) return ERR_NO_SUCH_FILE;
            return Guarded(() => System.IO.File.Delete(filename));
        }
        catch (MpiException ex) { return FileError(FILE_NULL, ex); }
    }

    public static int File_delete(sbyte[] filename, Info info) => File_delete(CString(filename), info);

    // ------------------------------------------------------------------ size, sync

    /// <summary>MPI_File_set_size, collective: rank 0 truncates or extends, then the ranks meet.</summary>
    public static int File_set_size(MpiFile fh, long size)
    {
        const string call = "MPI_File_set_size";
        try
        {
            var file = CheckFile(call, fh);
            if (size < 0) throw new MpiException(call, ERR_ARG, $"negative size {size}");
            if ((file.Amode & MODE_RDONLY) != 0) throw new MpiException(call, ERR_READ_ONLY, "the file is open MPI_MODE_RDONLY");
            Comm_rank(file.Comm, out int rank);
            int mine = rank == 0 ? Guarded(() => RandomAccess.SetLength(file.Handle!, size)) : SUCCESS;
            return AgreeOnError(file.Comm, mine);
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    /// <summary>MPI_File_preallocate, collective: the file is at least <paramref name="size"/> bytes (rank 0 extends
    /// it, never shortens it), then the ranks meet.</summary>
    public static int File_preallocate(MpiFile fh, long size)
    {
        const string call = "MPI_File_preallocate";
        try
        {
            var file = CheckFile(call, fh);
            if (size < 0) throw new MpiException(call, ERR_ARG, $"negative size {size}");
            if ((file.Amode & MODE_RDONLY) != 0) throw new MpiException(call, ERR_READ_ONLY, "the file is open MPI_MODE_RDONLY");
            Comm_rank(file.Comm, out int rank);
            int mine = rank == 0
                ? Guarded(() => { if (RandomAccess.GetLength(file.Handle!) < size) RandomAccess.SetLength(file.Handle!, size); })
                : SUCCESS;
            return AgreeOnError(file.Comm, mine);
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    /// <summary>MPI_File_get_info: a new info object of the hints in use; this runtime takes no hints (every access
    /// is positional and unbuffered), so it is empty. The caller frees it.</summary>
    public static int File_get_info(MpiFile fh, out Info info_used)
    {
        info_used = Info.Null;
        try
        {
            CheckFile("MPI_File_get_info", fh);
            return Info_create(out info_used);
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    public static int File_get_size(MpiFile fh, out long size)
    {
        size = 0;
        try
        {
            var file = CheckFile("MPI_File_get_size", fh);
            size = RandomAccess.GetLength(file.Handle!);
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
        catch (IOException) { return ERR_IO; }
    }

    /// <summary>MPI_File_sync: this rank's writes reach the storage device (they are already visible to the others).</summary>
    public static int File_sync(MpiFile fh)
    {
        try
        {
            var file = CheckFile("MPI_File_sync", fh);
            return Guarded(() => RandomAccess.FlushToDisk(file.Handle!));
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    // ------------------------------------------------------------------ views and the file pointer

    /// <summary>
    /// MPI_File_set_view: data starts at byte <paramref name="disp"/> and follows <paramref name="filetype"/>'s
    /// typemap tiled at its extent; positions count <paramref name="etype"/>s. Only the "native" representation.
    /// </summary>
    public static int File_set_view(MpiFile fh, long disp, Datatype etype, Datatype filetype, string datarep, Info info)
    {
        const string call = "MPI_File_set_view";
        try
        {
            var file = CheckFile(call, fh);
            if (disp < 0) throw new MpiException(call, ERR_ARG, $"negative displacement {disp}");
            Buffers.CheckUsable(call, etype);
            Buffers.CheckUsable(call, filetype);
            if (!string.Equals(datarep, "native", StringComparison.Ordinal))
                throw new MpiException(call, ERR_UNSUPPORTED_DATAREP, $"data representation \"{datarep}\" (only \"native\" is supported)");
            if (etype.Size == 0 || filetype.Size % etype.Size != 0)
                throw new MpiException(call, ERR_TYPE, $"the filetype {filetype.Name} ({filetype.Size} bytes) is not a whole number of etypes {etype.Name} ({etype.Size} bytes)");
            CheckFiletypeLayout(call, filetype);
            file.SetView(disp, etype, filetype);
            ResetSharedPointer(call, file);
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    public static int File_set_view(MpiFile fh, long disp, Datatype etype, Datatype filetype, sbyte[] datarep, Info info) =>
        File_set_view(fh, disp, etype, filetype, CString(datarep), info);

    /// <summary>MPI_File_get_view: the view's handles themselves (not duplicates: do not free them).</summary>
    public static int File_get_view(MpiFile fh, out long disp, out Datatype etype, out Datatype filetype, sbyte[] datarep, int offset)
    {
        const string call = "MPI_File_get_view";
        disp = 0;
        etype = filetype = Datatype.MPI_DATATYPE_NULL;
        try
        {
            var file = CheckFile(call, fh);
            const string native = "native";
            if (datarep == null || offset < 0 || datarep.Length - offset < native.Length + 1)
                throw new MpiException(call, ERR_ARG, "the datarep buffer cannot hold \"native\"");
            for (int i = 0; i < native.Length; i++) datarep[offset + i] = (sbyte)native[i];
            datarep[offset + native.Length] = 0;
            (disp, etype, filetype) = (file.Disp, file.Etype, file.Filetype);
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    /// <summary>MPI_File_seek: the individual pointer, in etypes; SEEK_END counts from the view's last byte in the file.</summary>
    public static int File_seek(MpiFile fh, long offset, int whence)
    {
        const string call = "MPI_File_seek";
        try
        {
            var file = CheckFile(call, fh);
            file.Position = SeekTarget(call, file, offset, whence, file.Position);
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    public static int File_get_position(MpiFile fh, out long offset)
    {
        offset = 0;
        try
        {
            offset = CheckFile("MPI_File_get_position", fh).Position;
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    // ------------------------------------------------------------------ helpers

    /// <summary>
    /// Where a seek of <paramref name="offset"/> etypes from <paramref name="whence"/> lands (<paramref name="current"/>: the
    /// pointer being moved); SEEK_END counts from the view's last byte in the file.
    /// </summary>
    private static long SeekTarget(string call, MpiFile file, long offset, int whence, long current)
    {
        long from = whence switch
        {
            SEEK_SET => 0,
            SEEK_CUR => current,
            SEEK_END => file.ViewBytesBefore(RandomAccess.GetLength(file.Handle!)) / file.Etype.Size,
            _ => throw new MpiException(call, ERR_ARG, $"whence {whence} is not MPI_SEEK_SET, MPI_SEEK_CUR or MPI_SEEK_END"),
        };
        if (from + offset < 0) throw new MpiException(call, ERR_ARG, $"seeking to a negative position ({from + offset})");
        return from + offset;
    }

    private static MpiFile CheckFile(string call, MpiFile fh)
    {
        Ctx(call);
        if (fh is null || fh.IsNull || fh.Handle is null)
            throw new MpiException(call, ERR_FILE, "invalid file handle (MPI_FILE_NULL or closed)");
        return fh;
    }

    /// <summary>MPI-4.0 14.2.1: exactly one of RDONLY, WRONLY, RDWR; no CREATE or EXCL with RDONLY; no SEQUENTIAL with RDWR.</summary>
    private static void CheckAmode(string call, int amode)
    {
        int access = amode & (MODE_RDONLY | MODE_WRONLY | MODE_RDWR);
        string? wrong =
            access is not (MODE_RDONLY or MODE_WRONLY or MODE_RDWR) ? "needs exactly one of MPI_MODE_RDONLY, MPI_MODE_WRONLY, MPI_MODE_RDWR"
            : access == MODE_RDONLY && (amode & (MODE_CREATE | MODE_EXCL)) != 0 ? "MPI_MODE_RDONLY with MPI_MODE_CREATE or MPI_MODE_EXCL"
            : access == MODE_RDWR && (amode & MODE_SEQUENTIAL) != 0 ? "MPI_MODE_RDWR with MPI_MODE_SEQUENTIAL"
            : (amode & ~511) != 0 ? "unknown bits" : null;
        if (wrong != null) throw new MpiException(call, ERR_AMODE, $"amode {amode}: {wrong}");
    }

    /// <summary>Open this rank's handle; <paramref name="creating"/> (rank 0) applies CREATE and EXCL, the others open what exists.</summary>
    private static int OpenHandle(string path, int amode, bool creating, out SafeFileHandle? handle)
    {
        handle = null;
        var mode = !creating ? FileMode.Open
            : (amode & MODE_CREATE) != 0 && (amode & MODE_EXCL) != 0 ? FileMode.CreateNew
            : (amode & MODE_CREATE) != 0 ? FileMode.OpenOrCreate
            : FileMode.Open;
        if ((amode & MODE_EXCL) != 0 && creating && System.IO.File.Exists(path)) return ERR_FILE_EXISTS;
        var access = (amode & MODE_RDONLY) != 0 ? FileAccess.Read : (amode & MODE_WRONLY) != 0 ? FileAccess.Write : FileAccess.ReadWrite;
        try
        {
            handle = System.IO.File.OpenHandle(path, mode, access, FileShare.ReadWrite | FileShare.Delete);
            return SUCCESS;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return IoErrorClass(e, path);
        }
    }

    private static int IoErrorClass(Exception e, string path) => e switch
    {
        FileNotFoundException or DirectoryNotFoundException => ERR_NO_SUCH_FILE,
        UnauthorizedAccessException => ERR_ACCESS,
        PathTooLongException => ERR_BAD_FILE,
        IOException when System.IO.File.Exists(path) && e.HResult == unchecked((int)0x80070050) => ERR_FILE_EXISTS,
        _ => ERR_IO,
    };

    /// <summary>Run a file-system action; an I/O failure is its MPI error class.</summary>
    private static int Guarded(Action action)
    {
        try
        {
            action();
            return SUCCESS;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return e is UnauthorizedAccessException ? ERR_ACCESS : e is FileNotFoundException ? ERR_NO_SUCH_FILE : ERR_IO;
        }
    }

    /// <summary>The ranks meet and agree: SUCCESS if every rank succeeded, else the largest error class.</summary>
    private static int AgreeOnError(Comm comm, int mine)
    {
        int all = SUCCESS;
        Allreduce(ref mine, ref all, 1, Datatype.MPI_INT, Op.MPI_MAX, comm);
        return all;
    }

    /// <summary>
    /// A filetype's data must lie in nondecreasing file order and not overlap the next tile (MPI-4.0 14.3: monotonically
    /// nondecreasing, nonnegative displacements); anything else is refused rather than read or written out of order.
    /// </summary>
    private static void CheckFiletypeLayout(string call, Datatype filetype)
    {
        var blocks = filetype.Map.Blocks;
        for (int i = 0; i < blocks.Length; i++)
        {
            bool ordered = blocks[i].Disp >= 0 && (i == 0 || blocks[i].Disp >= blocks[i - 1].Disp + blocks[i - 1].Bytes);
            if (!ordered)
                throw new MpiException(call, ERR_TYPE, $"filetype {filetype.Name}: its data is not in nondecreasing, nonnegative file order");
        }
        if (blocks.Length > 0 && filetype.Map.TrueUb > filetype.Extent + blocks[0].Disp)
            throw new MpiException(call, ERR_TYPE, $"filetype {filetype.Name}: its extent {filetype.Extent} is shorter than its data, so tiles would overlap (resize it)");
    }
}
