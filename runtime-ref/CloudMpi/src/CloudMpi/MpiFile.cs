using Microsoft.Win32.SafeHandles;
using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// An open file (MPI_File), this rank's handle. Every rank of the communicator opens the path itself with
/// positional, unbuffered reads and writes (<see cref="RandomAccess"/>), so what one rank wrote is in the file
/// system for the others as soon as the call returns (the file must be on a file system all ranks see: true for
/// inproc and tcp on one machine, not for azure workers). The view and the individual file pointer are per rank.
/// Named MpiFile, not File: a CloudMpi.File would hide System.IO.File in every CloudMpi.* namespace.
/// </summary>
public sealed class MpiFile
{
    internal Comm Comm { get; }
    internal string Path { get; }
    internal int Amode { get; }
    internal SafeFileHandle? Handle { get; private set; }
    internal bool IsNull { get; }

    /// <summary>The view (MPI-4.0 14.3): file bytes start at <see cref="Disp"/>, then <see cref="Filetype"/> tiled.</summary>
    internal long Disp { get; private set; }
    internal Datatype Etype { get; private set; } = Datatype.MPI_BYTE;
    internal Datatype Filetype { get; private set; } = Datatype.MPI_BYTE;
    /// <summary>The individual file pointer, in etypes of the view.</summary>
    internal long Position { get; set; }
    /// <summary>
    /// The window that holds the shared file pointer (in etypes of the view): one long on rank 0 of
    /// <see cref="Comm"/>, which every rank moves with an atomic fetch-and-add (cMPI.FileShared.cs).
    /// </summary>
    internal Win SharedPointer { get; set; } = Win.Null;

    /// <summary>What an error on this file does (MPI_File_set_errhandler); a new file takes MPI_FILE_NULL's.</summary>
    internal Errhandler Errhandler { get; set; } = Errhandler.Return;

    /// <summary>MPI_File_set_atomicity's flag. Every access is already positional and unbuffered, so what one
    /// rank wrote is visible to the others when its call returns, atomic or not: the flag is only kept.</summary>
    internal bool Atomic { get; set; }

    /// <summary>
    /// The split collective begun on this file and not yet ended (MPI-4.0 14.4.5: at most one a file handle):
    /// the call that began it and the bytes it moved, which the matching _end reports in its status.
    /// </summary>
    internal (string Begin, int Moved)? Split { get; set; }

    internal MpiFile(Comm comm, string path, int amode, SafeFileHandle handle)
    {
        Comm = comm;
        Path = path;
        Amode = amode;
        Handle = handle;
    }

    private MpiFile()
    {
        Comm = Comm.Null;
        Path = "";
        IsNull = true;
    }

    internal static readonly MpiFile Null = new();

    internal void SetView(long disp, Datatype etype, Datatype filetype)
    {
        Disp = disp;
        Etype = etype;
        Filetype = filetype;
        Position = 0;
    }

    internal void Release()
    {
        Handle?.Dispose();
        Handle = null;
    }

    /// <summary>
    /// The file byte ranges that hold view bytes [<paramref name="viewByte"/>, + <paramref name="length"/>): the
    /// filetype's data blocks, tile after tile (tile k at Disp + k * extent), skipping its holes.
    /// </summary>
    internal IEnumerable<(long FileOffset, int Length)> Pieces(long viewByte, long length)
    {
        var blocks = Filetype.Map.Blocks;
        long tileSize = Filetype.Size;
        long tile = viewByte / tileSize, into = viewByte % tileSize;
        while (length > 0)
        {
            long tileAt = Disp + tile * Filetype.Extent;
            foreach (var b in blocks)
            {
                if (length == 0) break;
                if (into >= b.Bytes) { into -= b.Bytes; continue; }
                int n = (int)Math.Min(b.Bytes - into, length);
                yield return (tileAt + b.Disp + into, n);
                length -= n;
                into = 0;
            }
            tile++;
        }
    }

    /// <summary>How many view bytes lie before file byte <paramref name="fileSize"/> (for MPI_SEEK_END).</summary>
    internal long ViewBytesBefore(long fileSize)
    {
        if (fileSize <= Disp) return 0;
        long tiles = (fileSize - Disp) / Filetype.Extent;
        long bytes = tiles * Filetype.Size;
        long tileAt = Disp + tiles * Filetype.Extent;
        foreach (var b in Filetype.Map.Blocks)
            bytes += Math.Clamp(fileSize - (tileAt + b.Disp), 0, b.Bytes);
        return bytes;
    }

    public override string ToString() => IsNull ? "MPI_FILE_NULL" : $"MPI_File({Path})";
}
