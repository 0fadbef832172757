using CloudMpi.Core;

namespace CloudMpi.Transports.InProc;

/// <summary>
/// All ranks in one process: sending is a direct call into the destination mailbox. A large point-to-point payload
/// whose receive is already posted with a buffer of its own (a blocking receive of an array) is copied once, from the
/// sender's buffer straight into the receiver's (<see cref="SendFrom"/>); otherwise the message carries a copy.
/// </summary>
internal sealed class InProcTransport : ITransport, IDirectSendTransport
{
    /// <summary>
    /// Payloads from this size on try the receiver's buffer first. Below it the staged copy is cheap and its array comes
    /// back to the pool at once; the direct path takes the receiver's lock twice (claim, complete) instead of once.
    /// </summary>
    public const int DirectMinBytes = 64 << 10;

    private readonly IMessageSink[] mailboxes;

    public InProcTransport(IMessageSink[] mailboxes) => this.mailboxes = mailboxes;

    public string Name => "inproc";

    public int WorldSize => mailboxes.Length;

    /// <summary><c>CMPI_INPROC_DIRECT=off</c> stages every payload (the behaviour before round 9), for measurements.</summary>
    private static readonly bool directPayloads = Environment.GetEnvironmentVariable("CMPI_INPROC_DIRECT") != "off";

    public int DirectSendMinBytes => directPayloads ? DirectMinBytes : int.MaxValue;

    // Not AggressiveOptimization: an interface method, which RuntimeHelpers.PrepareMethod does not compile ahead
    // (CloudMpi.Run's RuntimePrecompiler), so it was JIT-compiled at a rank's first send; its ReadyToRun code serves.
    public void Send(int destWorldRank, cMPIMessage message) => mailboxes[destWorldRank].Deliver(message);

    /// <summary>
    /// A stamped header and its payload, still in the sender's buffer: into the matching posted receive's buffer when
    /// the receiver has one waiting (one copy, no message array: a 4 x 8 MiB Alltoall-sized exchange no longer holds a
    /// second copy of every block while it is in flight), else a pooled copy delivered as any message. Either way the
    /// sender's buffer is free when this returns, so the send stays eager.
    /// </summary>
    public void SendFrom(int destWorldRank, cMPIMessage header, ReadOnlySpan<byte> payload)
    {
        if (TryDeliverInto(destWorldRank, header, payload)) return;
        header.Data = PayloadPool.Copy(payload);
        header.PooledPayload = true;
        mailboxes[destWorldRank].Deliver(header);
    }

    /// <summary>
    /// Copy <paramref name="payload"/> straight into the buffer of the receive <paramref name="header"/> (stamped, its
    /// data empty) matches at the destination, and complete that receive; false, with nothing done, when the receiver
    /// has no such receive posted (then the header is still the sender's to deliver, with the same sequence number).
    /// </summary>
    public bool TryDeliverInto(int destWorldRank, cMPIMessage header, ReadOnlySpan<byte> payload)
    {
        if (mailboxes[destWorldRank] is not IDirectReceiveSink direct || direct.ClaimDirect(header, payload.Length) is not { } receive)
            return false;
        Fill(direct, receive, header, payload);
        return true;
    }

    /// <summary>
    /// <see cref="TryDeliverInto"/> for a block of exchange <paramref name="seq"/> (cMPI's Alltoall), saying when it
    /// fails whether the receiver has posted that exchange's receives already (<see cref="Mailbox.ClaimExchangeBlock"/>).
    /// </summary>
    public bool TryDeliverBlock(int destWorldRank, cMPIMessage header, ReadOnlySpan<byte> payload, long seq, out bool receiverPosted)
    {
        receiverPosted = false;
        if (mailboxes[destWorldRank] is not Mailbox mailbox) return false;
        if (mailbox.ClaimExchangeBlock(header, payload.Length, seq, out receiverPosted) is not { } receive) return false;
        Fill(mailbox, receive, header, payload);
        return true;
    }

    private static void Fill(IDirectReceiveSink sink, RecvEntry receive, cMPIMessage header, ReadOnlySpan<byte> payload)
    {
        payload.CopyTo(receive.Target(payload.Length));
        sink.CompleteDirect(receive, header, payload.Length, whole: true);
    }

    public void Dispose() { }
}
