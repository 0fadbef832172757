using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

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

    /// <summary>
    /// Where a transport may write a matching message's payload as it arrives (<see cref="Mailbox.ClaimDirect"/>): bytes
    /// [<see cref="TargetOffset"/>, + <see cref="TargetLength"/>) of this array, the user's buffer of a blocking receive;
    /// null: the payload arrives in a message array of its own and the receive copies it.
    /// </summary>
    public Array? TargetArray;
    public int TargetOffset, TargetLength;

    public void Reset(int context, int source, int tag)
    {
        Context = context;
        Source = source;
        Tag = tag;
        Message = null;
        Posted = false;
        Next = Prev = null;
        TargetArray = null;
        ResetCompletion();
    }

    /// <summary>Offer <paramref name="bytes"/> as the target when they lie inside <paramref name="array"/> (a view of
    /// it, as a contiguous datatype's <see cref="DataBuf.Bytes"/> is); otherwise leave none.</summary>
    public void OfferTarget<T>(T[] array, Span<byte> bytes) where T : unmanaged
    {
        var all = MemoryMarshal.AsBytes(array.AsSpan());
        long offset = Unsafe.ByteOffset(ref MemoryMarshal.GetReference(all), ref MemoryMarshal.GetReference(bytes));
        if (bytes.IsEmpty || offset < 0 || offset + bytes.Length > all.Length) return;
        (TargetArray, TargetOffset, TargetLength) = (array, (int)offset, bytes.Length);
    }

    /// <summary><see cref="OfferTarget{T}"/> for an array whose element type the caller knows only as
    /// <paramref name="arrayBytes"/> bytes in all (a collective's receive buffer, past its generic entry).</summary>
    public void OfferTarget(Array array, long arrayBytes, Span<byte> bytes)
    {
        long offset = Unsafe.ByteOffset(ref MemoryMarshal.GetArrayDataReference(array), ref MemoryMarshal.GetReference(bytes));
        if (bytes.IsEmpty || offset < 0 || offset + bytes.Length > arrayBytes) return;
        (TargetArray, TargetOffset, TargetLength) = (array, (int)offset, bytes.Length);
    }

    /// <summary>The first <paramref name="length"/> bytes of the target (the caller claimed this entry, and length fits).</summary>
    public Span<byte> Target(int length) =>
        MemoryMarshal.CreateSpan(ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(TargetArray!), TargetOffset), length);

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
