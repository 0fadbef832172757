using System.Runtime.InteropServices;
using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// MPI-IO's shared file pointer through its collective calls: MPI_File_write_ordered / read_ordered (each rank's
/// data in rank order from the shared pointer, which then moves past all of it), MPI_File_seek_shared and
/// MPI_File_get_position_shared. Every rank learns every rank's count (an allgather on the file's communicator), so
/// each computes the same new shared pointer and keeps it in its own handle; the independent shared-pointer calls
/// (MPI_File_write_shared, read_shared) would need a pointer all ranks update one at a time and are not mapped.
/// </summary>
public static partial class cMPI
{
    public static int File_write_ordered<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_write_ordered", fh, null, buf, offset, count, datatype, write: true, out status, pointer: FilePointer.Ordered);

    public static int File_write_ordered<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_write_ordered", fh, null, ref buf, count, datatype, write: true, out status, pointer: FilePointer.Ordered);

    public static int File_read_ordered<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_read_ordered", fh, null, buf, offset, count, datatype, write: false, out status, pointer: FilePointer.Ordered);

    public static int File_read_ordered<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_read_ordered", fh, null, ref buf, count, datatype, write: false, out status, pointer: FilePointer.Ordered);

    public static int File_write_ordered_begin<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype) where T : unmanaged =>
        SplitBegin("MPI_File_write_ordered_begin", fh, (out Status s) => Transfer("MPI_File_write_ordered_begin", fh, null, buf, offset, count, datatype, write: true, out s, pointer: FilePointer.Ordered));
    public static int File_write_ordered_begin<T>(MpiFile fh, ref T buf, int count, Datatype datatype) where T : unmanaged
    {
        int rc = CheckSplitFree("MPI_File_write_ordered_begin", fh);
        if (rc != SUCCESS) return rc;
        rc = TransferScalar("MPI_File_write_ordered_begin", fh, null, ref buf, count, datatype, write: true, out var s, pointer: FilePointer.Ordered);
        return SplitStarted("MPI_File_write_ordered_begin", fh, rc, s);
    }
    public static int File_write_ordered_end(MpiFile fh, object? buf, out Status status) =>
        SplitEnd("MPI_File_write_ordered_end", "MPI_File_write_ordered_begin", fh, out status);

    public static int File_read_ordered_begin<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype) where T : unmanaged =>
        SplitBegin("MPI_File_read_ordered_begin", fh, (out Status s) => Transfer("MPI_File_read_ordered_begin", fh, null, buf, offset, count, datatype, write: false, out s, pointer: FilePointer.Ordered));
    public static int File_read_ordered_begin<T>(MpiFile fh, ref T buf, int count, Datatype datatype) where T : unmanaged
    {
        int rc = CheckSplitFree("MPI_File_read_ordered_begin", fh);
        if (rc != SUCCESS) return rc;
        rc = TransferScalar("MPI_File_read_ordered_begin", fh, null, ref buf, count, datatype, write: false, out var s, pointer: FilePointer.Ordered);
        return SplitStarted("MPI_File_read_ordered_begin", fh, rc, s);
    }
    public static int File_read_ordered_end(MpiFile fh, object? buf, out Status status) =>
        SplitEnd("MPI_File_read_ordered_end", "MPI_File_read_ordered_begin", fh, out status);

    /// <summary>
    /// MPI_File_seek_shared (collective: every rank passes the same offset and whence). The ranks meet first, so
    /// every earlier shared access is done; rank 0 reads the pointer and sends it to all (each checks the target
    /// alike), sets it, and the ranks meet again before any of them uses it.
    /// </summary>
    public static int File_seek_shared(MpiFile fh, long offset, int whence)
    {
        const string call = "MPI_File_seek_shared";
        try
        {
            var file = CheckFile(call, fh);
            var ctx = Ctx(call);
            bool root = file.Comm.RankIn(ctx) == 0;
            Barrier(file.Comm);
            long[] current = [root ? SharedPointerRead(call, file) : 0];
            BcastCore(ctx, call, MemoryMarshal.AsBytes(current.AsSpan()), 0, file.Comm);
            long target = SeekTarget(call, file, offset, whence, current[0]);
            if (root) SharedPointerUpdate(call, file, target, Op.MPI_REPLACE);
            Barrier(file.Comm);
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    public static int File_get_position_shared(MpiFile fh, out long offset)
    {
        const string call = "MPI_File_get_position_shared";
        offset = 0;
        try
        {
            offset = SharedPointerRead(call, CheckFile(call, fh));
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    /// <summary>This rank's part at the shared pointer plus the etypes of the lower ranks; every rank then advances it by all of them.</summary>
    private static int MoveOrdered(string call, MpiFile file, Span<byte> bytes, bool write)
    {
        var ctx = Ctx(call);
        int size = file.Comm.SizeIn(ctx), rank = file.Comm.RankIn(ctx);
        long[] mine = [WholeEtypes(call, file, bytes.Length)];
        long[] all = new long[size];
        AllgatherCore(ctx, call, MemoryMarshal.AsBytes(mine.AsSpan()), MemoryMarshal.AsBytes(all.AsSpan()), 1, Datatype.MPI_LONG, null, null, file.Comm);
        long[] start = [rank == 0 ? SharedPointerTake(call, file, all.Sum()) : 0];
        BcastCore(ctx, call, MemoryMarshal.AsBytes(start.AsSpan()), 0, file.Comm);
        long before = 0;
        for (int r = 0; r < rank; r++) before += all[r];
        return Move(call, file, start[0] + before, bytes, write);
    }
}
