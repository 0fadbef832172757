using System.Buffers.Binary;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using CloudMpi.Libc;
using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// One-sided communication (MPI-3.1 chapter 11): windows, Put / Get / Accumulate, fence and passive-target
/// lock/unlock synchronisation. Operations are messages on a reserved context, applied by the target's mailbox
/// when they arrive (<see cref="HandleRma"/>); the origin waits for their acknowledgements at the next
/// synchronisation call, so everything is in place when Win_fence or Win_unlock returns.
/// </summary>
public static partial class cMPI
{
    public const int LOCK_EXCLUSIVE = 1;
    public const int LOCK_SHARED = 2;
    public const int MODE_NOCHECK = 1;
    public const int MODE_NOPRECEDE = 2;
    public const int MODE_NOPUT = 4;
    public const int MODE_NOSTORE = 8;
    public const int MODE_NOSUCCEED = 16;

    public static readonly Win WIN_NULL = Win.Null;

    /// <summary>The context RMA messages travel on: below every communicator's (those are >= -2).</summary>
    internal const int RmaContext = -1000;

    private enum RmaOp { Put = 1, Get, Accumulate, Lock, Unlock, FetchAndOp, CompareAndSwap }

    private const int HeaderBytes = 36;

    // ------------------------------------------------------------------ window creation and freeing

    /// <summary>MPI_Win_create: expose <c>size</c> bytes of <paramref name="win_base"/> from <paramref name="offset"/> (collective).</summary>
    public static int Win_create<T>(T[] win_base, int offset, long size, int disp_unit, Info info, Comm comm, out Win win) where T : unmanaged
    {
        const string call = "MPI_Win_create";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (size < 0) throw new MpiException(call, ERR_SIZE, $"negative window size {size}");
        if (disp_unit <= 0) throw new MpiException(call, ERR_DISP, $"displacement unit {disp_unit} must be positive");
        int elementSize = Unsafe.SizeOf<T>();
        if (size % elementSize != 0)
            throw new MpiException(call, ERR_ARG, $"window size {size} is not a whole number of {typeof(T).Name} ({elementSize} bytes)");
        int count = (int)(size / elementSize);
        if (win_base == null ? count > 0 : offset < 0 || offset + count > win_base.Length)
            throw new MpiException(call, ERR_BUFFER, $"{size} bytes from offset {offset} overrun the base array ({win_base?.Length ?? 0} elements)");
        win = CreateWindow(ctx, call, comm, new WindowMemory<T>(win_base ?? [], offset, count), size, disp_unit);
        win.Hints = info is null || info.IsNull ? null : info.Dup();  // MPI_Win_get_info gives them back
        return SUCCESS;
    }

    /// <summary>MPI_Win_allocate: a new zeroed array of <paramref name="size"/> bytes, exposed as a window (collective).</summary>
    public static int Win_allocate<T>(long size, int disp_unit, Info info, Comm comm, out T[] baseptr, out Win win) where T : unmanaged
        => AllocateWindow("MPI_Win_allocate", size, disp_unit, comm, out baseptr, out win);

    /// <summary>MPI_Win_allocate into a pointer variable the program moves (<c>double *p; ... p + k</c>): a view of the new memory.</summary>
    public static int Win_allocate<T>(long size, int disp_unit, Info info, Comm comm, out Ptr<T> baseptr, out Win win) where T : unmanaged
    {
        AllocateWindow("MPI_Win_allocate", size, disp_unit, comm, out T[] memory, out win);
        baseptr = new Ptr<T>(memory, 0);
        return SUCCESS;
    }

