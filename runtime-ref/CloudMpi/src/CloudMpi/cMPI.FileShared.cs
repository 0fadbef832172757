using System.Runtime.InteropServices;
using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// MPI-IO's shared file pointer (MPI-3.1 13.4.4): one pointer per file that every rank of its communicator moves.
/// It is a long in a window on rank 0 of the file's communicator, made by MPI_File_open (collective) and forgotten
/// by MPI_File_close; each access takes its place with an atomic fetch-and-add of the etypes it moves (the one-sided
/// MPI_Fetch_and_op the target's mailbox applies on arrival), so it works alike on every transport, and an
/// independent call (MPI_File_write_shared, read_shared, and their nonblocking forms) needs nothing from the others.
/// Concurrent independent accesses are serialised in the order their fetch-and-adds reach rank 0, which MPI leaves
/// unspecified. The collective forms (cMPI.FileOrdered.cs) take rank order.
/// </summary>
public static partial class cMPI
{
    public static int File_write_shared<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_write_shared", fh, null, buf, offset, count, datatype, write: true, out status, pointer: FilePointer.Shared);
    public static int File_write_shared<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_write_shared", fh, null, ref buf, count, datatype, write: true, out status, pointer: FilePointer.Shared);
    public static int File_read_shared<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_read_shared", fh, null, buf, offset, count, datatype, write: false, out status, pointer: FilePointer.Shared);
    public static int File_read_shared<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_read_shared", fh, null, ref buf, count, datatype, write: false, out status, pointer: FilePointer.Shared);

    /// <summary>The window of a new file's shared pointer, starting at <paramref name="start"/> (the file's end under MPI_MODE_APPEND).</summary>
    private static Win CreateSharedPointer(string call, Comm comm, int rank, long start)
    {
        var ctx = Ctx(call);
        long[] cell = [start];
        int count = rank == 0 ? 1 : 0;
        return CreateWindow(ctx, call, comm, new WindowMemory<long>(cell, 0, count), count * sizeof(long), sizeof(long));
    }

    /// <summary>After the closing barrier no rank targets the window any more: drop it.</summary>
    private static void ForgetSharedPointer(MpiFile file)
    {
        if (file.SharedPointer.IsNull) return;
        RankContext.Current.Windows.TryRemove(file.SharedPointer.Key, out _);
        file.SharedPointer = Win.Null;
    }

    /// <summary>Fetch the shared pointer and apply <paramref name="op"/> with <paramref name="operand"/> to it, atomically.</summary>
    private static long SharedPointerUpdate(string call, MpiFile file, long operand, Op op)
    {
        long[] origin = [operand];
        long[] old = [0];
        FetchCore(call, MemoryMarshal.AsBytes(origin.AsSpan()), MemoryMarshal.AsBytes(old.AsSpan()), 0, 0, 1, Datatype.MPI_LONG, op, file.SharedPointer);
        return old[0];
    }

    /// <summary>Take <paramref name="etypes"/> etypes at the shared pointer: where they start.</summary>
    private static long SharedPointerTake(string call, MpiFile file, long etypes) => SharedPointerUpdate(call, file, etypes, Op.MPI_SUM);

    private static long SharedPointerRead(string call, MpiFile file) => SharedPointerUpdate(call, file, 0, Op.MPI_NO_OP);

    /// <summary>
    /// MPI_File_set_view (collective) sets the shared pointer to zero: rank 0 does, and the others wait for it, so
    /// no rank's next shared access comes before the reset.
    /// </summary>
    private static void ResetSharedPointer(string call, MpiFile file)
    {
        if (file.Comm.RankIn(Ctx(call)) == 0) SharedPointerUpdate(call, file, 0, Op.MPI_REPLACE);
        Barrier(file.Comm);
    }

    /// <summary>An independent access at the shared pointer: this rank's etypes are taken first, then moved.</summary>
    private static int MoveShared(string call, MpiFile file, Span<byte> bytes, bool write)
    {
        long start = SharedPointerTake(call, file, WholeEtypes(call, file, bytes.Length));
        return Move(call, file, start, bytes, write);
    }
}
