namespace CloudMpi.Transports.InProc;

/// <summary>All ranks in one process: sending is a direct call into the destination mailbox (no copy beyond the payload).</summary>
internal sealed class InProcTransport : ITransport
{
    private readonly IMessageSink[] mailboxes;

    public InProcTransport(IMessageSink[] mailboxes) => this.mailboxes = mailboxes;

    public string Name => "inproc";

    public int WorldSize => mailboxes.Length;

    // Not AggressiveOptimization: an interface method, which RuntimeHelpers.PrepareMethod does not compile ahead
    // (CloudMpi.Run's RuntimePrecompiler), so it was JIT-compiled at a rank's first send; its ReadyToRun code serves.
    public void Send(int destWorldRank, cMPIMessage message) => mailboxes[destWorldRank].Deliver(message);

    public void Dispose() { }
}
