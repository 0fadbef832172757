using System.Runtime.CompilerServices;

namespace CloudMpi.Transports.InProc;

/// <summary>All ranks in one process: sending is a direct call into the destination mailbox (no copy beyond the payload).</summary>
internal sealed class InProcTransport : ITransport
{
    private readonly IMessageSink[] mailboxes;

    public InProcTransport(IMessageSink[] mailboxes) => this.mailboxes = mailboxes;

    public string Name => "inproc";

    public int WorldSize => mailboxes.Length;

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Send(int destWorldRank, cMPIMessage message) => mailboxes[destWorldRank].Deliver(message);

    public void Dispose() { }
}
