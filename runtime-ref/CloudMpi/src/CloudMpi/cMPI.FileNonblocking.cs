using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// MPI-IO's nonblocking data access (MPI-3.1 13.4.2-13.4.4 and the MPI-3.1 nonblocking collectives MPI_File_iread_all,
/// iwrite_all, iread_at_all, iwrite_at_all): the access is done in the call, as its blocking form does it (positional,
/// unbuffered, cMPI.FileData.cs), and the request is already complete, its status counting the bytes moved. MPI lets
/// an implementation move the data at any time before the completion call, and a program may not touch the buffer in
/// between, so no program can tell. On an error the request is MPI_REQUEST_NULL.
/// </summary>
public static partial class cMPI
{
    public static int File_iwrite<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite", Transfer("MPI_File_iwrite", fh, null, buf, offset, count, datatype, write: true, out var s), s, out request);
    public static int File_iwrite<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite", TransferScalar("MPI_File_iwrite", fh, null, ref buf, count, datatype, write: true, out var s), s, out request);

    public static int File_iread<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread", Transfer("MPI_File_iread", fh, null, buf, offset, count, datatype, write: false, out var s), s, out request);
    public static int File_iread<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread", TransferScalar("MPI_File_iread", fh, null, ref buf, count, datatype, write: false, out var s), s, out request);

    public static int File_iwrite_at<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite_at", Transfer("MPI_File_iwrite_at", fh, at, buf, offset, count, datatype, write: true, out var s), s, out request);
    public static int File_iwrite_at<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite_at", TransferScalar("MPI_File_iwrite_at", fh, at, ref buf, count, datatype, write: true, out var s), s, out request);

    public static int File_iread_at<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread_at", Transfer("MPI_File_iread_at", fh, at, buf, offset, count, datatype, write: false, out var s), s, out request);
    public static int File_iread_at<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread_at", TransferScalar("MPI_File_iread_at", fh, at, ref buf, count, datatype, write: false, out var s), s, out request);

    public static int File_iwrite_all<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite_all", Transfer("MPI_File_iwrite_all", fh, null, buf, offset, count, datatype, write: true, out var s), s, out request);
    public static int File_iwrite_all<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite_all", TransferScalar("MPI_File_iwrite_all", fh, null, ref buf, count, datatype, write: true, out var s), s, out request);

    public static int File_iread_all<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread_all", Transfer("MPI_File_iread_all", fh, null, buf, offset, count, datatype, write: false, out var s), s, out request);
    public static int File_iread_all<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread_all", TransferScalar("MPI_File_iread_all", fh, null, ref buf, count, datatype, write: false, out var s), s, out request);

    public static int File_iwrite_at_all<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite_at_all", Transfer("MPI_File_iwrite_at_all", fh, at, buf, offset, count, datatype, write: true, out var s), s, out request);
    public static int File_iwrite_at_all<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite_at_all", TransferScalar("MPI_File_iwrite_at_all", fh, at, ref buf, count, datatype, write: true, out var s), s, out request);

    public static int File_iread_at_all<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread_at_all", Transfer("MPI_File_iread_at_all", fh, at, buf, offset, count, datatype, write: false, out var s), s, out request);
    public static int File_iread_at_all<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread_at_all", TransferScalar("MPI_File_iread_at_all", fh, at, ref buf, count, datatype, write: false, out var s), s, out request);

    public static int File_iwrite_shared<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite_shared", Transfer("MPI_File_iwrite_shared", fh, null, buf, offset, count, datatype, write: true, out var s, pointer: FilePointer.Shared), s, out request);
    public static int File_iwrite_shared<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iwrite_shared", TransferScalar("MPI_File_iwrite_shared", fh, null, ref buf, count, datatype, write: true, out var s, pointer: FilePointer.Shared), s, out request);

    public static int File_iread_shared<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread_shared", Transfer("MPI_File_iread_shared", fh, null, buf, offset, count, datatype, write: false, out var s, pointer: FilePointer.Shared), s, out request);
    public static int File_iread_shared<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Request request) where T : unmanaged =>
        Started("MPI_File_iread_shared", TransferScalar("MPI_File_iread_shared", fh, null, ref buf, count, datatype, write: false, out var s, pointer: FilePointer.Shared), s, out request);

    /// <summary>The request of an access done in its call: complete with its status, or REQUEST_NULL after an error.</summary>
    private static int Started(string call, int rc, Status status, out Request request)
    {
        request = rc == SUCCESS ? new Request.Completed(status, call) : Request.Null;
        return rc;
    }
}
