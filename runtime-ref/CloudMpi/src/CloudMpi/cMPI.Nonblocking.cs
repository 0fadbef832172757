using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Libc;

namespace CloudMpi;

public static partial class cMPI
{
    private static readonly Request completedSend = new Request.Completed(default, "MPI_Isend (complete)");

    /// <summary>MPI_Isend of a pointer: a view (a struct field, memory read as another type) is staged, and a receive's
    /// completion writes it back (<see cref="PtrBuffer.Pending{T}"/>). NULL is null: the array overload checks it.</summary>
    public static int Isend<T>(Ptr<T> buf, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged =>
        Isend(PtrBuffer.Pending(buf, out int offset)!, offset, count, datatype, dest, tag, comm, out request);

    /// <summary>Nonblocking send; sends are eager, so the request is complete at once (the data is copied).</summary>
    public static int Isend<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Isend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        SendCore(ctx, call, Buffers.PeerData(call, buf, offset, count, datatype, dest).Bytes, dest, tag, comm, sync: false);
        request = completedSend;
        return SUCCESS;
    }

    public static int Isend<T>(ref T buf, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Isend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        SendCore(ctx, call, Buffers.PeerDataScalar(call, ref buf, count, datatype, dest).Bytes, dest, tag, comm, sync: false);
        request = completedSend;
        return SUCCESS;
    }

