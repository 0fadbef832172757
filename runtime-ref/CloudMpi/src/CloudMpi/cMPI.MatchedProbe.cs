using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// A message MPI_Mprobe or MPI_Improbe took out of the matching queue (MPI_Message): only MPI_Mrecv or MPI_Imrecv
/// with this handle receives it, so a thread (or a rank's later code) cannot have it stolen by another receive
/// between the probe and the receive.
/// </summary>
public sealed class MpiMessage
{
    /// <summary>The message, until a receive takes it (a copy of the handle cannot receive it twice).</summary>
    internal cMPIMessage? Held { get; set; }
    private readonly string name;

    private MpiMessage(cMPIMessage? held, string name)
    {
        Held = held;
        this.name = name;
    }

    internal MpiMessage(cMPIMessage held) : this(held, $"message from {held.Source}, tag {held.Tag}") { }

    internal static readonly MpiMessage Null = new(null, "MPI_MESSAGE_NULL");
    internal static readonly MpiMessage NoProc = new(null, "MPI_MESSAGE_NO_PROC");

    public override string ToString() => name;
}

public static partial class cMPI
{
    public static readonly MpiMessage MESSAGE_NULL = MpiMessage.Null;
    /// <summary>What a matched probe of MPI_PROC_NULL gives: receiving it receives nothing, from PROC_NULL.</summary>
    public static readonly MpiMessage MESSAGE_NO_PROC = MpiMessage.NoProc;

    /// <summary>MPI_Mprobe: block until a matching message arrives and take it out of the queue.</summary>
    public static int Mprobe(int source, int tag, Comm comm, out MpiMessage message, out Status status)
    {
        const string call = "MPI_Mprobe";
        var ctx = Ctx(call);
        CheckRecv(call, ctx, comm, source, tag);
        if (source == PROC_NULL)
        {
            (message, status) = (MESSAGE_NO_PROC, Status.ProcNull);
            return SUCCESS;
        }
        ctx.Wait.Set(call, comm, "source", source, true, tag);
        var m = ctx.Mailbox.WaitTake(comm.P2PContext, source, tag);
        (message, status) = (new MpiMessage(m), new Status(m.Source, m.Tag, m.Data.Length));
        return SUCCESS;
    }

    /// <summary>MPI_Improbe: take a matching message if one has arrived (flag 1), else flag 0 and MESSAGE_NULL.</summary>
    public static int Improbe(int source, int tag, Comm comm, out int flag, out MpiMessage message, out Status status)
    {
        const string call = "MPI_Improbe";
        var ctx = Ctx(call);
        CheckRecv(call, ctx, comm, source, tag);
        if (source == PROC_NULL)
        {
            (flag, message, status) = (1, MESSAGE_NO_PROC, Status.ProcNull);
            return SUCCESS;
        }
        ctx.Mailbox.Progress(); // as MPI_Iprobe: what the transport has for the rank, read first
        var m = ctx.Mailbox.Take(comm.P2PContext, source, tag);
        ctx.Mailbox.Checked(m != null);
        flag = m != null ? 1 : 0;
        message = m != null ? new MpiMessage(m) : MESSAGE_NULL;
        status = m != null ? new Status(m.Source, m.Tag, m.Data.Length) : default;
        return SUCCESS;
    }

    public static int Mrecv<T>(T[] buf, int offset, int count, Datatype datatype, ref MpiMessage message, out Status status) where T : unmanaged
    {
        const string call = "MPI_Mrecv";
        return ReceiveMatched(call, Buffers.PeerData(call, buf, offset, count, datatype, Peer(message)), ref message, out status);
    }

    public static int Mrecv<T>(ref T buf, int count, Datatype datatype, ref MpiMessage message, out Status status) where T : unmanaged
    {
        const string call = "MPI_Mrecv";
        return ReceiveMatched(call, Buffers.PeerDataScalar(call, ref buf, count, datatype, Peer(message)), ref message, out status);
    }

    /// <summary>The matched message into the receive's buffer; on a truncation the part that fits is the program's, with
    /// the status, as MPI_Recv's.</summary>
    private static int ReceiveMatched(string call, DataBuf data, ref MpiMessage message, out Status status)
    {
        try
        {
            status = ReceiveHeld(call, data.Bytes, ref message);
        }
        catch (MpiException truncated) when (truncated.Truncated is not null)
        {
            status = truncated.Truncated.Value;
            data.Commit();
            throw;
        }
        data.Commit();
        return SUCCESS;
    }

    /// <summary>MPI_Imrecv: the message is here already, so the receive completes in the call (MPI allows it).</summary>
    public static int Imrecv<T>(T[] buf, int offset, int count, Datatype datatype, ref MpiMessage message, out Request request) where T : unmanaged
    {
        try
        {
            Mrecv(buf, offset, count, datatype, ref message, out Status status);
            request = new Request.Completed(status, "MPI_Imrecv");
        }
        catch (MpiException truncated) when (truncated.Truncated is not null)
        {
            request = new Request.Truncated(truncated, "MPI_Imrecv");  // the completion reports it, as in Open MPI
        }
        return SUCCESS;
    }

    public static int Imrecv<T>(ref T buf, int count, Datatype datatype, ref MpiMessage message, out Request request) where T : unmanaged
    {
        try
        {
            Mrecv(ref buf, count, datatype, ref message, out Status status);
            request = new Request.Completed(status, "MPI_Imrecv");
        }
        catch (MpiException truncated) when (truncated.Truncated is not null)
        {
            request = new Request.Truncated(truncated, "MPI_Imrecv");
        }
        return SUCCESS;
    }

    /// <summary>MPI_PROC_NULL for the message of a matched probe of MPI_PROC_NULL, whose receive touches no buffer;
    /// else ANY_SOURCE, which stands for the rank that sent it: the buffer is checked.</summary>
    private static int Peer(MpiMessage? message) => ReferenceEquals(message, MESSAGE_NO_PROC) ? PROC_NULL : ANY_SOURCE;

    /// <summary>Copy a held message into the receive buffer; the handle becomes MESSAGE_NULL, as MPI says.</summary>
    private static Status ReceiveHeld(string call, Span<byte> into, ref MpiMessage message)
    {
        Ctx(call);
        if (ReferenceEquals(message, MESSAGE_NO_PROC))
        {
            message = MESSAGE_NULL;
            return Status.ProcNull;
        }
        var m = message?.Held ?? throw new MpiException(call, ERR_REQUEST, "invalid message handle (MPI_MESSAGE_NULL, or one already received)");
        message.Held = null;
        message = MESSAGE_NULL;
        try
        {
            return CopyOut(call, m, into);
        }
        finally
        {
            PayloadPool.Return(m); // the message is done with (truncated too): nothing else holds it
        }
    }
}
