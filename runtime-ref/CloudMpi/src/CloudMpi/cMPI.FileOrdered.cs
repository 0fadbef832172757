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
        Transfer("MPI_File_write_ordered", fh, null, buf, offset, count, datatype, write: true, out status, ordered: true);

    public static int File_write_ordered<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_write_ordered", fh, null, ref buf, count, datatype, write: true, out status, ordered: true);

    public static int File_read_ordered<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_read_ordered", fh, null, buf, offset, count, datatype, write: false, out status, ordered: true);

    public static int File_read_ordered<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_read_ordered", fh, null, ref buf, count, datatype, write: false, out status, ordered: true);

    /// <summary>MPI_File_seek_shared (collective: every rank passes the same offset and whence).</summary>
    public static int File_seek_shared(MpiFile fh, long offset, int whence)
    {
        const string call = "MPI_File_seek_shared";
        try
        {
            var file = CheckFile(call, fh);
            long target = SeekTarget(call, file, offset, whence, file.SharedPosition);
            Barrier(file.Comm); // collective, as MPI says: no rank moves on while another still uses the old pointer
            file.SharedPosition = target;
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    public static int File_get_position_shared(MpiFile fh, out long offset)
    {
        offset = 0;
        try
        {
            offset = CheckFile("MPI_File_get_position_shared", fh).SharedPosition;
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
        long before = 0;
        for (int r = 0; r < rank; r++) before += all[r];
        int moved = Move(call, file, file.SharedPosition + before, bytes, write);
        file.SharedPosition += all.Sum();
        return moved;
    }
}
