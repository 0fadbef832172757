using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// MPI_Request_get_status (MPI-3.1 3.7.3), which looks at a request without completing it, and the calls that set a
/// status's fields (MPI-3.1 12.3: MPI_Status_set_elements, _x, MPI_Status_set_cancelled), which generalized requests
/// and layered libraries use to hand out a status of their own.
/// </summary>
public static partial class cMPI
{
    /// <summary>
    /// MPI_Request_get_status: flag 1 and the status when the request is complete, else flag 0; the request is not
    /// freed nor made inactive, so a later Wait or Test completes it and gives the same status (the data is
    /// delivered once, here or there: <see cref="Request.Finish"/>). REQUEST_NULL and an inactive persistent request
    /// give flag 1 and the empty status.
    /// </summary>
    public static int Request_get_status(Request request, out int flag, out Status status)
    {
        const string call = "MPI_Request_get_status";
        var r = request ?? REQUEST_NULL;
        if (!r.IsActive)
        {
            Ctx(call);
            flag = 1;
            status = EmptyStatus;
            return SUCCESS;
        }
        TestOnce(call, r, out flag, out status);
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Status_set_elements: the status says <paramref name="count"/> basic elements of
    /// <paramref name="datatype"/> arrived, so MPI_Get_elements with that datatype gives <paramref name="count"/> and
    /// MPI_Get_count the whole elements of it (MPI_UNDEFINED when the count ends inside one).
    /// </summary>
    public static int Status_set_elements(ref Status status, Datatype datatype, int count)
    {
        const string call = "MPI_Status_set_elements";
        status.ByteCount = checked((int)ElementBytes(call, datatype, count));
        return SUCCESS;
    }

    /// <summary>MPI_Status_set_elements_x: as <see cref="Status_set_elements"/> with an MPI_Count.</summary>
    public static int Status_set_elements_x(ref Status status, Datatype datatype, long count)
    {
        const string call = "MPI_Status_set_elements_x";
        long bytes = ElementBytes(call, datatype, count);
        if (bytes > int.MaxValue)
            throw new MpiException(call, ERR_COUNT, $"{count} elements of {datatype.Name} ({bytes} bytes) do not fit a status");
        status.ByteCount = (int)bytes;
        return SUCCESS;
    }

    /// <summary>MPI_Status_set_cancelled: what MPI_Test_cancelled then says of the status.</summary>
    public static int Status_set_cancelled(ref Status status, int flag)
    {
        status.Cancelled = flag != 0;
        return SUCCESS;
    }

    /// <summary>The bytes of <paramref name="count"/> basic elements of a datatype: whole copies, then the first basic elements of one more.</summary>
    private static long ElementBytes(string call, Datatype datatype, long count)
    {
        ArgumentNullException.ThrowIfNull(datatype);
        Buffers.CheckUsable(call, datatype);
        if (count < 0) throw new MpiException(call, ERR_COUNT, $"negative count {count}");
        if (datatype.Size == 0) return 0;
        if (datatype.IsPredefined) return count * datatype.Size;
        long perElement = datatype.Basics.Sum(r => r.Count);
        long bytes = count / perElement * datatype.Size;
        long rest = count % perElement;
        foreach (var run in datatype.Basics)
        {
            if (rest == 0) break;
            long take = Math.Min(run.Count, rest);
            bytes += take * run.Bytes;
            rest -= take;
        }
        return bytes;
    }
}
