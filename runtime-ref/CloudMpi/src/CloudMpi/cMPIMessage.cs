namespace CloudMpi;

/// <summary>
/// A message as the transports carry it (cloudMPI's cMPIMessage): the payload bytes, the sender's rank in the
/// communicator, the tag, a message id unique per sender, whether it is small enough to travel inline
/// (cloud queues put larger ones in a blob), plus the communicator context and a per (sender, receiver)
/// sequence number that restores MPI's non-overtaking order over transports that reorder.
/// </summary>
public sealed class cMPIMessage
{
    /// <summary>Payload bytes. Shared read-only once sent: nobody writes into a message's data.</summary>
    public byte[] Data { get; internal set; } = [];
    /// <summary>Sender's rank in the communicator.</summary>
    public int Source { get; internal set; }
    public int Tag { get; internal set; }
    /// <summary>Unique per sending (world) rank.</summary>
    public long MsgId { get; internal set; }
    public bool IsSmallMessage { get; internal set; }
    /// <summary>Communicator context (point-to-point or collective context of a communicator).</summary>
    public int Context { get; internal set; }
    /// <summary>Sequence number of data messages from <see cref="SenderWorldRank"/> to this receiver, from 0.</summary>
    public long Sequence { get; internal set; }
    /// <summary>The sender's rank in MPI_COMM_WORLD (routing, sequence numbers, acknowledgements).</summary>
    public int SenderWorldRank { get; internal set; }
    /// <summary>Synchronous-mode send (MPI_Ssend): the receiver acknowledges when the message is matched.</summary>
    public bool Synchronous { get; internal set; }
    /// <summary>An acknowledgement of the synchronous message <see cref="MsgId"/> (no data, no sequence number).</summary>
    public bool IsAck { get; internal set; }

    /// <summary>Payloads up to this many bytes are "small" (cloud storage queues carry up to 64 KiB, base64 inflates).</summary>
    public const int SmallMessageLimit = 48 * 1024;

    /// <summary>
    /// <see cref="Data"/> came from <see cref="Core.PayloadPool"/> and this message alone holds it: the receive that
    /// copies it out gives it back. Never set on arrays that are shared (broadcasts); the tcp transport sets it on the
    /// payloads it reads, which are the arriving message's alone.
    /// </summary>
    internal bool PooledPayload;

    /// <summary>
    /// The payload was written straight into the matched receive's buffer as it arrived (<see cref="Core.RecvEntry.TargetArray"/>):
    /// <see cref="Data"/> is empty and <see cref="InPlaceLength"/> bytes are in the user's buffer, or, when
    /// <see cref="CutOff"/>, the connection broke before they all were.
    /// </summary>
    internal bool InPlace;
    internal int InPlaceLength;
    internal bool CutOff;

    /// <summary>
    /// The sender's collective stamp, for a collective message whose payload went straight into the receiver's buffer
    /// (in-process Alltoall: <c>cMPI.ExchangeCore</c>), where no stamp travels in front of the data; null otherwise.
    /// </summary>
    internal CollectiveStamp? Collective;

    internal cMPIMessage? Next;
    internal cMPIMessage? Prev;

    public override string ToString() =>
        IsAck ? $"ack(msgId={MsgId}, from={SenderWorldRank})"
              : $"msg(source={Source}, tag={Tag}, ctx={Context}, seq={Sequence}, bytes={Data.Length})";
}
