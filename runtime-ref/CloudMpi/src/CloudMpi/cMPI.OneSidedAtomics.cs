using CloudMpi.Core;

namespace CloudMpi;

/// <summary>
/// MPI-3's atomic one-sided operations (MPI_Fetch_and_op, MPI_Get_accumulate, MPI_Compare_and_swap) and the
/// epoch calls around them (MPI_Win_lock_all / unlock_all, the flushes, MPI_Win_sync). Each atomic operation is one
/// request the target applies under its window's lock, returning the old contents in the same step (the shared
/// counters of dynamic load balancing: <c>MPI_Fetch_and_op(&amp;one, &amp;ticket, MPI_INT, 0, 0, MPI_SUM, win)</c>). Like
/// MPI_Get, the origin waits for the reply in the call, which MPI allows (the result is defined after the next
/// flush or synchronisation, and already is here). Every buffer is an array with an offset or a variable by
/// reference, as the translator passes C buffers; a NULL origin is allowed with MPI_NO_OP.
/// </summary>
public static partial class cMPI
{
    // ------------------------------------------------------------------ MPI_Fetch_and_op (one element)

    public static int Fetch_and_op<T>(ref T origin_addr, ref T result_addr, Datatype datatype, int target_rank, long target_disp, Op op, Win win) where T : unmanaged =>
        FetchCore(FetchAndOpCall, Buffers.Scalar(FetchAndOpCall, ref origin_addr, 1, datatype), Buffers.Scalar(FetchAndOpCall, ref result_addr, 1, datatype), target_rank, target_disp, 1, datatype, op, win);

    public static int Fetch_and_op<T>(T[] origin_addr, int origin_offset, T[] result_addr, int result_offset, Datatype datatype, int target_rank, long target_disp, Op op, Win win) where T : unmanaged =>
        FetchCore(FetchAndOpCall, Origin(FetchAndOpCall, origin_addr, origin_offset, 1, datatype, op), Buffers.Array(FetchAndOpCall, result_addr, result_offset, 1, datatype), target_rank, target_disp, 1, datatype, op, win);

    public static int Fetch_and_op<T>(T[] origin_addr, int origin_offset, ref T result_addr, Datatype datatype, int target_rank, long target_disp, Op op, Win win) where T : unmanaged =>
        FetchCore(FetchAndOpCall, Origin(FetchAndOpCall, origin_addr, origin_offset, 1, datatype, op), Buffers.Scalar(FetchAndOpCall, ref result_addr, 1, datatype), target_rank, target_disp, 1, datatype, op, win);

    public static int Fetch_and_op<T>(ref T origin_addr, T[] result_addr, int result_offset, Datatype datatype, int target_rank, long target_disp, Op op, Win win) where T : unmanaged =>
        FetchCore(FetchAndOpCall, Buffers.Scalar(FetchAndOpCall, ref origin_addr, 1, datatype), Buffers.Array(FetchAndOpCall, result_addr, result_offset, 1, datatype), target_rank, target_disp, 1, datatype, op, win);

    private const string FetchAndOpCall = "MPI_Fetch_and_op";

    // ------------------------------------------------------------------ MPI_Get_accumulate

