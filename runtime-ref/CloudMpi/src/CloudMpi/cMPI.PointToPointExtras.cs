using CloudMpi.Core;

namespace CloudMpi;

/// <summary>Point-to-point calls beyond the basic ones: Sendrecv_replace, buffered and ready sends, persistent requests...</summary>
public static partial class cMPI
{
    // ------------------------------------------------------------------ Sendrecv_replace

    /// <summary>
    /// MPI_Sendrecv_replace: send the buffer, then receive into the same buffer. Sends are eager (the data is
    /// copied into the message before the receive starts), so one buffer serves both without a temporary; a
    /// non-contiguous layout is packed into one and unpacked after the receive.
    /// </summary>
    public static int Sendrecv_replace<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int sendtag,
        int source, int recvtag, Comm comm, out Status status) where T : unmanaged
    {
        const string call = "MPI_Sendrecv_replace";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, sendtag);
        CheckRecv(call, ctx, comm, source, recvtag);
        var data = Buffers.PeerData(call, buf, offset, count, datatype, Peer(dest, source));
        SendCore(ctx, call, data.Bytes, dest, sendtag, comm, sync: false);
        ctx.Wait.Set(call, comm, "source", source, true, recvtag);
        ctx.Wait.SetSendPart(dest, sendtag);
        status = RecvCore(ctx, call, data.Bytes, source, recvtag, comm, comm.P2PContext);
        data.Commit();
        return SUCCESS;
    }

    public static int Sendrecv_replace<T>(ref T buf, int count, Datatype datatype, int dest, int sendtag,
        int source, int recvtag, Comm comm, out Status status) where T : unmanaged
    {
        const string call = "MPI_Sendrecv_replace";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, sendtag);
        CheckRecv(call, ctx, comm, source, recvtag);
        var data = Buffers.PeerDataScalar(call, ref buf, count, datatype, Peer(dest, source));
        SendCore(ctx, call, data.Bytes, dest, sendtag, comm, sync: false);
        ctx.Wait.Set(call, comm, "source", source, true, recvtag);
        ctx.Wait.SetSendPart(dest, sendtag);
        status = RecvCore(ctx, call, data.Bytes, source, recvtag, comm, comm.P2PContext);
        data.Commit();
        return SUCCESS;
    }

    /// <summary>The peer that decides whether Sendrecv_replace touches its buffer: MPI_PROC_NULL only when both are.</summary>
    private static int Peer(int dest, int source) => dest == PROC_NULL ? source : dest;

    // ------------------------------------------------------------------ Issend of a scalar

    /// <summary>MPI_Issend(&amp;x, ...): the data is copied into the message at once, so a scalar may be passed by ref.</summary>
    public static int Issend<T>(ref T buf, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Issend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        var data = Buffers.PeerDataScalar(call, ref buf, count, datatype, dest);
        if (dest == PROC_NULL)
        {
            request = new Request.Completed(default, "MPI_Issend(MPI_PROC_NULL)");
            return SUCCESS;
        }
        var m = new cMPIMessage { Data = data.Bytes.ToArray(), Source = comm.RankIn(ctx), Tag = tag, Context = comm.P2PContext, Synchronous = true };
        var entry = ctx.SendSync(comm.ToWorld(ctx, dest), m);
        request = new Request.SyncSend(entry, dest, tag, comm);
        return SUCCESS;
    }
}
