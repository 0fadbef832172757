using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// Persistent requests (MPI-3.1 3.9): Send_init / Ssend_init / Bsend_init / Rsend_init / Recv_init make an
/// inactive request holding the arguments; Start / Startall begin one operation; Wait / Test complete it and leave
/// the request inactive (not REQUEST_NULL) for the next Start. Buffers are arrays, since they outlive the call.
/// </summary>
public static partial class cMPI
{
    public static int Send_init<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged =>
        SendInit("MPI_Send_init", buf, offset, count, datatype, dest, tag, comm, out request,
            () => { Isend(buf, offset, count, datatype, dest, tag, comm, out var r); return r; });

    public static int Ssend_init<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged =>
        SendInit("MPI_Ssend_init", buf, offset, count, datatype, dest, tag, comm, out request,
            () => { Issend(buf, offset, count, datatype, dest, tag, comm, out var r); return r; });

    public static int Bsend_init<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged =>
        SendInit("MPI_Bsend_init", buf, offset, count, datatype, dest, tag, comm, out request,
            () => { Ibsend(buf, offset, count, datatype, dest, tag, comm, out var r); return r; });

    public static int Rsend_init<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged =>
        SendInit("MPI_Rsend_init", buf, offset, count, datatype, dest, tag, comm, out request,
            () => { Irsend(buf, offset, count, datatype, dest, tag, comm, out var r); return r; });

    public static int Recv_init<T>(T[] buf, int offset, int count, Datatype datatype, int source, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Recv_init";
        var ctx = Ctx(call);
        CheckRecv(call, ctx, comm, source, tag);
        Core.Buffers.PeerData(call, buf, offset, count, datatype, source);  // checks the arguments (any layout: Isend/Irecv pack at Start)
        request = new Request.Persistent(
            () => { Irecv(buf, offset, count, datatype, source, tag, comm, out var r); return r; },
            $"MPI_Recv_init source={source}, tag={tag}, comm={comm.Name}");
        return SUCCESS;
    }

    private static int SendInit<T>(string call, T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm,
        out Request request, Func<Request> start) where T : unmanaged
    {
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        Core.Buffers.PeerData(call, buf, offset, count, datatype, dest);  // checks the arguments (any layout: Isend/Irecv pack at Start)
        request = new Request.Persistent(start, $"{call} dest={dest}, tag={tag}, comm={comm.Name}");
        return SUCCESS;
    }

    /// <summary>MPI_Start: begin the operation of an inactive persistent request.</summary>
    public static int Start(ref Request request)
    {
        const string call = "MPI_Start";
        Ctx(call);
        StartOne(call, request, -1);
        return SUCCESS;
    }

    public static int Startall(int count, Request[] requests)
    {
        const string call = "MPI_Startall";
        Ctx(call);
        if (count < 0 || requests == null || count > requests.Length)
            throw new MpiException(call, ERR_COUNT, $"count {count} does not fit the request array ({requests?.Length ?? 0})");
        for (int i = 0; i < count; i++) StartOne(call, requests[i], i);
        return SUCCESS;
    }

    private static void StartOne(string call, Request? request, int index)
    {
        string which = index >= 0 ? $"request {index}" : "the request";
        if (request is not Request.Persistent p)
            throw new MpiException(call, ERR_REQUEST, $"{which} is not a persistent request");
        if (p.IsActive) throw new MpiException(call, ERR_REQUEST, $"{which} is already active");
        p.Begin();
    }
}