    public static int Get_accumulate<T, TR>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        TR[] result_addr, int result_offset, int result_count, Datatype result_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win) where T : unmanaged where TR : unmanaged =>
        FetchCore(GetAccumulateCall, Origin(GetAccumulateCall, origin_addr, origin_offset, origin_count, origin_datatype, op),
            Buffers.Array(GetAccumulateCall, result_addr, result_offset, result_count, result_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);

    public static int Get_accumulate<T, TR>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        ref TR result_addr, int result_count, Datatype result_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win) where T : unmanaged where TR : unmanaged =>
        FetchCore(GetAccumulateCall, Buffers.Scalar(GetAccumulateCall, ref origin_addr, origin_count, origin_datatype),
            Buffers.Scalar(GetAccumulateCall, ref result_addr, result_count, result_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);

    public static int Get_accumulate<T, TR>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        ref TR result_addr, int result_count, Datatype result_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win) where T : unmanaged where TR : unmanaged =>
        FetchCore(GetAccumulateCall, Origin(GetAccumulateCall, origin_addr, origin_offset, origin_count, origin_datatype, op),
            Buffers.Scalar(GetAccumulateCall, ref result_addr, result_count, result_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);

    public static int Get_accumulate<T, TR>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        TR[] result_addr, int result_offset, int result_count, Datatype result_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win) where T : unmanaged where TR : unmanaged =>
        FetchCore(GetAccumulateCall, Buffers.Scalar(GetAccumulateCall, ref origin_addr, origin_count, origin_datatype),
            Buffers.Array(GetAccumulateCall, result_addr, result_offset, result_count, result_datatype),
            target_rank, target_disp, target_count, target_datatype, op, win);

    private const string GetAccumulateCall = "MPI_Get_accumulate";

    /// <summary>
    /// The origin's data of an accumulation: with MPI_NO_OP it is not read, so C may pass NULL for it (the usual
    /// atomic read); otherwise the buffer as any other.
    /// </summary>
    private static ReadOnlySpan<byte> Origin<T>(string call, T[]? buffer, int offset, int count, Datatype type, Op op) where T : unmanaged
    {
        if (buffer is null && op?.OpCode == Op.Code.NoOp) return new byte[(long)count * type.Size];
        return Buffers.Array(call, buffer, offset, count, type);
    }

    /// <summary>Fetch_and_op and Get_accumulate: the target's old contents into <paramref name="result"/>, then the op, atomically.</summary>
    private static int FetchCore(string call, ReadOnlySpan<byte> origin, Span<byte> result, int target, long disp,
        int count, Datatype type, Op op, Win win)
    {
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        if (op is null) throw new MpiException(call, ERR_OP, "the operation is no MPI_Op");
        if (target == PROC_NULL) return SUCCESS;
        if (!op.IsOneSidedOnly) CheckOpForType(call, op, type);
        // MPI-3.1 11.3.4: with MPI_NO_OP the origin's address, count and datatype are ignored (NULL, 0 is the atomic read)
        if (type is null) throw new MpiException(call, ERR_TYPE, "the datatype is no MPI_Datatype");
        if (op.OpCode == Op.Code.NoOp && count >= 0) origin = new byte[(long)count * type.Size];
        long at = CheckTargetRange(call, ctx, w, target, disp, count, type, origin.Length);
        if (result.Length != origin.Length)
            throw new MpiException(call, ERR_TYPE, $"the result buffer ({result.Length} bytes) and the target ({count} x {type.Name}) differ in size");
        var reply = SendRma(ctx, w, RmaOp.FetchAndOp, target, at, origin.Length, type, op, 0, origin);
        ctx.Wait.Set(call, w.Comm, "target", target, false, 0);
        ctx.Mailbox.WaitFor(reply);
        reply.Reply.AsSpan(0, result.Length).CopyTo(result);
        return SUCCESS;
    }

    // ------------------------------------------------------------------ MPI_Compare_and_swap (one element)

    public static int Compare_and_swap<T>(ref T origin_addr, ref T compare_addr, ref T result_addr, Datatype datatype, int target_rank, long target_disp, Win win) where T : unmanaged =>
        CompareAndSwap(Buffers.Scalar(CasCall, ref origin_addr, 1, datatype), Buffers.Scalar(CasCall, ref compare_addr, 1, datatype),
            Buffers.Scalar(CasCall, ref result_addr, 1, datatype), datatype, target_rank, target_disp, win);

    public static int Compare_and_swap<T>(T[] origin_addr, int origin_offset, T[] compare_addr, int compare_offset, T[] result_addr, int result_offset,
        Datatype datatype, int target_rank, long target_disp, Win win) where T : unmanaged =>
        CompareAndSwap(Buffers.Array(CasCall, origin_addr, origin_offset, 1, datatype), Buffers.Array(CasCall, compare_addr, compare_offset, 1, datatype),
            Buffers.Array(CasCall, result_addr, result_offset, 1, datatype), datatype, target_rank, target_disp, win);

    public static int Compare_and_swap<T>(ref T origin_addr, ref T compare_addr, T[] result_addr, int result_offset, Datatype datatype, int target_rank, long target_disp, Win win) where T : unmanaged =>
        CompareAndSwap(Buffers.Scalar(CasCall, ref origin_addr, 1, datatype), Buffers.Scalar(CasCall, ref compare_addr, 1, datatype),
            Buffers.Array(CasCall, result_addr, result_offset, 1, datatype), datatype, target_rank, target_disp, win);

    public static int Compare_and_swap<T>(T[] origin_addr, int origin_offset, T[] compare_addr, int compare_offset, ref T result_addr,
        Datatype datatype, int target_rank, long target_disp, Win win) where T : unmanaged =>
        CompareAndSwap(Buffers.Array(CasCall, origin_addr, origin_offset, 1, datatype), Buffers.Array(CasCall, compare_addr, compare_offset, 1, datatype),
            Buffers.Scalar(CasCall, ref result_addr, 1, datatype), datatype, target_rank, target_disp, win);

    private const string CasCall = "MPI_Compare_and_swap";

    private static int CompareAndSwap(ReadOnlySpan<byte> origin, ReadOnlySpan<byte> compare, Span<byte> result, Datatype datatype, int target, long disp, Win win)
    {
        var ctx = Ctx(CasCall);
        var w = CheckWin(CasCall, win);
        if (target == PROC_NULL) return SUCCESS;
        if (!(datatype.IsInteger || datatype.Kind is ElementKind.Byte or ElementKind.Bool))
            throw new MpiException(CasCall, ERR_TYPE, $"MPI_Compare_and_swap takes a C integer, logical or byte type, not {datatype.Name}");
        long at = CheckTargetRange(CasCall, ctx, w, target, disp, 1, datatype, origin.Length);
        byte[] payload = new byte[2 * origin.Length];
        origin.CopyTo(payload);
        compare.CopyTo(payload.AsSpan(origin.Length));
        var reply = SendRma(ctx, w, RmaOp.CompareAndSwap, target, at, origin.Length, datatype, null, 0, payload);
        ctx.Wait.Set(CasCall, w.Comm, "target", target, false, 0);
        ctx.Mailbox.WaitFor(reply);
        reply.Reply.AsSpan(0, result.Length).CopyTo(result);
        return SUCCESS;
    }

    // ------------------------------------------------------------------ epochs on every rank, flushes

    /// <summary>MPI_Win_lock_all: a shared lock on every rank of the window, taken in rank order.</summary>
    public static int Win_lock_all(int assert, Win win)
    {
        var w = CheckWin("MPI_Win_lock_all", win);
        int size = w.Comm.SizeIn(Ctx("MPI_Win_lock_all"));
        for (int r = 0; r < size; r++) Win_lock(LOCK_SHARED, r, assert, win);
        return SUCCESS;
    }

    /// <summary>MPI_Win_unlock_all: completes this rank's operations and releases the locks of <see cref="Win_lock_all"/>.</summary>
    public static int Win_unlock_all(Win win)
    {
        var w = CheckWin("MPI_Win_unlock_all", win);
        int size = w.Comm.SizeIn(Ctx("MPI_Win_unlock_all"));
        for (int r = 0; r < size; r++) Win_unlock(r, win);
        return SUCCESS;
    }

    /// <summary>MPI_Win_flush_all: completes this rank's operations on every target.</summary>
    public static int Win_flush_all(Win win)
    {
        const string call = "MPI_Win_flush_all";
        CompletePending(Ctx(call), call, CheckWin(call, win), target: -1);
        return SUCCESS;
    }

    /// <summary>MPI_Win_flush_local: as MPI_Win_flush (an operation completes remotely before its origin buffer is free again here).</summary>
    public static int Win_flush_local(int rank, Win win) => Win_flush(rank, win);

    /// <summary>MPI_Win_flush_local_all: as MPI_Win_flush_all.</summary>
    public static int Win_flush_local_all(Win win) => Win_flush_all(win);

    /// <summary>MPI_Win_sync: nothing to do, as a window's memory is the array itself (no separate public copy).</summary>
    public static int Win_sync(Win win)
    {
        CheckWin("MPI_Win_sync", win);
        return SUCCESS;
    }
}