    private static int AllocateWindow<T>(string call, long size, int disp_unit, Comm comm, out T[] baseptr, out Win win) where T : unmanaged
    {
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (size < 0) throw new MpiException(call, ERR_SIZE, $"negative window size {size}");
        if (disp_unit <= 0) throw new MpiException(call, ERR_DISP, $"displacement unit {disp_unit} must be positive");
        int elementSize = Unsafe.SizeOf<T>();
        baseptr = new T[(size + elementSize - 1) / elementSize];
        win = CreateWindow(ctx, call, comm, new WindowMemory<T>(baseptr, 0, baseptr.Length), size, disp_unit);
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Win_allocate given, for its <c>void *baseptr</c>, a pointer to memory rather than the address of a pointer
    /// (<c>char *buf; MPI_Win_allocate(n, 1, info, comm, buf, &amp;win)</c>): C then stores the new memory's address
    /// in the first 8 bytes <paramref name="baseptr"/> points to, and so does this (the address cMPI.AddressOf gives,
    /// which <c>(T *)</c> of those bytes' value finds again).
    /// </summary>
    public static int Win_allocate<T>(long size, int disp_unit, Info info, Comm comm, Ptr<T> baseptr, out Win win) where T : unmanaged
    {
        Win made = WIN_NULL;
        StoreWindowAddress("MPI_Win_allocate", baseptr, () =>
        {
            Win_allocate(size, disp_unit, info, comm, out byte[] memory, out made);
            return memory;
        });
        win = made;
        return SUCCESS;
    }

    /// <summary>
    /// The window calls given memory for their <c>void *baseptr</c>: <paramref name="baseptr"/> is checked before
    /// <paramref name="allocate"/> runs the (collective) allocation, then the new memory's address goes into its first
    /// 8 bytes, as C stores it there.
    /// </summary>
    internal static void StoreWindowAddress<T>(string call, Ptr<T> baseptr, Func<byte[]> allocate) where T : unmanaged
    {
        if (baseptr.IsNull)
            throw new MpiException(call, ERR_ARG, "baseptr is NULL: there is nowhere to store the window's address");
        // a view too: a `uint64_t *` aligned into a char pool stores the address in the pool's bytes
        var into = MemoryMarshal.AsBytes(baseptr.AsSpan());
        if (into.Length < sizeof(long))
            throw new MpiException(call, ERR_ARG, $"baseptr points to {into.Length} bytes, too few to hold an address");
        byte[] memory = allocate();
        BinaryPrimitives.WriteInt64LittleEndian(into, AddressOf(memory));
    }

    private static Win CreateWindow(RankContext ctx, string call, Comm comm, WindowMemory memory, long size, int dispUnit)
    {
        // Windows on a communicator are created in the same order by all its members (the call is collective),
        // so (context, count so far) names the same window everywhere without a message.
        int number = ctx.WindowsCreated.TryGetValue(comm.P2PContext, out int n) ? n : 0;
        ctx.WindowsCreated[comm.P2PContext] = number + 1;
        var key = new WinKey(comm.P2PContext, number);
        ctx.Windows[key] = memory;
        // The exchange also makes sure every member has registered its memory before anyone targets it.
        int size0 = comm.SizeIn(ctx);
        long[] mine = [size, dispUnit];
        long[] all = new long[2 * size0];
        AllgatherCore(ctx, call, System.Runtime.InteropServices.MemoryMarshal.AsBytes(mine.AsSpan()),
            System.Runtime.InteropServices.MemoryMarshal.AsBytes(all.AsSpan()), 2, Datatype.MPI_LONG, null, null, comm);
        var sizes = new long[size0];
        var units = new int[size0];
        for (int r = 0; r < size0; r++)
        {
            sizes[r] = all[2 * r];
            units[r] = (int)all[2 * r + 1];
        }
        return new Win(key, comm, sizes, units);
    }

    /// <summary>MPI_Win_free: completes this rank's operations, waits for every member, then forgets the window.</summary>
    public static int Win_free(ref Win win)
    {
        const string call = "MPI_Win_free";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        DeleteAttributes(ctx, call, win);  // the program's delete functions (Open MPI: before the window's memory goes)
        CompletePending(ctx, call, w, target: -1);
        Barrier(w.Comm);
        ctx.Windows.TryRemove(w.Key, out _);
        SharedWindows.Forget(ctx, w.Key);
        win = WIN_NULL;
        return SUCCESS;
    }

    // ------------------------------------------------------------------ synchronisation

    /// <summary>MPI_Win_fence: every operation any member started before the fence is complete when it returns.</summary>
    public static int Win_fence(int assert, Win win)
    {
        const string call = "MPI_Win_fence";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        DeleteAttributes(ctx, call, win);  // the program's delete functions (Open MPI: before the window's memory goes)
        CompletePending(ctx, call, w, target: -1);
        Barrier(w.Comm);
        return SUCCESS;
    }

    /// <summary>MPI_Win_lock: returns once the target granted the lock (exclusive, or shared with other shared holders).</summary>
    public static int Win_lock(int lock_type, int rank, int assert, Win win)
    {
        const string call = "MPI_Win_lock";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        CheckTarget(call, ctx, w, rank);
        if (lock_type != LOCK_EXCLUSIVE && lock_type != LOCK_SHARED)
            throw new MpiException(call, ERR_LOCKTYPE, $"invalid lock type {lock_type}");
        if (!w.Locked.Add(rank)) throw new MpiException(call, ERR_RMA_SYNC, $"rank {rank} is already locked by this process");
        var ack = SendRma(ctx, w, RmaOp.Lock, rank, 0, 0, null, null, lock_type == LOCK_EXCLUSIVE ? 1 : 0, []);
        ctx.Wait.Set(call, w.Comm, "rank", rank, false, 0);
        ctx.Mailbox.WaitFor(ack);
        return SUCCESS;
    }

    /// <summary>MPI_Win_unlock: completes the operations on <paramref name="rank"/>, then releases the lock.</summary>
    public static int Win_unlock(int rank, Win win)
    {
        const string call = "MPI_Win_unlock";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        CheckTarget(call, ctx, w, rank);
        if (!w.Locked.Remove(rank)) throw new MpiException(call, ERR_RMA_SYNC, $"rank {rank} is not locked by this process");
        CompletePending(ctx, call, w, rank);
        var ack = SendRma(ctx, w, RmaOp.Unlock, rank, 0, 0, null, null, 0, []);
        ctx.Wait.Set(call, w.Comm, "rank", rank, false, 0);
        ctx.Mailbox.WaitFor(ack);
        return SUCCESS;
    }

    /// <summary>MPI_Win_flush: completes this rank's operations on <paramref name="rank"/> inside a lock epoch.</summary>
    public static int Win_flush(int rank, Win win)
    {
        const string call = "MPI_Win_flush";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        CheckTarget(call, ctx, w, rank);
        CompletePending(ctx, call, w, rank);
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Put, Get, Accumulate

    public static int Put<T>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Win win) where T : unmanaged
    {
        const string call = "MPI_Put";
        var ctx = Ctx(call);
        var data = Buffers.Data(call, origin_addr, origin_offset, origin_count, origin_datatype);
        PutCore(ctx, call, data.Bytes, target_rank, target_disp, target_count, target_datatype, win);
        return SUCCESS;
    }

    public static int Put<T>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Win win) where T : unmanaged
    {
        const string call = "MPI_Put";
        var ctx = Ctx(call);
        var data = Buffers.DataScalar(call, ref origin_addr, origin_count, origin_datatype);
        PutCore(ctx, call, data.Bytes, target_rank, target_disp, target_count, target_datatype, win);
        return SUCCESS;
    }

