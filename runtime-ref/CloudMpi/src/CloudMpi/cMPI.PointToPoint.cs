using System.Runtime.CompilerServices;
using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Libc;
using CloudMpi.Transports;

namespace CloudMpi;

public static partial class cMPI
{
    // Each call takes its buffer as an array and offset (`a, i`), a scalar (`ref x`) or a pointer (`Ptr<T> p`, which
    // may be a view): the public overloads wrap it in a UserBuffer in one line and call the call's one core.

    // ------------------------------------------------------------------ Send (eager: returns once the data is copied)

    public static int Send<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged =>
        Send(UserBuffer.Of(buf, offset), count, datatype, dest, tag, comm);

    public static int Send<T>(ref T buf, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged =>
        Send(UserBuffer.Of(ref buf), count, datatype, dest, tag, comm);

    public static int Send<T>(Ptr<T> buf, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged =>
        Send(UserBuffer.Of(buf), count, datatype, dest, tag, comm);

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static int Send<T>(UserBuffer<T> buf, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Send";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        SendCore(ctx, call, buf.Data(call, count, datatype, dest).Bytes, dest, tag, comm, sync: false);
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Ssend (returns once the receiver matched it)

    public static int Ssend<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged =>
        Ssend(UserBuffer.Of(buf, offset), count, datatype, dest, tag, comm);

    public static int Ssend<T>(ref T buf, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged =>
        Ssend(UserBuffer.Of(ref buf), count, datatype, dest, tag, comm);

    public static int Ssend<T>(Ptr<T> buf, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged =>
        Ssend(UserBuffer.Of(buf), count, datatype, dest, tag, comm);

    private static int Ssend<T>(UserBuffer<T> buf, int count, Datatype datatype, int dest, int tag, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Ssend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        SendCore(ctx, call, buf.Data(call, count, datatype, dest).Bytes, dest, tag, comm, sync: true);
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Recv

    public static int Recv<T>(T[] buf, int offset, int count, Datatype datatype, int source, int tag, Comm comm, out Status status) where T : unmanaged =>
        Recv(UserBuffer.Of(buf, offset), count, datatype, source, tag, comm, out status);

    public static int Recv<T>(ref T buf, int count, Datatype datatype, int source, int tag, Comm comm, out Status status) where T : unmanaged =>
        Recv(UserBuffer.Of(ref buf), count, datatype, source, tag, comm, out status);

    public static int Recv<T>(Ptr<T> buf, int count, Datatype datatype, int source, int tag, Comm comm, out Status status) where T : unmanaged =>
        Recv(UserBuffer.Of(buf), count, datatype, source, tag, comm, out status);

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static int Recv<T>(UserBuffer<T> buf, int count, Datatype datatype, int source, int tag, Comm comm, out Status status) where T : unmanaged
    {
        const string call = "MPI_Recv";
        var ctx = Ctx(call);
        CheckRecv(call, ctx, comm, source, tag);
        var data = buf.Data(call, count, datatype, source);
        ctx.Wait.Set(call, comm, "source", source, true, tag);
        try
        {
            status = RecvInto(ctx, call, buf, data, source, tag, comm);
        }
        catch (MpiException truncated) when (truncated.Truncated is not null)
        {
            status = truncated.Truncated.Value;  // the part that fits is the program's, with the status (ERRORS_RETURN)
            data.Commit();
            buf.Done();
            throw;
        }
        data.Commit();
        buf.Done();
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Sendrecv
    // Each buffer in any of the three forms: nine one-line overloads, one core.

    public static int Sendrecv<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged =>
        Sendrecv(UserBuffer.Of(sendbuf, sendoffset), sendcount, sendtype, dest, sendtag, UserBuffer.Of(recvbuf, recvoffset), recvcount, recvtype, source, recvtag, comm, out status);

    public static int Sendrecv<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
        ref TR recvbuf, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged =>
        Sendrecv(UserBuffer.Of(sendbuf, sendoffset), sendcount, sendtype, dest, sendtag, UserBuffer.Of(ref recvbuf), recvcount, recvtype, source, recvtag, comm, out status);

    public static int Sendrecv<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
        Ptr<TR> recvbuf, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged =>
        Sendrecv(UserBuffer.Of(sendbuf, sendoffset), sendcount, sendtype, dest, sendtag, UserBuffer.Of(recvbuf), recvcount, recvtype, source, recvtag, comm, out status);

    public static int Sendrecv<TS, TR>(ref TS sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged =>
        Sendrecv(UserBuffer.Of(ref sendbuf), sendcount, sendtype, dest, sendtag, UserBuffer.Of(recvbuf, recvoffset), recvcount, recvtype, source, recvtag, comm, out status);

    public static int Sendrecv<TS, TR>(ref TS sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
        ref TR recvbuf, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged =>
        Sendrecv(UserBuffer.Of(ref sendbuf), sendcount, sendtype, dest, sendtag, UserBuffer.Of(ref recvbuf), recvcount, recvtype, source, recvtag, comm, out status);

    public static int Sendrecv<TS, TR>(ref TS sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
        Ptr<TR> recvbuf, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged =>
        Sendrecv(UserBuffer.Of(ref sendbuf), sendcount, sendtype, dest, sendtag, UserBuffer.Of(recvbuf), recvcount, recvtype, source, recvtag, comm, out status);

    public static int Sendrecv<TS, TR>(Ptr<TS> sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged =>
        Sendrecv(UserBuffer.Of(sendbuf), sendcount, sendtype, dest, sendtag, UserBuffer.Of(recvbuf, recvoffset), recvcount, recvtype, source, recvtag, comm, out status);

    public static int Sendrecv<TS, TR>(Ptr<TS> sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
        ref TR recvbuf, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged =>
        Sendrecv(UserBuffer.Of(sendbuf), sendcount, sendtype, dest, sendtag, UserBuffer.Of(ref recvbuf), recvcount, recvtype, source, recvtag, comm, out status);

    public static int Sendrecv<TS, TR>(Ptr<TS> sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
        Ptr<TR> recvbuf, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged =>
        Sendrecv(UserBuffer.Of(sendbuf), sendcount, sendtype, dest, sendtag, UserBuffer.Of(recvbuf), recvcount, recvtype, source, recvtag, comm, out status);

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static int Sendrecv<TS, TR>(UserBuffer<TS> sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
        UserBuffer<TR> recvbuf, int recvcount, Datatype recvtype, int source, int recvtag, Comm comm, out Status status)
        where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Sendrecv";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, sendtag);
        CheckRecv(call, ctx, comm, source, recvtag);
        var send = sendbuf.Data(call, sendcount, sendtype, dest);
        var recv = recvbuf.Data(call, recvcount, recvtype, source);
        SendCore(ctx, call, send.Bytes, dest, sendtag, comm, sync: false);
        ctx.Wait.Set(call, comm, "source", source, true, recvtag);
        ctx.Wait.SetSendPart(dest, sendtag);
        try
        {
            status = RecvInto(ctx, call, recvbuf, recv, source, recvtag, comm);
        }
        catch (MpiException truncated) when (truncated.Truncated is not null)
        {
            status = truncated.Truncated.Value;
            recv.Commit();
            recvbuf.Done();
            throw;
        }
        recv.Commit();
        recvbuf.Done();
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Probe, Iprobe, Get_count

    public static int Probe(int source, int tag, Comm comm, out Status status)
    {
        const string call = "MPI_Probe";
        var ctx = Ctx(call);
        CheckRecv(call, ctx, comm, source, tag);
        if (source == PROC_NULL)
        {
            status = Status.ProcNull;
            return SUCCESS;
        }
        ctx.Wait.Set(call, comm, "source", source, true, tag);
        var m = ctx.Mailbox.WaitPeek(comm.P2PContext, source, tag);
        status = new Status(m.Source, m.Tag, m.Data.Length);
        return SUCCESS;
    }

    public static int Iprobe(int source, int tag, Comm comm, out int flag, out Status status)
    {
        const string call = "MPI_Iprobe";
        var ctx = Ctx(call);
        CheckRecv(call, ctx, comm, source, tag);
        if (source == PROC_NULL)
        {
            flag = 1;
            status = Status.ProcNull;
            return SUCCESS;
        }
        ctx.Mailbox.Progress();
        var m = ctx.Mailbox.Peek(comm.P2PContext, source, tag);
        ctx.Mailbox.Checked(m != null);
        flag = m != null ? 1 : 0;
        status = m != null ? new Status(m.Source, m.Tag, m.Data.Length) : default;
        return SUCCESS;
    }

    /// <summary>Number of <paramref name="datatype"/> elements received, or UNDEFINED if not a whole number.</summary>
    public static int Get_count(Status status, Datatype datatype, out int count)
    {
        ArgumentNullException.ThrowIfNull(datatype);
        Buffers.CheckUsable("MPI_Get_count", datatype);
        count = datatype.Size == 0 ? (status.ByteCount == 0 ? 0 : UNDEFINED)
            : status.ByteCount % datatype.Size == 0 ? status.ByteCount / datatype.Size : UNDEFINED;
        return SUCCESS;
    }

    /// <summary>Get_count for translated <c>MPI_Get_count(&amp;status, ...)</c>.</summary>
    public static int Get_count(ref Status status, Datatype datatype, out int count) => Get_count(status, datatype, out count);

    // ------------------------------------------------------------------ core

    private static void CheckSend(string call, RankContext ctx, Comm comm, int dest, int tag)
    {
        CheckDest(call, ctx, comm, dest);
        CheckSendTag(call, tag);
    }

    private static void CheckRecv(string call, RankContext ctx, Comm comm, int source, int tag)
    {
        CheckSource(call, ctx, comm, source);
        CheckRecvTag(call, tag);
    }

    /// <summary>
    /// Copy <paramref name="data"/> into a message and send it; for a synchronous send, wait for the match. A large
    /// payload for another rank goes out straight from <paramref name="data"/> where the transport can write it so
    /// (<see cref="SendDirect"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static void SendCore(RankContext ctx, string call, ReadOnlySpan<byte> data, int dest, int tag, Comm comm, bool sync)
    {
        if (dest == PROC_NULL) return;
        if (data.Length >= PayloadPool.MinPooledBytes && ctx.Transport.Underlying is IDirectSendTransport direct
            && data.Length >= direct.DirectSendMinBytes)
        {
            int world = comm.ToWorld(ctx, dest);
            if (world != ctx.WorldRank)
            {
                SendDirect(ctx, call, direct, data, world, dest, tag, comm, sync);
                return;
            }
        }
        bool pooled = data.Length >= PayloadPool.MinPooledBytes;
        var m = new cMPIMessage
        {
            Data = pooled ? PayloadPool.Copy(data) : Buffers.Copy(data),
            PooledPayload = pooled,
            Source = comm.RankIn(ctx),
            Tag = tag,
            Context = comm.P2PContext,
            Synchronous = sync,
        };
        int destWorld = comm.ToWorld(ctx, dest);
        if (!sync)
        {
            ctx.SendData(destWorld, m);
            return;
        }
        var entry = ctx.SendSync(destWorld, m);
        ctx.Wait.Set(call, comm, "dest", dest, true, tag);
        ctx.Mailbox.WaitFor(entry);
    }

    /// <summary>
    /// <see cref="SendCore"/> without the copy: the transport writes the header and then <paramref name="data"/> itself
    /// (the user's array, or the packed bytes of a derived datatype) into its connection, and returns once it no longer
    /// needs them, so the send is still eager and the buffer free when the call returns. Over tcp this saves one copy of
    /// the payload per message and the pooled array it went into (docs/transports.md, "What a message costs").
    /// </summary>
    private static void SendDirect(RankContext ctx, string call, IDirectSendTransport direct, ReadOnlySpan<byte> data,
        int destWorld, int dest, int tag, Comm comm, bool sync)
    {
        var m = new cMPIMessage { Source = comm.RankIn(ctx), Tag = tag, Context = comm.P2PContext, Synchronous = sync };
        SyncSendEntry? entry = null;
        if (sync) entry = ctx.StampSync(destWorld, m, data.Length);
        else ctx.Stamp(destWorld, m, data.Length);
        direct.SendFrom(destWorld, m, data);
        if (entry == null) return;
        ctx.Wait.Set(call, comm, "dest", dest, true, tag);
        ctx.Mailbox.WaitFor(entry);
    }

    /// <summary>Blocking receive into <paramref name="buf"/> on <paramref name="context"/>; the caller set <c>ctx.Wait</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static Status RecvCore(RankContext ctx, string call, Span<byte> buf, int source, int tag, Comm comm, int context)
    {
        if (source == PROC_NULL) return Status.ProcNull;
        return Received(call, ReceiveMessage(ctx, source, tag, context), buf);
    }

    /// <summary>
    /// Blocking point-to-point receive into the user's <paramref name="buf"/> (its bytes <paramref name="data"/>; the caller
    /// set <c>ctx.Wait</c>): a transport may write the payload straight into it as it arrives (tcp: TcpInbound), where
    /// <see cref="RecvCore"/> copies it out of the message's array.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static Status RecvInto<T>(RankContext ctx, string call, UserBuffer<T> buf, in DataBuf data, int source, int tag, Comm comm)
        where T : unmanaged
    {
        if (source == PROC_NULL) return Status.ProcNull;
        var e = ctx.BlockingEntry;
        e.Reset(comm.P2PContext, source, tag);
        buf.OfferAsTarget(e, data);
        return Received(call, ReceiveMessage(ctx, e), data.Bytes);
    }

    /// <summary>The status of a matched message <paramref name="m"/>, its payload copied into <paramref name="buf"/>
    /// unless it arrived there already (<see cref="cMPIMessage.InPlace"/>); its pooled array goes back.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static Status Received(string call, cMPIMessage m, Span<byte> buf)
    {
        if (m.InPlace)
        {
            if (m.CutOff)
                throw new MpiException(call, ERR_OTHER,
                    $"the message from rank {m.Source} (tag {m.Tag}) was cut off: its connection broke after part of its {m.InPlaceLength} bytes arrived");
            return new Status(m.Source, m.Tag, m.InPlaceLength);
        }
        var status = CopyOut(call, m, buf);
        PayloadPool.Return(m); // the message is done with: nothing else holds it
        return status;
    }

    /// <summary>Blocking match of one message (the caller set <c>ctx.Wait</c>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static cMPIMessage ReceiveMessage(RankContext ctx, int source, int tag, int context)
    {
        var e = ctx.BlockingEntry;
        e.Reset(context, source, tag);
        return ReceiveMessage(ctx, e);
    }

    /// <summary>Blocking match of the receive <paramref name="e"/> describes (reset by the caller).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static cMPIMessage ReceiveMessage(RankContext ctx, RecvEntry e)
    {
        if (!ctx.Mailbox.MatchOrPost(e))
        {
            try
            {
                ctx.Mailbox.WaitFor(e);
            }
            finally
            {
                if (!e.IsComplete) ctx.Mailbox.Unpost(e);
            }
        }
        var m = e.Message!;
        e.Message = null;
        return m;
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static Status CopyOut(string call, cMPIMessage m, Span<byte> buf)
    {
        if (m.Data.Length > buf.Length)
        {
            m.Data.AsSpan(0, buf.Length).CopyTo(buf); // the part that fits is delivered, as in Open MPI
            throw new MpiException(call, ERR_TRUNCATE,
                $"message truncated: {m.Data.Length} bytes from rank {m.Source} (tag {m.Tag}) do not fit the receive buffer of {buf.Length} bytes")
            {
                Truncated = new Status(m.Source, m.Tag, m.Data.Length) { MPI_ERROR = ERR_TRUNCATE },
            };
        }
        m.Data.CopyTo(buf);
        return new Status(m.Source, m.Tag, m.Data.Length);
    }
}