    /// <summary>MPI_Issend of a pointer: a view (a struct field, memory read as another type) is staged, and a receive's
    /// completion writes it back (<see cref="PtrBuffer.Pending{T}"/>). NULL is null: the array overload checks it.</summary>
    public static int Issend<T>(Ptr<T> buf, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged =>
        Issend(PtrBuffer.Pending(buf, out int offset)!, offset, count, datatype, dest, tag, comm, out request);

    /// <summary>Nonblocking synchronous send: the request completes when the receiver has matched the message.</summary>
    public static int Issend<T>(T[] buf, int offset, int count, Datatype datatype, int dest, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Issend";
        var ctx = Ctx(call);
        CheckSend(call, ctx, comm, dest, tag);
        var data = Buffers.PeerData(call, buf, offset, count, datatype, dest);
        if (dest == PROC_NULL)
        {
            request = completedSend;
            return SUCCESS;
        }
        var m = new cMPIMessage { Data = data.Bytes.ToArray(), Source = comm.RankIn(ctx), Tag = tag, Context = comm.P2PContext, Synchronous = true };
        var entry = ctx.SendSync(comm.ToWorld(ctx, dest), m);
        request = new Request.SyncSend(entry, dest, tag, comm);
        return SUCCESS;
    }

    /// <summary>MPI_Irecv of a pointer: a view (a struct field, memory read as another type) is staged, and a receive's
    /// completion writes it back (<see cref="PtrBuffer.Pending{T}"/>). NULL is null: the array overload checks it.</summary>
    public static int Irecv<T>(Ptr<T> buf, int count, Datatype datatype, int source, int tag, Comm comm, out Request request) where T : unmanaged =>
        Irecv(PtrBuffer.Pending(buf, out int offset)!, offset, count, datatype, source, tag, comm, out request);

    /// <summary>
    /// Nonblocking receive into <c>buf[offset..]</c> (an array, since the buffer outlives the call).
    /// The data is in the buffer once Wait/Test reports completion.
    /// </summary>
    public static int Irecv<T>(T[] buf, int offset, int count, Datatype datatype, int source, int tag, Comm comm, out Request request) where T : unmanaged
    {
        const string call = "MPI_Irecv";
        var ctx = Ctx(call);
        CheckRecv(call, ctx, comm, source, tag);
        Buffers.PeerData(call, buf, offset, count, datatype, source); // checks the buffer now, as MPI_Irecv would
        if (source == PROC_NULL)
        {
            request = new Request.Completed(Status.ProcNull, "MPI_Irecv(MPI_PROC_NULL)");
            return SUCCESS;
        }
        var entry = new RecvEntry();
        entry.Reset(comm.P2PContext, source, tag);
        ctx.Mailbox.MatchOrPost(entry);
        request = new Request.Recv<T>(buf, offset, count, datatype, entry, comm);
        return SUCCESS;
    }

    public static int Wait(ref Request request, out Status status)
    {
        const string call = "MPI_Wait";
        var ctx = Ctx(call);
        try
        {
            status = WaitOne(ctx, call, request, -1);
        }
        catch (MpiException truncated) when (truncated.Truncated is not null)
        {
            status = truncated.Truncated.Value;  // complete all the same: the status says what came, the request is done
            request = (request ?? REQUEST_NULL).Release();
            throw;
        }
        request = (request ?? REQUEST_NULL).Release();
        return SUCCESS;
    }

    /// <summary>Wait for the first <paramref name="count"/> requests; <paramref name="statuses"/> may be null (MPI_STATUSES_IGNORE).</summary>
    public static int Waitall(int count, Request[] requests, Status[]? statuses)
    {
        const string call = "MPI_Waitall";
        var ctx = Ctx(call);
        if (count < 0 || requests == null || count > requests.Length)
            throw new MpiException(call, ERR_COUNT, $"count {count} does not fit the request array ({requests?.Length ?? 0})");
        if (statuses != null && statuses.Length < count)
            throw new MpiException(call, ERR_ARG, $"status array ({statuses.Length}) is shorter than count {count}");
        MpiException? first = null;
        bool inStatus = false;
        for (int i = 0; i < count; i++)
        {
            try
            {
                var st = WaitOne(ctx, call, requests[i], i);
                if (statuses != null) statuses[i] = st;
            }
            catch (MpiException truncated) when (truncated.Truncated is not null)
            {
                if (statuses != null) statuses[i] = truncated.Truncated.Value;
                inStatus = true;
            }
            catch (MpiException ex)
            {
                first ??= ex;
            }
            requests[i] = (requests[i] ?? REQUEST_NULL).Release();
        }
        if (first != null) throw first;
        if (inStatus) throw InStatus(call);
        return SUCCESS;
    }

    public static int Test(ref Request request, out int flag, out Status status)
    {
        const string call = "MPI_Test";
        var r = request ?? REQUEST_NULL;
        try
        {
            if (TestOnce(call, r, out flag, out status))
                request = r.Release();
        }
        catch (MpiException truncated) when (truncated.Truncated is not null)
        {
            flag = 1;
            status = truncated.Truncated.Value;
            request = r.Release();
            throw;
        }
        return SUCCESS;
    }

    /// <summary>
    /// One step of progress for <paramref name="r"/> (its deferred collective run, the mailbox polled), then whether it
    /// is complete: flag 1 and its status (delivered once: <see cref="Request.Finish"/>), else flag 0. MPI_Test
    /// releases a complete request after this; MPI_Request_get_status leaves it as it is.
    /// </summary>
    private static bool TestOnce(string call, Request r, out int flag, out Status status)
    {
        var ctx = Ctx(call);
        if (r is Request.DeferredCollective { IsComplete: false } c) RunPendingCollectives(ctx, c.Comm, c);
        if (!r.IsComplete) ctx.Mailbox.Progress();
        ctx.Mailbox.Checked(r.IsComplete);
        if (!r.IsComplete)
        {
            flag = 0;
            status = default;
            return false;
        }
        flag = 1;
        status = r.Finish(call);
        return true;
    }

    /// <summary>
    /// Wait until one of the first <paramref name="count"/> requests completes; <paramref name="index"/> is its
    /// position (that request becomes REQUEST_NULL), or UNDEFINED when all are REQUEST_NULL.
    /// </summary>
    public static int Waitany(int count, Request[] requests, out int index, out Status status)
    {
        const string call = "MPI_Waitany";
        var ctx = Ctx(call);
        if (count < 0 || requests == null || count > requests.Length)
            throw new MpiException(call, ERR_COUNT, $"count {count} does not fit the request array ({requests?.Length ?? 0})");
        RunPendingCollectives(ctx, requests, count);
        bool anyActive = false;
        for (int i = 0; i < count; i++) anyActive |= requests[i] is { IsActive: true };
        if (!anyActive)
        {
            index = UNDEFINED;
            status = new Status(ANY_SOURCE, ANY_TAG, 0);
            return SUCCESS;
        }
        ctx.Wait.Set(call, null, null, 0, false, 0);
        ctx.Wait.Detail = $"{count} requests";
        index = ctx.Mailbox.WaitUntil(() => FirstComplete(requests, count));
        FinishAndRelease(call, requests, index, out status);
        return SUCCESS;
    }

    private static int FirstComplete(Request[] requests, int count)
    {
        for (int i = 0; i < count; i++)
        {
            var r = requests[i];
            if (r is { IsActive: true } && r.IsComplete) return i;
        }
        return -1;
    }

    /// <summary>MPI_Testall: flag 1 (and every request finished and set to REQUEST_NULL) only if all are complete.</summary>
    public static int Testall(int count, Request[] requests, out int flag, Status[]? statuses)
    {
        const string call = "MPI_Testall";
        var ctx = Ctx(call);
        if (count < 0 || requests == null || count > requests.Length)
            throw new MpiException(call, ERR_COUNT, $"count {count} does not fit the request array ({requests?.Length ?? 0})");
        RunPendingCollectives(ctx, requests, count);
        ProgressUnlessComplete(ctx, requests, count);
        for (int i = 0; i < count; i++)
        {
            if (!(requests[i] ?? REQUEST_NULL).IsComplete)
            {
                ctx.Mailbox.NothingFound();
                flag = 0;
                return SUCCESS;
            }
        }
        ctx.Mailbox.Found();
        flag = 1;
        bool inStatus = false;
        for (int i = 0; i < count; i++)
        {
            var r = requests[i] ?? REQUEST_NULL;
            var st = FinishOneOfSeveral(call, r, ref inStatus);
            if (statuses != null) statuses[i] = st;
            requests[i] = r.Release();
        }
        if (inStatus) throw InStatus(call);
        return SUCCESS;
    }

    /// <summary>
    /// The progress of a nonblocking check (MPI_Test, Testany, Testall, Testsome, Iprobe, Improbe): when a request is
    /// still incomplete, read once what a polled transport (tcp) has for the rank, as Open MPI's tests call its progress
    /// engine. Without it a program polling with MPI_Testany or MPI_Testall left its frames to the transport's reader
    /// threads (a wake-up each), while the same loop with MPI_Test read them itself.
    /// </summary>
    private static void ProgressUnlessComplete(RankContext ctx, Request[] requests, int count)
    {
        for (int i = 0; i < count; i++)
        {
            if (requests[i] is { } r && !r.IsComplete)
            {
                ctx.Mailbox.Progress();
                return;
            }
        }
    }

    /// <summary>
    /// Finish the complete request at <paramref name="index"/> and release it (MPI_Waitany, Testany); a truncated
    /// receive is complete too: its status is given, the request released, and the error raised.
    /// </summary>
    private static void FinishAndRelease(string call, Request[] requests, int index, out Status status)
    {
        var r = requests[index];
        try
        {
            status = r.Finish(call);
        }
        catch (MpiException truncated) when (truncated.Truncated is not null)
        {
            status = truncated.Truncated.Value;
            requests[index] = r.Release();
            throw;
        }
        requests[index] = r.Release();
    }

    /// <summary>
    /// Finish a complete request for a call that completes several (Testall, Waitsome, Testsome): a truncated receive
    /// is complete too, its status says what came, and <paramref name="inStatus"/> is set so that the call raises
    /// MPI_ERR_IN_STATUS once every request is done.
    /// </summary>
    private static Status FinishOneOfSeveral(string call, Request r, ref bool inStatus)
    {
        try
        {
            return r.Finish(call);
        }
        catch (MpiException truncated) when (truncated.Truncated is not null)
        {
            inStatus = true;
            return truncated.Truncated.Value;
        }
    }

    /// <summary>What a completion of several requests returns when one of them failed: MPI_ERR_IN_STATUS, each
    /// status's MPI_ERROR saying which (MPI-3.1 3.7.5).</summary>
    private static MpiException InStatus(string call) =>
        new(call, ERR_IN_STATUS, "a request failed: its status's MPI_ERROR says how");

    private static Status WaitOne(RankContext ctx, string call, Request? request, int index)
    {
        var r = request ?? REQUEST_NULL;
        if (!r.IsComplete)
        {
            ctx.Wait.Set(call, null, null, 0, false, 0);
            ctx.Wait.SetRequest(r, index);
            r.Block(ctx);
        }
        return r.Finish(call);
    }
}
