using System.Runtime.CompilerServices;

namespace CloudMpi.Core;

/// <summary>Something a rank can block on until another thread completes it (under the mailbox lock).</summary>
internal abstract class Completion
{
    private volatile bool complete;

    public bool IsComplete => complete;

    /// <summary>Set by the completer while holding the owning mailbox's lock.</summary>
    public void MarkComplete() => complete = true;

    protected void ResetCompletion() => complete = false;
}

/// <summary>A posted receive: what it matches, and the message once matched.</summary>
internal sealed class RecvEntry : Completion
{
    public int Context;
    /// <summary>Source rank in the communicator, or ANY_SOURCE.</summary>
    public int Source;
    /// <summary>Tag, or ANY_TAG.</summary>
    public int Tag;
    public cMPIMessage? Message;
    public bool Posted;
    public RecvEntry? Next;
    public RecvEntry? Prev;

    public void Reset(int context, int source, int tag)
    {
        Context = context;
        Source = source;
        Tag = tag;
        Message = null;
        Posted = false;
        Next = Prev = null;
        ResetCompletion();
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public bool Matches(cMPIMessage m) =>
        m.Context == Context
        && (Source == cMPI.ANY_SOURCE || Source == m.Source)
        && (Tag == cMPI.ANY_TAG || Tag == m.Tag);
}

/// <summary>A synchronous send waiting for the receiver's acknowledgement (or an RMA request waiting for its reply).</summary>
internal sealed class SyncSendEntry : Completion
{
    /// <summary>The data the acknowledgement carried (an RMA get's bytes); empty otherwise.</summary>
    public byte[] Reply = [];
}
