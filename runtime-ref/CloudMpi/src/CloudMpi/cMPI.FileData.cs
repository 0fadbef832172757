using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// MPI-IO data access: read and write at the individual file pointer, at an explicit offset (_at), and their
/// collective forms (_all), each for a buffer (<c>a, i</c>) and a scalar (<c>ref x</c>). The memory side is a typed
/// buffer through <see cref="Buffers"/>, as for messages; the file side is the view's data bytes (<see cref="MpiFile.Pieces"/>).
/// The collective forms move the same data as the independent ones: every rank does its own positional I/O,
/// so no rank needs to wait for another (MPI-4.0 14.4.1 lets collective data access return before the others call).
/// The status counts the bytes moved, for MPI_Get_count and MPI_Get_elements.
/// </summary>
public static partial class cMPI
{
    public static int File_write<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_write", fh, null, buf, offset, count, datatype, write: true, out status);
    public static int File_write<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_write", fh, null, ref buf, count, datatype, write: true, out status);
    public static int File_write_all<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_write_all", fh, null, buf, offset, count, datatype, write: true, out status);
    public static int File_write_all<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_write_all", fh, null, ref buf, count, datatype, write: true, out status);
    public static int File_write_at<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_write_at", fh, at, buf, offset, count, datatype, write: true, out status);
    public static int File_write_at<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_write_at", fh, at, ref buf, count, datatype, write: true, out status);
    public static int File_write_at_all<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_write_at_all", fh, at, buf, offset, count, datatype, write: true, out status);
    public static int File_write_at_all<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_write_at_all", fh, at, ref buf, count, datatype, write: true, out status);

    public static int File_read<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_read", fh, null, buf, offset, count, datatype, write: false, out status);
    public static int File_read<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_read", fh, null, ref buf, count, datatype, write: false, out status);
    public static int File_read_all<T>(MpiFile fh, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_read_all", fh, null, buf, offset, count, datatype, write: false, out status);
    public static int File_read_all<T>(MpiFile fh, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_read_all", fh, null, ref buf, count, datatype, write: false, out status);
    public static int File_read_at<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_read_at", fh, at, buf, offset, count, datatype, write: false, out status);
    public static int File_read_at<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_read_at", fh, at, ref buf, count, datatype, write: false, out status);
    public static int File_read_at_all<T>(MpiFile fh, long at, T[] buf, int offset, int count, Datatype datatype, out Status status) where T : unmanaged =>
        Transfer("MPI_File_read_at_all", fh, at, buf, offset, count, datatype, write: false, out status);
    public static int File_read_at_all<T>(MpiFile fh, long at, ref T buf, int count, Datatype datatype, out Status status) where T : unmanaged =>
        TransferScalar("MPI_File_read_at_all", fh, at, ref buf, count, datatype, write: false, out status);

    /// <summary>Which file pointer an access without an explicit offset starts at.</summary>
    private enum FilePointer { Individual, Shared, Ordered }

    /// <summary>
    /// One data access: from etype <paramref name="at"/>, or else at <paramref name="pointer"/>: the individual
    /// pointer, the shared one (cMPI.FileShared.cs), or the shared one in rank order (cMPI.FileOrdered.cs).
    /// </summary>
    private static int Transfer<T>(string call, MpiFile fh, long? at, T[] buf, int offset, int count, Datatype datatype,
        bool write, out Status status, FilePointer pointer = FilePointer.Individual) where T : unmanaged
    {
        status = new Status(ANY_SOURCE, ANY_TAG, 0);
        try
        {
            var file = CheckAccess(call, fh, write);
            var data = Buffers.Data(call, buf, offset, count, datatype);
            int moved = MoveAt(call, file, at, pointer, data.Bytes, write);
            if (!write) data.Commit();
            status = new Status(ANY_SOURCE, ANY_TAG, moved);
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    private static int TransferScalar<T>(string call, MpiFile fh, long? at, ref T buf, int count, Datatype datatype,
        bool write, out Status status, FilePointer pointer = FilePointer.Individual) where T : unmanaged
    {
        status = new Status(ANY_SOURCE, ANY_TAG, 0);
        try
        {
            var file = CheckAccess(call, fh, write);
            var data = Buffers.DataScalar(call, ref buf, count, datatype);
            int moved = MoveAt(call, file, at, pointer, data.Bytes, write);
            if (!write) data.Commit();
            status = new Status(ANY_SOURCE, ANY_TAG, moved);
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    private static int MoveAt(string call, MpiFile file, long? at, FilePointer pointer, Span<byte> bytes, bool write) =>
        at is not null ? Move(call, file, at, bytes, write) : pointer switch
        {
            FilePointer.Shared => MoveShared(call, file, bytes, write),
            FilePointer.Ordered => MoveOrdered(call, file, bytes, write),
            _ => Move(call, file, null, bytes, write),
        };

    private static MpiFile CheckAccess(string call, MpiFile fh, bool write)
    {
        var file = CheckFile(call, fh);
        if (write && (file.Amode & MODE_RDONLY) != 0) throw new MpiException(call, ERR_READ_ONLY, "the file is open MPI_MODE_RDONLY");
        if (!write && (file.Amode & MODE_WRONLY) != 0) throw new MpiException(call, ERR_ACCESS, "the file is open MPI_MODE_WRONLY");
        return file;
    }

    /// <summary>
    /// Move <paramref name="bytes"/> between memory and the view, from etype <paramref name="at"/> or the individual
    /// pointer (which then advances by the etypes moved). A read stops at the end of the file: the bytes it got.
    /// </summary>
    private static int Move(string call, MpiFile file, long? at, Span<byte> bytes, bool write)
    {
        int etype = file.Etype.Size;
        WholeEtypes(call, file, bytes.Length);
        long start = at ?? file.Position;
        if (start < 0) throw new MpiException(call, ERR_ARG, $"negative offset {start}");
        int done = 0;
        try
        {
            foreach (var (fileOffset, length) in file.Pieces(start * etype, bytes.Length))
            {
                var part = bytes.Slice(done, length);
                if (write)
                {
                    RandomAccess.Write(file.Handle!, part, fileOffset);
                    done += length;
                    continue;
                }
                int got = ReadFully(file, part, fileOffset);
                done += got;
                if (got < length) break;
            }
        }
        catch (IOException e)
        {
            throw new MpiException(call, ERR_IO, e.Message);
        }
        if (at is null) file.Position += done / etype;
        return done;
    }

    /// <summary>How many etypes of the view <paramref name="bytes"/> bytes are (an error when not a whole number).</summary>
    private static long WholeEtypes(string call, MpiFile file, int bytes)
    {
        int etype = file.Etype.Size;
        if (bytes % etype != 0)
            throw new MpiException(call, ERR_TYPE, $"{bytes} bytes are not a whole number of etypes {file.Etype.Name} ({etype} bytes)");
        return bytes / etype;
    }

    private static int ReadFully(MpiFile file, Span<byte> part, long fileOffset)
    {
        int got = 0;
        while (got < part.Length)
        {
            int n = RandomAccess.Read(file.Handle!, part[got..], fileOffset + got);
            if (n == 0) break;
            got += n;
        }
        return got;
    }
}
