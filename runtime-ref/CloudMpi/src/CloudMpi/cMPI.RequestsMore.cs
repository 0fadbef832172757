using CloudMpi.Core;
namespace CloudMpi;

/// <summary>Waitsome, Testany, Testsome, Cancel, Test_cancelled, Request_free, Get_elements.</summary>
public static partial class cMPI
{
    /// <summary>The status of an inactive or null request (MPI-3.1 3.7.3: "empty").</summary>
    internal static Status EmptyStatus => new(ANY_SOURCE, ANY_TAG, 0);

    /// <summary>
    /// MPI_Waitsome: wait until at least one active request completes, then finish every completed one;
    /// <paramref name="outcount"/> is UNDEFINED when none is active. <paramref name="statuses"/> may be null (MPI_STATUSES_IGNORE).
    /// </summary>
    public static int Waitsome(int incount, Request[] requests, out int outcount, int[] indices, Status[]? statuses)
    {
        const string call = "MPI_Waitsome";
        var ctx = Ctx(call);
        CheckRequests(call, incount, requests);
        RunPendingCollectives(ctx, requests, incount);
        if (!AnyActive(requests, incount))
        {
            outcount = UNDEFINED;
            return SUCCESS;
        }
        ctx.Wait.Set(call, null, null, 0, false, 0);
        ctx.Wait.Detail = $"{incount} requests";
        ctx.Mailbox.WaitUntil(() => FirstComplete(requests, incount));
        outcount = FinishCompleted(call, incount, requests, indices, statuses, out bool inStatus);
        if (inStatus) throw InStatus(call);
        return SUCCESS;
    }

    /// <summary>MPI_Testsome: Waitsome without waiting (outcount 0 when none has completed).</summary>
    public static int Testsome(int incount, Request[] requests, out int outcount, int[] indices, Status[]? statuses)
    {
        const string call = "MPI_Testsome";
        var ctx = Ctx(call);
        CheckRequests(call, incount, requests);
        RunPendingCollectives(ctx, requests, incount);
        ProgressUnlessComplete(ctx, requests, incount);
        bool inStatus = false;
        outcount = AnyActive(requests, incount) ? FinishCompleted(call, incount, requests, indices, statuses, out inStatus) : UNDEFINED;
        ctx.Mailbox.Checked(outcount != 0);
        if (inStatus) throw InStatus(call);
        return SUCCESS;
    }

