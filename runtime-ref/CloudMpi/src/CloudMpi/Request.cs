using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// A nonblocking operation (MPI_Request), returned by <see cref="cMPI.Isend{T}(T[], int, int, Datatype, int, int, Comm, out Request)"/>
/// and <see cref="cMPI.Irecv{T}(T[], int, int, Datatype, int, int, Comm, out Request)"/>; completed by <see cref="cMPI.Wait"/>, <see cref="cMPI.Waitall"/> or <see cref="cMPI.Test"/>,
/// which then set the variable to <see cref="cMPI.REQUEST_NULL"/>.
/// </summary>
public abstract class Request
{
    private protected Request() { }

    internal static readonly Request Null = new Completed(new Status(cMPI.ANY_SOURCE, cMPI.ANY_TAG, 0), "MPI_REQUEST_NULL");

    internal abstract bool IsComplete { get; }

    /// <summary>Whether Wait/Test have something to complete: false for REQUEST_NULL and inactive persistent requests.</summary>
    internal virtual bool IsActive => !ReferenceEquals(this, Null);

    /// <summary>
    /// The completion call is done with the request (Wait, Test and their forms, after <see cref="Finish"/>): what the
    /// caller's variable holds now, REQUEST_NULL, or the persistent request itself, made inactive.
    /// </summary>
    internal virtual Request Release() => Null;

    /// <summary>Withdraw the operation if it has not matched yet (MPI_Cancel); false when it cannot be cancelled.</summary>
    internal virtual bool TryCancel(RankContext ctx) => false;

    /// <summary>Block until complete (the caller set the rank's wait info).</summary>
    internal abstract void Block(RankContext ctx);

    /// <summary>The status of the first <see cref="Finish"/>, given again by later ones.</summary>
    private Status? finished;

    /// <summary>
    /// Finish a complete request: deliver the data into the user buffer and give the status. The first call delivers;
    /// later ones give the same status again, so MPI_Request_get_status may finish a request that a Wait or Test then
    /// completes, with the same status and without delivering twice.
    /// </summary>
    internal Status Finish(string call)
    {
        if (truncated != null) throw truncated;
        try
        {
            return finished ??= Deliver(call);
        }
        catch (MpiException ex) when (ex.Truncated is not null)
        {
            truncated = ex;  // delivered once (the part that fits): a later Finish reports the same error
            throw;
        }
    }

    /// <summary>The truncation the first <see cref="Finish"/> met, given again by later ones.</summary>
    private MpiException? truncated;

    /// <summary>A persistent request started again is finished anew.</summary>
    private protected void Unfinish()
    {
        finished = null;
        truncated = null;
    }

    /// <summary>Deliver the data of a complete request into the user buffer and give its status (once).</summary>
    private protected abstract Status Deliver(string call);

    /// <summary>How the deadlock report names this request.</summary>
    internal abstract string Describe();

    public override string ToString() => Describe();

    /// <summary>Already complete (eager sends, PROC_NULL, MPI_REQUEST_NULL).</summary>
    internal sealed class Completed(Status status, string description) : Request
    {
        internal override bool IsComplete => true;
        internal override void Block(RankContext ctx) { }
        private protected override Status Deliver(string call) => status;
        internal override string Describe() => description;
    }

    /// <summary>A receive that completed truncated in the call that started it (MPI_Imrecv): the completion reports
    /// MPI_ERR_TRUNCATE with the status of what came, as a receive that completes later does.</summary>
    internal sealed class Truncated(MpiException error, string description) : Request
    {
        internal override bool IsComplete => true;
        internal override void Block(RankContext ctx) { }
        private protected override Status Deliver(string call) =>
            throw new MpiException(call, error.ErrorClass, $"message truncated: the one {description} received from rank " +
                $"{error.Truncated!.Value.MPI_SOURCE} (tag {error.Truncated.Value.MPI_TAG}) does not fit its buffer")
            { Truncated = error.Truncated };
        internal override string Describe() => description;
    }

    /// <summary>A nonblocking collective: its blocking collective, run by the rank when it needs it done (cMPI.NonblockingCollectives.cs).</summary>
    internal sealed class DeferredCollective(Comm comm, string description, Action run) : Request
    {
        private bool done;
        internal Comm Comm => comm;
        internal override bool IsComplete => done;

        internal void Run()
        {
            done = true; // a failing collective is reported once, by the call that ran it
            run();
        }

