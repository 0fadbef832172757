using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// What a program asks of an open file besides its view and pointers (MPI-3.1 13.2.6-13.2.8, 13.4, 13.5.1): the
/// access mode it was opened with, its group, the byte a view offset lands on, an extent in the file's data
/// representation ("native" only: the memory extent), and hints, which cMPI takes and does not act on.
/// </summary>
public static partial class cMPI
{
    public static int File_get_amode(MpiFile fh, out int amode)
    {
        amode = 0;
        try
        {
            amode = CheckFile("MPI_File_get_amode", fh).Amode;
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    /// <summary>MPI_File_get_group: a new group (the program frees it) of the communicator the file was opened on.</summary>
    public static int File_get_group(MpiFile fh, out Group group)
    {
        group = Group.Null;
        try
        {
            return Comm_group(CheckFile("MPI_File_get_group", fh).Comm, out group);
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    /// <summary>
    /// MPI_File_get_byte_offset: the absolute byte of the file where view offset <paramref name="offset"/> (in etypes)
    /// lies: past the displacement, the filetype's holes skipped, tile after tile.
    /// </summary>
    public static int File_get_byte_offset(MpiFile fh, long offset, out long disp)
    {
        const string call = "MPI_File_get_byte_offset";
        disp = 0;
        try
        {
            var file = CheckFile(call, fh);
            if (offset < 0) throw new MpiException(call, ERR_ARG, $"negative offset {offset}");
            disp = file.Pieces(offset * file.Etype.Size, 1).First().FileOffset;
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    /// <summary>MPI_File_get_type_extent: the datatype's extent in the file; the only representation is "native", the memory's.</summary>
    public static int File_get_type_extent(MpiFile fh, Datatype datatype, out long extent)
    {
        const string call = "MPI_File_get_type_extent";
        extent = 0;
        try
        {
            CheckFile(call, fh);
            Buffers.CheckUsable(call, datatype);
            extent = datatype.Extent;
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }

    /// <summary>MPI_File_set_info: hints are taken and none acted on (every access is positional and unbuffered); MPI_File_get_info stays empty.</summary>
    public static int File_set_info(MpiFile fh, Info info)
    {
        const string call = "MPI_File_set_info";
        try
        {
            CheckFile(call, fh);
            if (info is null || info.Freed) throw new MpiException(call, ERR_INFO, "invalid info object");
            return SUCCESS;
        }
        catch (MpiException ex) { return FileError(fh, ex); }
    }
}
