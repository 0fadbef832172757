using CloudMpi.Core;

namespace CloudMpi;

/// <summary>Point-to-point calls beyond the basic ones: Sendrecv_replace, buffered and ready sends, persistent requests...</summary>
public static partial class cMPI
{
    // ------------------------------------------------------------------ Sendrecv_replace

    /// <summary>
    /// MPI_Sendrecv_replace: send the buffer, then receive into the same buffer. Sends are eager (the data is
    /// copied into the message before the receive starts), so one buffer serves both without a temporary.
    /// </summary>
    public static int Sendrecv_replace<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int sendtag,
        int source, int recvtag, Comm comm, out Status status) where T : unmanaged
    {
        const string call = "MPI_Sendrecv_replace";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, sendtag);
        CheckRecv(call, ctx, comm, source, recvtag);
        var span = Buffers.Array(call, buf, offset, count, datatype);
        SendCore(ctx, call, span, dest, sendtag, comm, sync: false);
        ctx.Wait.Set(call, comm, "source", source, true, recvtag);
        ctx.Wait.Detail = $"dest={dest}, sendtag={sendtag}";
        status = RecvCore(ctx, call, span, source, recvtag, comm, comm.P2PContext);
        return SUCCESS;
    }

    public static int Sendrecv_replace<T>(ref T buf, int count, Datatype datatype, int dest, int sendtag,
        int source, int recvtag, Comm comm, out Status status) where T : unmanaged
    {
        const string call = "MPI_Sendrecv_replace";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, sendtag);
        CheckRecv(call, ctx, comm, source, recvtag);
        var span = Buffers.Scalar(call, ref buf, count, datatype);
        SendCore(ctx, call, span, dest, sendtag, comm, sync: false);
        ctx.Wait.Set(call, comm, "source", source, true, recvtag);
        ctx.Wait.Detail = $"dest={dest}, sendtag={sendtag}";
        status = RecvCore(ctx, call, span, source, recvtag, comm, comm.P2PContext);
        return SUCCESS;
    }
}
