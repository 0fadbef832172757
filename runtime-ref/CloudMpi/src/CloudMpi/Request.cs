using System.Runtime.InteropServices;
using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// A nonblocking operation (MPI_Request), returned by <see cref="cMPI.Isend{T}(T[], int, int, Datatype, int, int, Comm, out Request)"/>
/// and <see cref="cMPI.Irecv{T}"/>; completed by <see cref="cMPI.Wait"/>, <see cref="cMPI.Waitall"/> or <see cref="cMPI.Test"/>,
/// which then set the variable to <see cref="cMPI.REQUEST_NULL"/>.
/// </summary>
public abstract class Request
{
    private protected Request() { }

    internal static readonly Request Null = new Completed(new Status(cMPI.ANY_SOURCE, cMPI.ANY_TAG, 0), "MPI_REQUEST_NULL");

    internal abstract bool IsComplete { get; }

    /// <summary>Block until complete (the caller set the rank's wait info).</summary>
    internal abstract void Block(RankContext ctx);

    /// <summary>Finish a complete request: deliver the data into the user buffer and give the status.</summary>
    internal abstract Status Finish(string call);

    /// <summary>How the deadlock report names this request.</summary>
    internal abstract string Describe();

    public override string ToString() => Describe();

    /// <summary>Already complete (eager sends, PROC_NULL, MPI_REQUEST_NULL).</summary>
    internal sealed class Completed(Status status, string description) : Request
    {
        internal override bool IsComplete => true;
        internal override void Block(RankContext ctx) { }
        internal override Status Finish(string call) => status;
        internal override string Describe() => description;
    }

    /// <summary>A synchronous send (MPI_Issend): complete when the receiver matched it.</summary>
    internal sealed class SyncSend(SyncSendEntry entry, int dest, int tag, Comm comm) : Request
    {
        internal override bool IsComplete => entry.IsComplete;
        internal override void Block(RankContext ctx) => ctx.Mailbox.WaitFor(entry);
        internal override Status Finish(string call) => default;
        internal override string Describe() => $"MPI_Issend dest={dest}, tag={tag}, comm={comm.Name}";
    }

    /// <summary>A posted receive into <c>buf[offset..]</c>.</summary>
    internal sealed class Recv<T>(T[] buf, int offset, int bytes, RecvEntry entry, Comm comm) : Request where T : unmanaged
    {
        internal override bool IsComplete => entry.IsComplete;

        internal override void Block(RankContext ctx)
        {
            try
            {
                ctx.Mailbox.WaitFor(entry);
            }
            finally
            {
                if (!entry.IsComplete) ctx.Mailbox.Unpost(entry);
            }
        }

        internal override Status Finish(string call)
        {
            var m = entry.Message!;
            var span = bytes == 0 ? Span<byte>.Empty : MemoryMarshal.AsBytes(buf.AsSpan(offset)).Slice(0, bytes);
            return cMPI.CopyOut(call, m, span);
        }

        internal override string Describe() =>
            $"MPI_Irecv source={Rank(entry.Source)}, tag={(entry.Tag == cMPI.ANY_TAG ? "MPI_ANY_TAG" : entry.Tag)}, comm={comm.Name}";

        private static string Rank(int r) => r == cMPI.ANY_SOURCE ? "MPI_ANY_SOURCE" : r.ToString();
    }
}