        internal override void Block(RankContext ctx) => cMPI.RunPendingCollectives(ctx, comm, this);
        private protected override Status Deliver(string call) => new(cMPI.ANY_SOURCE, cMPI.ANY_TAG, 0);
        internal override string Describe() => description;
    }

    /// <summary>A synchronous send (MPI_Issend): complete when the receiver matched it.</summary>
    internal sealed class SyncSend(SyncSendEntry entry, int dest, int tag, Comm comm) : Request
    {
        internal override bool IsComplete => entry.IsComplete;
        internal override void Block(RankContext ctx) => ctx.Mailbox.WaitFor(entry);
        private protected override Status Deliver(string call) => default;
        internal override string Describe() => $"MPI_Issend dest={dest}, tag={tag}, comm={comm.Name}";
    }

    /// <summary>A posted receive into <c>buf[offset..]</c>.</summary>
    internal sealed class Recv<T>(T[] buf, int offset, int count, Datatype datatype, RecvEntry entry, Comm comm) : Request where T : unmanaged
    {
        private volatile bool cancelled;

        internal override bool IsComplete => cancelled || entry.IsComplete;

        internal override bool TryCancel(RankContext ctx)
        {
            if (entry.IsComplete || !ctx.Mailbox.Unpost(entry)) return false;
            cancelled = true;
            return true;
        }

        internal override void Block(RankContext ctx)
        {
            if (cancelled) return;
            try
            {
                ctx.Mailbox.WaitFor(entry);
            }
            finally
            {
                if (!entry.IsComplete) ctx.Mailbox.Unpost(entry);
            }
        }

        private protected override Status Deliver(string call)
        {
            if (cancelled) return new Status(cMPI.ANY_SOURCE, cMPI.ANY_TAG, 0) { Cancelled = true };
            var m = entry.Message!;
            var data = Buffers.Data(call, buf, offset, count, datatype);
            Status status;
            try
            {
                status = cMPI.CopyOut(call, m, data.Bytes);
            }
            catch (MpiException ex) when (ex.Truncated is not null)
            {
                data.Commit();  // the part that fits reaches the buffer, as with MPI_Recv
                CloudMpi.Libc.PtrBuffer.Completed(buf, offset, ReceivedElements(default));
                throw;
            }
            data.Commit();
            PayloadPool.Return(m); // finished once: the entry's message is not read again
            // a receive into a view's staged copy (PtrBuffer.Pending): the received elements reach the view
            CloudMpi.Libc.PtrBuffer.Completed(buf, offset, ReceivedElements(status));
            return status;
        }

        private int ReceivedElements(Status status)
        {
            int size = System.Runtime.CompilerServices.Unsafe.SizeOf<T>();
            long bytes = Math.Max(0, (long)count * datatype.Extent);
            return (int)Math.Min(int.MaxValue, (bytes + size - 1) / size);
        }

        internal override string Describe() =>
            $"MPI_Irecv source={Rank(entry.Source)}, tag={(entry.Tag == cMPI.ANY_TAG ? "MPI_ANY_TAG" : entry.Tag)}, comm={comm.Name}";

        private static string Rank(int r) => r == cMPI.ANY_SOURCE ? "MPI_ANY_SOURCE" : r.ToString();
    }

    /// <summary>
    /// A persistent request (Send_init, Recv_init...): inactive until Start, which begins one operation made by
    /// <paramref name="start"/>; completing it makes the request inactive again, and the handle stays valid.
    /// </summary>
    internal sealed class Persistent(Func<Request> start, string description) : Request
    {
        private Request? active;

        internal override bool IsActive => active != null;
        internal override bool IsComplete => active == null || active.IsComplete;

        internal void Begin()
        {
            Unfinish();
            active = start();
        }

        /// <summary>Inactive again once the completion call is done (MPI_Request_get_status leaves it active).</summary>
        internal override Request Release()
        {
            active = null;
            Unfinish();
            return this;
        }

        internal override void Block(RankContext ctx) => active?.Block(ctx);

        private protected override Status Deliver(string call)
        {
            if (active == null) return new Status(cMPI.ANY_SOURCE, cMPI.ANY_TAG, 0);
            return active.Finish(call);
        }

        internal override bool TryCancel(RankContext ctx) => active != null && active.TryCancel(ctx);

        internal override string Describe() => active == null ? description + " (inactive)" : description;
    }
}