    /// <summary>MPI_Testany: finish one completed request if there is one; flag 1 and index UNDEFINED when none is active.</summary>
    public static int Testany(int count, Request[] requests, out int index, out int flag, out Status status)
    {
        const string call = "MPI_Testany";
        var ctx = Ctx(call);
        CheckRequests(call, count, requests);
        RunPendingCollectives(ctx, requests, count);
        status = EmptyStatus;
        index = UNDEFINED;
        if (!AnyActive(requests, count))
        {
            flag = 1;
            return SUCCESS;
        }
        int i = FirstComplete(requests, count);
        if (i < 0)
        {
            ctx.Mailbox.Progress();
            i = FirstComplete(requests, count);
        }
        ctx.Mailbox.Checked(i >= 0);
        if (i < 0)
        {
            flag = 0;
            return SUCCESS;
        }
        flag = 1;
        index = i;
        FinishAndRelease(call, requests, i, out status);
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Cancel: a receive not yet matched is withdrawn (its status then says cancelled); a send has already been
    /// delivered (sends are eager), so cancelling it fails, which MPI allows. Either way Wait/Test must follow.
    /// </summary>
    public static int Cancel(ref Request request)
    {
        const string call = "MPI_Cancel";
        var ctx = Ctx(call);
        var r = request ?? REQUEST_NULL;
        if (r == REQUEST_NULL) throw new MpiException(call, ERR_REQUEST, "cannot cancel MPI_REQUEST_NULL");
        r.TryCancel(ctx);
        return SUCCESS;
    }

    public static int Test_cancelled(Status status, out int flag)
    {
        flag = status.Cancelled ? 1 : 0;
        return SUCCESS;
    }

    /// <summary>Test_cancelled for translated <c>MPI_Test_cancelled(&amp;status, &amp;flag)</c>.</summary>
    public static int Test_cancelled(ref Status status, out int flag) => Test_cancelled(status, out flag);

    /// <summary>
    /// MPI_Request_free: the handle becomes REQUEST_NULL; the operation itself still completes (a send has left
    /// already; a receive stays posted and consumes its message).
    /// </summary>
    public static int Request_free(ref Request request)
    {
        const string call = "MPI_Request_free";
        Ctx(call);
        if (request is null || request == REQUEST_NULL) throw new MpiException(call, ERR_REQUEST, "cannot free MPI_REQUEST_NULL");
        request = REQUEST_NULL;
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Get_elements: the basic elements received (MPI-4.0 5.1.11): whole elements of <paramref name="datatype"/>
    /// and the basic elements of a partial last one; MPI_UNDEFINED when the bytes end inside a basic element.
    /// For a predefined datatype it is the count (Open MPI counts a pair type such as MPI_2INT as one element).
    /// </summary>
    public static int Get_elements(Status status, Datatype datatype, out int count)
    {
        ArgumentNullException.ThrowIfNull(datatype);
        Buffers.CheckUsable("MPI_Get_elements", datatype);
        if (datatype.IsPredefined) return Get_count(status, datatype, out count);
        count = BasicElements(status.ByteCount, datatype);
        return SUCCESS;
    }

    private static int BasicElements(long bytes, Datatype type)
    {
        if (type.Size == 0) return 0;
        long perElement = type.Basics.Sum(r => r.Count);
        long elements = bytes / type.Size * perElement;
        long rest = bytes % type.Size;
        foreach (var run in type.Basics)
        {
            if (rest == 0) break;
            long whole = Math.Min(run.Count, rest / run.Bytes);
            elements += whole;
            rest -= whole * run.Bytes;
            if (whole < run.Count) break;
        }
        return rest != 0 || elements > int.MaxValue ? UNDEFINED : (int)elements;
    }

    public static int Get_elements(ref Status status, Datatype datatype, out int count) => Get_elements(status, datatype, out count);

    /// <summary>MPI_Get_elements_x: MPI_Get_elements as an MPI_Count (MPI_UNDEFINED as it is).</summary>
    public static int Get_elements_x(Status status, Datatype datatype, out long count)
    {
        int rc = Get_elements(status, datatype, out int elements);
        count = elements;
        return rc;
    }

    public static int Get_elements_x(ref Status status, Datatype datatype, out long count) => Get_elements_x(status, datatype, out count);

    // ------------------------------------------------------------------ helpers

    private static void CheckRequests(string call, int count, Request[] requests)
    {
        if (count < 0 || requests == null || count > requests.Length)
            throw new MpiException(call, ERR_COUNT, $"count {count} does not fit the request array ({requests?.Length ?? 0})");
    }

    private static bool AnyActive(Request[] requests, int count)
    {
        for (int i = 0; i < count; i++) if (requests[i] is { IsActive: true }) return true;
        return false;
    }

    /// <summary>Finish and release every completed request; <paramref name="inStatus"/> when one was a truncated
    /// receive (its status then says MPI_ERR_TRUNCATE, and the call returns MPI_ERR_IN_STATUS).</summary>
    private static int FinishCompleted(string call, int count, Request[] requests, int[] indices, Status[]? statuses, out bool inStatus)
    {
        CheckArray(call, "indices", indices, 1);
        inStatus = false;
        int n = 0;
        for (int i = 0; i < count; i++)
        {
            var r = requests[i];
            if (r is not { IsActive: true } || !r.IsComplete) continue;
            if (n >= indices.Length) throw new MpiException(call, ERR_ARG, $"indices has {indices.Length} entries, more are needed");
            var st = FinishOneOfSeveral(call, r, ref inStatus);
            requests[i] = r.Release();
            indices[n] = i;
            if (statuses != null) statuses[n] = st;
            n++;
        }
        return n;
    }
}
