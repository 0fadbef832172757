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
        Ordered("MPI_File_write_ordered", fh, buf, offset, count, datatype, write: true, out status);

    public static int File_write_ordered<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        OrderedScalar("MPI_File_write_ordered", fh, ref buf, count, datatype, write: true, out status);

    public static int File_read_ordered<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Ordered("MPI_File_read_ordered", fh, buf, offset, count, datatype, write: false, out status);

    public static int File_read_ordered<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        OrderedScalar("MPI_File_read_ordered", fh, ref buf, count, datatype, write: false, out status);

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
        catch (MpiException ex) { return ex.ErrorClass; }
    }

    public static int File_get_position_shared(MpiFile fh, out long offset)
    {
        offset = 0;
        try
        {
            offset = CheckFile("MPI_File_get_position_shared", fh).SharedPosition;
            return SUCCESS;
        }
        catch (MpiException ex) { return ex.ErrorClass; }
    }

    private static int Ordered<T>(string call, MpiFile fh, T[] buf, int offset, int count, Datatype datatype, bool write,
        out Status status) where T : unmanaged
    {
        status = new Status(ANY_SOURCE, ANY_TAG, 0);
        try
        {
            var file = CheckAccess(call, fh, write);
            var data = Buffers.Data(call, buf, offset, count, datatype);
            int moved = MoveOrdered(call, file, data.Bytes, write);
            if (!write) data.Commit();
            status = new Status(ANY_SOURCE, ANY_TAG, moved);
            return SUCCESS;
        }
        catch (MpiException ex) { return ex.ErrorClass; }
    }

    private static int OrderedScalar<T>(string call, MpiFile fh, ref T buf, int count, Datatype datatype, bool write,
        out Status status) where T : unmanaged
    {
        status = new Status(ANY_SOURCE, ANY_TAG, 0);
        try
        {
            var file = CheckAccess(call, fh, write);
            var data = Buffers.DataScalar(call, ref buf, count, datatype);
            int moved = MoveOrdered(call, file, data.Bytes, write);
            if (!write) data.Commit();
            status = new Status(ANY_SOURCE, ANY_TAG, moved);
            return SUCCESS;
        }
        catch (MpiException ex) { return ex.ErrorClass; }
    }

    /// <summary>This rank's part at the shared pointer plus the etypes of the lower ranks; every rank then advances it by all of them.</summary>
    private static int MoveOrdered(string call, MpiFile file, Span<byte> bytes, bool write)
    {
        var ctx = Ctx(call);
        int etype = file.Etype.Size;
        if (bytes.Length % etype != 0)
            throw new MpiException(call, ERR_TYPE, $"{bytes.Length} bytes are not a whole number of etypes {file.Etype.Name} ({etype} bytes)");
        int size = file.Comm.SizeIn(ctx), rank = file.Comm.RankIn(ctx);
        long[] mine = [bytes.Length / etype];
        long[] all = new long[size];
        AllgatherCore(ctx, call, MemoryMarshal.AsBytes(mine.AsSpan()), MemoryMarshal.AsBytes(all.AsSpan()), 1, Datatype.MPI_LONG, null, null, file.Comm);
        long before = 0;
        for (int r = 0; r < rank; r++) before += all[r];
        int moved = Move(call, file, file.SharedPosition + before, bytes, write);
        file.SharedPosition += all.Sum();
        return moved;
    }
}