    /// <summary>MPI_Get: completes at once (the reply is awaited here), which MPI allows: the data is in place by the next synchronisation.</summary>
    public static int Get<T>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Win win) where T : unmanaged
    {
        const string call = "MPI_Get";
        var ctx = Ctx(call);
        var into = Buffers.Data(call, origin_addr, origin_offset, origin_count, origin_datatype);
        GetCore(ctx, call, into.Bytes, target_rank, target_disp, target_count, target_datatype, win);
        into.Commit();
        return SUCCESS;
    }

    public static int Get<T>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Win win) where T : unmanaged
    {
        const string call = "MPI_Get";
        var ctx = Ctx(call);
        var into = Buffers.DataScalar(call, ref origin_addr, origin_count, origin_datatype);
        GetCore(ctx, call, into.Bytes, target_rank, target_disp, target_count, target_datatype, win);
        into.Commit();
        return SUCCESS;
    }

    public static int Accumulate<T>(T[] origin_addr, int origin_offset, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win) where T : unmanaged
    {
        const string call = "MPI_Accumulate";
        var ctx = Ctx(call);
        var data = Buffers.Data(call, origin_addr, origin_offset, origin_count, origin_datatype);
        AccumulateCore(ctx, call, data.Bytes, target_rank, target_disp, target_count, target_datatype, op, win);
        return SUCCESS;
    }

    public static int Accumulate<T>(ref T origin_addr, int origin_count, Datatype origin_datatype,
        int target_rank, long target_disp, int target_count, Datatype target_datatype, Op op, Win win) where T : unmanaged
    {
        const string call = "MPI_Accumulate";
        var ctx = Ctx(call);
        var data = Buffers.DataScalar(call, ref origin_addr, origin_count, origin_datatype);
        AccumulateCore(ctx, call, data.Bytes, target_rank, target_disp, target_count, target_datatype, op, win);
        return SUCCESS;
    }

    private static void PutCore(RankContext ctx, string call, ReadOnlySpan<byte> data, int target, long disp, int count, Datatype type, Win win)
    {
        var w = CheckWin(call, win);
        if (target == PROC_NULL) return;
        long at = CheckTargetRange(call, ctx, w, target, disp, count, type, data.Length);
        AddPending(w, target, SendRma(ctx, w, RmaOp.Put, target, at, data.Length, WireType(type), null,
            Scattered(type, count), WithLayout(type, count, data)));
    }

    private static void GetCore(RankContext ctx, string call, Span<byte> into, int target, long disp, int count, Datatype type, Win win)
    {
        var w = CheckWin(call, win);
        if (target == PROC_NULL) return;
        long at = CheckTargetRange(call, ctx, w, target, disp, count, type, into.Length);
        var reply = SendRma(ctx, w, RmaOp.Get, target, at, into.Length, WireType(type), null,
            Scattered(type, count), WithLayout(type, count, []));
        ctx.Wait.Set(call, w.Comm, "target", target, false, 0);
        ctx.Mailbox.WaitFor(reply);
        reply.Reply.AsSpan(0, into.Length).CopyTo(into);
    }

    private static void AccumulateCore(RankContext ctx, string call, ReadOnlySpan<byte> data, int target, long disp, int count, Datatype type, Op op, Win win)
    {
        var w = CheckWin(call, win);
        if (op is null) throw new MpiException(call, ERR_OP, "the operation is no MPI_Op");
        if (target == PROC_NULL) return;
        long at = CheckTargetRange(call, ctx, w, target, disp, count, type, data.Length);
        var element = WireType(type);
        if (element is null)
            throw new MpiException(call, ERR_TYPE, $"an accumulation into {type.Name} needs a datatype of one basic type");
        if (!op.IsOneSidedOnly) CheckOpForType(call, op, element);
        AddPending(w, target, SendRma(ctx, w, RmaOp.Accumulate, target, at, data.Length, element, op,
            Scattered(type, count), WithLayout(type, count, data)));
    }

    /// <summary>The predefined datatype a request names: the type itself, or the one basic type a derived type is made
    /// of (an accumulation applies its op to those), or null for a derived type of several (moved as bytes).</summary>
    private static Datatype? WireType(Datatype type) =>
        type.Kind is ElementKind.Derived ? type.Leaf is { Kind: not ElementKind.Derived and not ElementKind.Pair } leaf ? leaf : null : type;

    /// <summary>
    /// A request's payload: for a target datatype that is not one run of bytes (a halo column as MPI_Type_vector, a
    /// block of a matrix as a subarray), the runs its count elements cover in the target's window first (their number,
    /// then each one's byte displacement from the target position and length), then the packed data. The target
    /// scatters the data into the runs (Put, Accumulate) or gathers it from them (Get), as MPI's target typemap says.
    /// </summary>
    private static int Scattered(Datatype type, int count) => type.IsContiguous(count) ? 0 : 1;

    private static byte[] WithLayout(Datatype type, int count, ReadOnlySpan<byte> data)
    {
        if (type.IsContiguous(count)) return data.ToArray();
        var runs = new List<Block>();
        for (int i = 0; i < count; i++)
            foreach (var b in type.Map.Blocks) runs.Add(b with { Disp = i * type.Extent + b.Disp });
        var payload = new byte[4 + runs.Count * 12 + data.Length];
        var p = payload.AsSpan();
        BinaryPrimitives.WriteInt32LittleEndian(p, runs.Count);
        for (int k = 0; k < runs.Count; k++)
        {
            BinaryPrimitives.WriteInt64LittleEndian(p[(4 + 12 * k)..], runs[k].Disp);
            BinaryPrimitives.WriteInt32LittleEndian(p[(12 + 12 * k)..], runs[k].Bytes);
        }
        data.CopyTo(p[(4 + 12 * runs.Count)..]);
        return payload;
    }

    // ------------------------------------------------------------------ the wire

    /// <summary>Send one RMA request to <paramref name="target"/>; the returned entry completes with the target's reply.</summary>
    private static SyncSendEntry SendRma(RankContext ctx, Win w, RmaOp op, int target, long byteOffset, int bytes,
        Datatype? type, Op? reduce, int flag, ReadOnlySpan<byte> payload)
    {
        var data = new byte[HeaderBytes + payload.Length];
        var h = data.AsSpan();
        BinaryPrimitives.WriteInt32LittleEndian(h, w.Key.Context);
        BinaryPrimitives.WriteInt32LittleEndian(h[4..], w.Key.Number);
        BinaryPrimitives.WriteInt32LittleEndian(h[8..], (int)op);
        BinaryPrimitives.WriteInt64LittleEndian(h[12..], byteOffset);
        BinaryPrimitives.WriteInt32LittleEndian(h[20..], bytes);
        BinaryPrimitives.WriteInt32LittleEndian(h[24..], type is null ? -1 : WireCodes.Of(type));
        BinaryPrimitives.WriteInt32LittleEndian(h[28..], reduce is null ? -1 : WireCodes.Of(reduce));
        BinaryPrimitives.WriteInt32LittleEndian(h[32..], flag);
        payload.CopyTo(h[HeaderBytes..]);
        var m = new cMPIMessage { Data = data, Source = w.Comm.RankIn(ctx), Tag = (int)op, Context = RmaContext };
        return ctx.SendSync(w.Comm.ToWorld(ctx, target), m);
    }

    /// <summary>
    /// Apply an RMA request at its target: called by the target's mailbox when the message arrives in order,
    /// on the delivering thread and outside the mailbox lock. Replies go straight back to the origin.
    /// </summary>
    internal static void HandleRma(RankContext target, cMPIMessage m)
    {
        var h = m.Data.AsSpan();
        var key = new WinKey(BinaryPrimitives.ReadInt32LittleEndian(h), BinaryPrimitives.ReadInt32LittleEndian(h[4..]));
        var op = (RmaOp)BinaryPrimitives.ReadInt32LittleEndian(h[8..]);
        long at = BinaryPrimitives.ReadInt64LittleEndian(h[12..]);
        int bytes = BinaryPrimitives.ReadInt32LittleEndian(h[20..]);
        int typeCode = BinaryPrimitives.ReadInt32LittleEndian(h[24..]);
        int opCode = BinaryPrimitives.ReadInt32LittleEndian(h[28..]);
        int flag = BinaryPrimitives.ReadInt32LittleEndian(h[32..]);
        var payload = h[HeaderBytes..];
        if (!target.Windows.TryGetValue(key, out var memory))
            throw new InvalidOperationException($"rank {target.WorldRank}: RMA request for unknown window {key}");
        byte[] reply = [];
        bool replyNow = true;
        if (flag != 0 && op is RmaOp.Put or RmaOp.Get or RmaOp.Accumulate)
        {
            HandleScattered(target, m, memory, op, at, bytes, typeCode, opCode, payload);
            return;
        }
        lock (memory.Gate)
        {
            switch (op)
            {
                case RmaOp.Put:
                    payload.CopyTo(memory.At(at, bytes));
                    break;
                case RmaOp.Get:
                    reply = memory.At(at, bytes).ToArray();
                    break;
                case RmaOp.Accumulate:
                    Combine(WireCodes.Op(opCode), WireCodes.Type(typeCode), memory.At(at, bytes), payload);
                    break;
                case RmaOp.FetchAndOp: // the old value goes back, then the op applies, in one step under the window's lock
                    reply = memory.At(at, bytes).ToArray();
                    Combine(WireCodes.Op(opCode), WireCodes.Type(typeCode), memory.At(at, bytes), payload);
                    break;
                case RmaOp.CompareAndSwap: // payload: the new value, then the value to compare with
                    var current = memory.At(at, bytes);
                    reply = current.ToArray();
                    if (current.SequenceEqual(payload.Slice(bytes, bytes))) payload[..bytes].CopyTo(current);
                    break;
                case RmaOp.Lock:
                    bool exclusive = flag != 0;
                    if (memory.Waiting.Count == 0 && CanGrant(memory, exclusive)) Grant(memory, m.SenderWorldRank, exclusive);
                    else
                    {
                        memory.Waiting.Enqueue((m.SenderWorldRank, m.MsgId, exclusive));
                        replyNow = false;
                    }
                    break;
                case RmaOp.Unlock:
                    if (memory.ExclusiveHolder == m.SenderWorldRank) memory.ExclusiveHolder = -1;
                    else memory.SharedHolders--;
                    break;
            }
        }
        if (replyNow) Reply(target, m.SenderWorldRank, m.MsgId, reply);
        if (op == RmaOp.Unlock) GrantWaiting(target, memory);
    }

    /// <summary>A Put, Get or Accumulate whose target datatype is several runs of bytes (<see cref="WithLayout"/>).</summary>
    private static void HandleScattered(RankContext target, cMPIMessage m, WindowMemory memory, RmaOp op, long at, int bytes,
        int typeCode, int opCode, ReadOnlySpan<byte> payload)
    {
        int n = BinaryPrimitives.ReadInt32LittleEndian(payload);
        var data = payload[(4 + 12 * n)..];
        byte[] reply = op == RmaOp.Get ? new byte[bytes] : [];
        lock (memory.Gate)
        {
            int pos = 0;
            for (int k = 0; k < n; k++)
            {
                long disp = BinaryPrimitives.ReadInt64LittleEndian(payload[(4 + 12 * k)..]);
                int len = BinaryPrimitives.ReadInt32LittleEndian(payload[(12 + 12 * k)..]);
                var place = memory.At(at + disp, len);
                switch (op)
                {
                    case RmaOp.Put: data.Slice(pos, len).CopyTo(place); break;
                    case RmaOp.Get: place.CopyTo(reply.AsSpan(pos, len)); break;
                    default: Combine(WireCodes.Op(opCode), WireCodes.Type(typeCode), place, data.Slice(pos, len)); break;
                }
                pos += len;
            }
        }
        Reply(target, m.SenderWorldRank, m.MsgId, reply);
    }

    /// <summary>An accumulation at the target: REPLACE stores the origin's data, NO_OP leaves the target as it is.</summary>
    private static void Combine(Op op, Datatype type, Span<byte> target, ReadOnlySpan<byte> origin)
    {
        type = AccumulatedAs(type);
        if (op.OpCode == Op.Code.Replace) origin.CopyTo(target);
        else if (op.OpCode != Op.Code.NoOp) Reduction.Apply(op, type, target, origin);
    }

    private static bool CanGrant(WindowMemory memory, bool exclusive) =>
        memory.ExclusiveHolder < 0 && (!exclusive || memory.SharedHolders == 0);

    private static void Grant(WindowMemory memory, int origin, bool exclusive)
    {
        if (exclusive) memory.ExclusiveHolder = origin;
        else memory.SharedHolders++;
    }

    /// <summary>After an unlock: grant queued lock requests in arrival order while they fit.</summary>
    private static void GrantWaiting(RankContext target, WindowMemory memory)
    {
        var granted = new List<(int Origin, long MsgId)>();
        lock (memory.Gate)
        {
            while (memory.Waiting.Count > 0 && CanGrant(memory, memory.Waiting.Peek().Exclusive))
            {
                var (origin, msgId, exclusive) = memory.Waiting.Dequeue();
                Grant(memory, origin, exclusive);
                granted.Add((origin, msgId));
            }
        }
        foreach (var (origin, msgId) in granted) Reply(target, origin, msgId, []);
    }

    private static void Reply(RankContext target, int originWorld, long msgId, byte[] data) =>
        target.Transport.Send(originWorld, new cMPIMessage { IsAck = true, MsgId = msgId, SenderWorldRank = target.WorldRank, Data = data });

    /// <summary>Wait for the acknowledgements of this rank's operations (on one target, or all when target is -1).</summary>
    private static void CompletePending(RankContext ctx, string call, Win w, int target)
    {
        ctx.Wait.Set(call, w.Comm, null, 0, false, 0);
        ctx.Wait.Detail = "RMA acknowledgements";
        // the operations started so far, waited for outside the lock: under MPI_THREAD_MULTIPLE other threads of
        // the rank put and accumulate meanwhile (Sandia SMB's rma_mt_mpi), and their operations stay pending
        List<(int Target, SyncSendEntry Ack)> started;
        lock (w.Pending) started = w.Pending.FindAll(p => target < 0 || p.Target == target);
        foreach (var (_, ack) in started) ctx.Mailbox.WaitFor(ack);
        var done = new HashSet<SyncSendEntry>(started.Select(p => p.Ack), ReferenceEqualityComparer.Instance);
        lock (w.Pending) w.Pending.RemoveAll(p => done.Contains(p.Ack));
    }

    /// <summary>An operation whose acknowledgement the epoch's completion awaits; several threads of a rank may start
    /// operations at once (MPI_THREAD_MULTIPLE: two threads putting into one window made the list lose entries).</summary>
    private static void AddPending(Win w, int target, SyncSendEntry ack)
    {
        lock (w.Pending) w.Pending.Add((target, ack));
    }

    // ------------------------------------------------------------------ checks

    private static Win CheckWin(string call, Win win)
    {
        if (win is null || win.IsNull) throw new MpiException(call, ERR_WIN, "invalid window (MPI_WIN_NULL)");
        return win;
    }

    private static void CheckTarget(string call, RankContext ctx, Win w, int rank)
    {
        int size = w.Comm.SizeIn(ctx);
        if (rank < 0 || rank >= size) throw new MpiException(call, ERR_RANK, $"invalid target rank {rank} (window of {size} ranks)");
    }

    /// <summary>The byte offset of (disp, count x type) in the target's window, after checking it fits.</summary>
    private static long CheckTargetRange(string call, RankContext ctx, Win w, int target, long disp, int count, Datatype type, int originBytes)
    {
        CheckTarget(call, ctx, w, target);
        if (type is null) throw new MpiException(call, ERR_TYPE, "the datatype is no MPI_Datatype");
        Buffers.CheckUsable(call, type);
        if (type.Kind is not ElementKind.Derived) WireCodes.Of(type);
        if (count < 0) throw new MpiException(call, ERR_COUNT, $"negative target count {count}");
        long bytes = (long)count * type.Size;
        if (bytes != originBytes)
            throw new MpiException(call, ERR_TYPE, $"origin data ({originBytes} bytes) and target ({count} x {type.Name}) differ in size");
        long at = disp * w.DispUnits[target];
        // (a derived type's data lies between its true bounds, element after element at its extent)
        long low = count == 0 ? 0 : Math.Min(0, (count - 1) * type.Extent) + type.Map.TrueLb;
        long high = count == 0 ? 0 : Math.Max(0, (count - 1) * type.Extent) + type.Map.TrueUb;
        if (disp < 0 || at + low < 0 || at + high > w.Sizes[target])
            throw new MpiException(call, ERR_RMA_RANGE,
                $"displacement {disp} x {w.DispUnits[target]} + {bytes} bytes is outside rank {target}'s window of {w.Sizes[target]} bytes");
        return at;
    }

    /// <summary>
    /// MPI-3.1 5.9.2 defines no reduction on MPI_CHAR, but Open MPI's one-sided accumulate (osc/pt2pt) applies
    /// MPI_SUM to it, as the OSU accumulate benchmarks do: a C char is signed on x86-64, so it adds as MPI_SIGNED_CHAR.
    /// Collectives keep refusing it, as Open MPI's do.
    /// </summary>
    private static Datatype AccumulatedAs(Datatype type) => ReferenceEquals(type, Datatype.MPI_CHAR) ? Datatype.MPI_SIGNED_CHAR : type;

    private static void CheckOpForType(string call, Op op, Datatype type)
    {
        type = AccumulatedAs(type);
        WireCodes.Of(op);
        var probe = new byte[type.Size];
        try
        {
            Reduction.Apply(op, type, probe, new byte[type.Size]);
        }
        catch (InvalidOperationException ex)
        {
            throw new MpiException(call, ERR_OP, $"{op.Name} is not defined for {type.Name}: {ex.Message}");
        }
    }

    /// <summary>Predefined datatypes and ops by number, so RMA requests can name them in bytes.</summary>
    private static class WireCodes
    {
        private static readonly Datatype[] types = Predefined<Datatype>();
        private static readonly Op[] ops = Predefined<Op>();

        private static T[] Predefined<T>() where T : class =>
            typeof(T).GetFields(BindingFlags.Public | BindingFlags.Static)
                .Where(f => f.FieldType == typeof(T) && f.IsInitOnly)
                .OrderBy(f => f.Name, StringComparer.Ordinal)
                .Select(f => (T)f.GetValue(null)!)
                .ToArray();

        public static int Of(Datatype t)
        {
            int i = Array.IndexOf(types, t);
            if (i < 0) throw new MpiException("MPI RMA", ERR_TYPE, $"one-sided operations take predefined datatypes only, not {t.Name}");
            return i;
        }

        public static int Of(Op o)
        {
            int i = Array.IndexOf(ops, o);
            if (i < 0) throw new MpiException("MPI RMA", ERR_OP, $"one-sided operations take predefined ops only, not {o.Name}");
            return i;
        }

        public static Datatype Type(int code) => types[code];
        public static Op Op(int code) => ops[code];
    }
}
