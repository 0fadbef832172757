using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// Request-based one-sided operations (MPI-3.1 11.3.5: MPI_Rput, MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate),
/// allowed only in a passive-target epoch (MPI_Win_lock, MPI_Win_lock_all) on the target. Their request completes
/// locally: the origin buffer may be reused (a put's), or holds the data (a get's). Here the data leaves in the call
/// (as MPI_Put's does) and a get waits for its reply in the call (as MPI_Get), so the request is complete when it is
/// returned; remote completion is still the epoch's business (a flush or the unlock), as MPI says.
/// </summary>
public static partial class cMPI
{
    public static int Rput<T>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Win win, out Request request) where T : unmanaged
    {
        const string call = "MPI_Rput";
        var ctx = Ctx(call);
        CheckPassiveEpoch(call, win, target_rank);
        PutCore(ctx, call, Buffers.Array(call, origin_addr, origin_offset, origin_count, origin_datatype),
            target_rank, target_disp, target_count, target_datatype, win);
        request = LocallyComplete(call);
        return SUCCESS;
    }

    public static int Rput<T>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Win win, out Request request) where T : unmanaged
    {
        const string call = "MPI_Rput";
        var ctx = Ctx(call);
        CheckPassiveEpoch(call, win, target_rank);
        PutCore(ctx, call, Buffers.Scalar(call, ref origin_addr, origin_count, origin_datatype),
            target_rank, target_disp, target_count, target_datatype, win);
        request = LocallyComplete(call);
        return SUCCESS;
    }

    public static int Rget<T>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Win win, out Request request) where T : unmanaged
    {
        const string call = "MPI_Rget";
        var ctx = Ctx(call);
        CheckPassiveEpoch(call, win, target_rank);
        GetCore(ctx, call, Buffers.Array(call, origin_addr, origin_offset, origin_count, origin_datatype),
            target_rank, target_disp, target_count, target_datatype, win);
        request = LocallyComplete(call);
        return SUCCESS;
    }

    public static int Rget<T>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Win win, out Request request) where T : unmanaged
    {
        const string call = "MPI_Rget";
        var ctx = Ctx(call);
        CheckPassiveEpoch(call, win, target_rank);
        GetCore(ctx, call, Buffers.Scalar(call, ref origin_addr, origin_count, origin_datatype),
            target_rank, target_disp, target_count, target_datatype, win);
        request = LocallyComplete(call);
        return SUCCESS;
    }

    public static int Raccumulate<T>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win, out Request request) where T : unmanaged
    {
        const string call = "MPI_Raccumulate";
        var ctx = Ctx(call);
        CheckPassiveEpoch(call, win, target_rank);
        AccumulateCore(ctx, call, Buffers.Array(call, origin_addr, origin_offset, origin_count, origin_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);
        request = LocallyComplete(call);
        return SUCCESS;
    }

    public static int Raccumulate<T>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win, out Request request) where T : unmanaged
    {
        const string call = "MPI_Raccumulate";
        var ctx = Ctx(call);
        CheckPassiveEpoch(call, win, target_rank);
        AccumulateCore(ctx, call, Buffers.Scalar(call, ref origin_addr, origin_count, origin_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);
        request = LocallyComplete(call);
        return SUCCESS;
    }

    public static int Rget_accumulate<T, TR>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        TR[] result_addr, int result_offset, int result_count, Datatype result_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win, out Request request)
        where T : unmanaged where TR : unmanaged
    {
        CheckPassiveEpoch(RgetAccumulateCall, win, target_rank);
        FetchCore(RgetAccumulateCall, Origin(RgetAccumulateCall, origin_addr, origin_offset, origin_count, origin_datatype, op),
            Buffers.Array(RgetAccumulateCall, result_addr, result_offset, result_count, result_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);
        request = LocallyComplete(RgetAccumulateCall);
        return SUCCESS;
    }

    public static int Rget_accumulate<T, TR>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        ref TR result_addr, int result_count, Datatype result_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win, out Request request)
        where T : unmanaged where TR : unmanaged
    {
        CheckPassiveEpoch(RgetAccumulateCall, win, target_rank);
        FetchCore(RgetAccumulateCall, Buffers.Scalar(RgetAccumulateCall, ref origin_addr, origin_count, origin_datatype),
            Buffers.Scalar(RgetAccumulateCall, ref result_addr, result_count, result_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);
        request = LocallyComplete(RgetAccumulateCall);
        return SUCCESS;
    }

    public static int Rget_accumulate<T, TR>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        ref TR result_addr, int result_count, Datatype result_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win, out Request request)
        where T : unmanaged where TR : unmanaged
    {
        CheckPassiveEpoch(RgetAccumulateCall, win, target_rank);
        FetchCore(RgetAccumulateCall, Origin(RgetAccumulateCall, origin_addr, origin_offset, origin_count, origin_datatype, op),
            Buffers.Scalar(RgetAccumulateCall, ref result_addr, result_count, result_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);
        request = LocallyComplete(RgetAccumulateCall);
        return SUCCESS;
    }

    public static int Rget_accumulate<T, TR>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        TR[] result_addr, int result_offset, int result_count, Datatype result_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win, out Request request)
        where T : unmanaged where TR : unmanaged
    {
        CheckPassiveEpoch(RgetAccumulateCall, win, target_rank);
        FetchCore(RgetAccumulateCall, Buffers.Scalar(RgetAccumulateCall, ref origin_addr, origin_count, origin_datatype),
            Buffers.Array(RgetAccumulateCall, result_addr, result_offset, result_count, result_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);
        request = LocallyComplete(RgetAccumulateCall);
        return SUCCESS;
    }

    private const string RgetAccumulateCall = "MPI_Rget_accumulate";

    /// <summary>MPI-3.1 11.3.5: a request-based operation outside a passive-target epoch on its target is MPI_ERR_RMA_SYNC.</summary>
    private static void CheckPassiveEpoch(string call, Win win, int target)
    {
        var w = CheckWin(call, win);
        if (target != PROC_NULL && !w.Locked.Contains(target))
            throw new MpiException(call, ERR_RMA_SYNC,
                $"rank {target} is not locked by this process: {call} needs a passive-target epoch (MPI_Win_lock or MPI_Win_lock_all)");
    }

    /// <summary>The request of an operation whose origin side is done (its status is the empty one).</summary>
    private static Request LocallyComplete(string call) => new Request.Completed(EmptyStatus, call);
}
