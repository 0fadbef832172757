using System.Runtime.CompilerServices;
using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Libc;

namespace CloudMpi;

/// <summary>
/// Collectives, built on point-to-point messages in the communicator's collective context
/// (<see cref="Comm.CollectiveContext"/>), so they never match user messages whatever the tag.
/// Every rank calls collectives in the same order, so non-overtaking order keeps successive ones apart.
/// </summary>
public static partial class cMPI
{
    private const int TagBcast = 1;
    private const int TagReduce = 2;
    private const int TagReduceResult = 3;
    private const int TagBarrierIn = 4;
    private const int TagBarrierOut = 5;
    private const int TagAllreduce = 6;

    // ------------------------------------------------------------------ Barrier

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static int Barrier(Comm comm)
    {
        const string call = "MPI_Barrier";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (comm.IsInter)
        {
            InterBarrier(ctx, call, comm);
            return SUCCESS;
        }
        ctx.Wait.Set(call, comm, null, 0, false, 0);
        BeginCollective(ctx, call, comm, -1, 0, null);
        if (TransportBarrier(ctx, comm)) return SUCCESS; // CMPI_BARRIER=table on azure
        switch (CollectiveVariants.BarrierFor(ctx.Transport, comm.SizeIn(ctx)))
        {
            case CollectiveVariants.BarrierKind.Dissemination:
                DisseminationBarrier(ctx, comm);
                return SUCCESS;
            case CollectiveVariants.BarrierKind.Linear:
                LinearBarrier(ctx, comm);
                return SUCCESS;
        }
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        // Fan in to rank 0 along the binomial tree, then fan out the same way.
        for (int mask = 1; mask < size; mask <<= 1)
        {
            if ((rank & mask) != 0)
            {
                CollSend(ctx, comm, rank - mask, TagBarrierIn, []);
                break;
            }
            if (rank + mask < size) CollRecv(ctx, comm, rank + mask, TagBarrierIn);
        }
        BcastBytes(ctx, comm, 0, []);
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Bcast

    public static int Bcast<T>(T[] buf, int offset, int count, Datatype datatype, int root, Comm comm) where T : unmanaged =>
        Bcast(UserBuffer.Of(buf, offset), count, datatype, root, comm);

    public static int Bcast<T>(ref T buf, int count, Datatype datatype, int root, Comm comm) where T : unmanaged =>
        Bcast(UserBuffer.Of(ref buf), count, datatype, root, comm);

    public static int Bcast<T>(Ptr<T> buf, int count, Datatype datatype, int root, Comm comm) where T : unmanaged =>
        Bcast(UserBuffer.Of(buf), count, datatype, root, comm);

    private static int Bcast<T>(UserBuffer<T> buf, int count, Datatype datatype, int root, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Bcast";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        var data = buf.Data(call, count, datatype);
        if (comm.IsInter) InterBcast(ctx, call, data.Bytes, root, comm, datatype);
        else BcastCore(ctx, call, data.Bytes, root, comm, datatype);
        data.Commit();
        buf.Done();
        return SUCCESS;
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void BcastCore(RankContext ctx, string call, Span<byte> buf, int root, Comm comm, Datatype? type = null)
    {
        ctx.Wait.Set(call, comm, "root", root, false, 0);
        BeginCollective(ctx, call, comm, root, buf.Length, type);
        bool isRoot = comm.RankIn(ctx) == root;
        if (CollectiveVariants.BcastFor(ctx.Transport, comm.SizeIn(ctx)) == CollectiveVariants.BcastKind.Naive)
        {
            byte[] all = BcastBytes(ctx, comm, root, isRoot ? Buffers.Copy(buf) : null);
            if (!isRoot) CopyCollective(call, all, buf);
            return;
        }
        // The binomial tree over spans: the root sends from the caller's buffer, every other rank forwards the payload
        // of the message it received and copies it out, then gives that message's array back (each hop's message owns
        // its array, so large ones are pooled). One copy into each message, one out: no intermediate arrays.
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        int rel = (rank - root + size) % size;
        cMPIMessage? received = null;
        ReadOnlySpan<byte> data = buf;
        int mask = 1;
        while (mask < size)
        {
            if ((rel & mask) != 0)
            {
                int parent = (rel - mask + root) % size;
                CheckNoStaleMessage(ctx, comm, parent);
                ctx.Wait.WaitingForRank = parent;
                received = ReceiveMessage(ctx, parent, TagBcast, comm.CollectiveContext);
                ctx.Wait.WaitingForRank = WaitInfo.NoRank;
                data = CheckedPayload(ctx, comm, parent, received.Data);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1)
        {
            if (rel + mask < size) CollSend(ctx, comm, (rel + mask + root) % size, TagBcast, data);
        }
        if (received != null)
        {
            CopyCollective(call, data, buf);
            PayloadPool.Return(received);
        }
    }

    /// <summary>
    /// Binomial-tree broadcast of <paramref name="rootData"/> (significant at the root) from <paramref name="root"/>;
    /// returns the bytes at every rank. Received arrays are forwarded as they are (messages are read-only).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static byte[] BcastBytes(RankContext ctx, Comm comm, int root, byte[]? rootData)
    {
        if (CollectiveVariants.BcastFor(ctx.Transport, comm.SizeIn(ctx)) == CollectiveVariants.BcastKind.Naive) return NaiveBcastBytes(ctx, comm, root, rootData);
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        int rel = (rank - root + size) % size;
        byte[] data = rootData ?? [];
        int mask = 1;
        while (mask < size)
        {
            if ((rel & mask) != 0)
            {
                data = CollRecv(ctx, comm, (rel - mask + root) % size, TagBcast).Data;
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1)
        {
            if (rel + mask < size) CollSend(ctx, comm, (rel + mask + root) % size, TagBcast, data);
        }
        return data;
    }

    // ------------------------------------------------------------------ Reduce, Allreduce

    // Each buffer as an array and offset, a scalar's `ref` or a pointer (C passes an array for one and the address of
    // a scalar for the other): nine one-line overloads of each call, one core.

    public static int Reduce<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, root, comm);

    public static int Reduce<T>(T[] sendbuf, int sendoffset, ref T recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(ref recvbuf), count, datatype, op, root, comm);

    public static int Reduce<T>(T[] sendbuf, int sendoffset, Ptr<T> recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(recvbuf), count, datatype, op, root, comm);

    public static int Reduce<T>(ref T sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(ref sendbuf), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, root, comm);

    public static int Reduce<T>(ref T sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(ref sendbuf), UserBuffer.Of(ref recvbuf), count, datatype, op, root, comm);

    public static int Reduce<T>(ref T sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(ref sendbuf), UserBuffer.Of(recvbuf), count, datatype, op, root, comm);

    public static int Reduce<T>(Ptr<T> sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(sendbuf), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, root, comm);

    public static int Reduce<T>(Ptr<T> sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(sendbuf), UserBuffer.Of(ref recvbuf), count, datatype, op, root, comm);

    public static int Reduce<T>(Ptr<T> sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(sendbuf), UserBuffer.Of(recvbuf), count, datatype, op, root, comm);

    public static int Allreduce<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm);

    public static int Allreduce<T>(T[] sendbuf, int sendoffset, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(ref recvbuf), count, datatype, op, comm);

    public static int Allreduce<T>(T[] sendbuf, int sendoffset, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(recvbuf), count, datatype, op, comm);

    public static int Allreduce<T>(ref T sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(UserBuffer.Of(ref sendbuf), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm);

    public static int Allreduce<T>(ref T sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(UserBuffer.Of(ref sendbuf), UserBuffer.Of(ref recvbuf), count, datatype, op, comm);

    public static int Allreduce<T>(ref T sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(UserBuffer.Of(ref sendbuf), UserBuffer.Of(recvbuf), count, datatype, op, comm);

    public static int Allreduce<T>(Ptr<T> sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(UserBuffer.Of(sendbuf), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm);

    public static int Allreduce<T>(Ptr<T> sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(UserBuffer.Of(sendbuf), UserBuffer.Of(ref recvbuf), count, datatype, op, comm);

    public static int Allreduce<T>(Ptr<T> sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(UserBuffer.Of(sendbuf), UserBuffer.Of(recvbuf), count, datatype, op, comm);

    private static int Reduce<T>(UserBuffer<T> sendbuf, UserBuffer<T> recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged
    {
        if (sendbuf.IsInPlace) return Reduce(IN_PLACE, recvbuf, count, datatype, op, root, comm); // MPI_IN_PLACE in a pointer
        const string call = "MPI_Reduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, root);
        if (comm.IsInter)
        {
            // the root's group gives nothing (its send buffers may be NULL), the root alone receives
            var given = GivesNothing(root) ? default : sendbuf.Data(call, count, datatype);
            var taken = root == ROOT ? recvbuf.Data(call, count, datatype) : default;
            InterReduce(ctx, call, given.Bytes, taken.Bytes, datatype, op, root, comm);
            taken.Commit();
            recvbuf.Done();
            return SUCCESS;
        }
        if (recvbuf.IsInPlace && comm.RankIn(ctx) == root)
            throw new MpiException(call, ERR_ARG, "MPI_IN_PLACE as the root's recvbuf (it goes as the root's sendbuf)");
        var send = sendbuf.Data(call, count, datatype);
        var recv = comm.RankIn(ctx) == root ? recvbuf.Data(call, count, datatype) : default;
        ReduceCore(ctx, call, send.Bytes, recv.Bytes, datatype, op, root, comm, all: false);
        recv.Commit();
        recvbuf.Done();
        return SUCCESS;
    }

    private static int Allreduce<T>(UserBuffer<T> sendbuf, UserBuffer<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        if (sendbuf.IsInPlace) return Allreduce(IN_PLACE, recvbuf, count, datatype, op, comm);
        const string call = "MPI_Allreduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        var send = sendbuf.Data(call, count, datatype);
        var recv = recvbuf.Data(call, count, datatype);
        if (comm.IsInter) InterAllreduce(ctx, call, send.Bytes, recv.Bytes, datatype, op, comm); // the other group's
        else ReduceCore(ctx, call, send.Bytes, recv.Bytes, datatype, op, 0, comm, all: true);
        recv.Commit();
        recvbuf.Done();
        return SUCCESS;
    }

    private static void CheckReduce(string call, RankContext ctx, Datatype datatype, Op op, Comm comm, int root)
    {
        CheckRoot(call, ctx, comm, root);
        CheckOp(call, datatype, op);
    }

    internal static void CheckOp(string call, Datatype datatype, Op op)
    {
        if (op is null || op.OpCode == Op.Code.Null) throw new MpiException(call, ERR_OP, "invalid op (MPI_OP_NULL)");
        if (op.Freed) throw new MpiException(call, ERR_OP, $"op {op.Name} was freed");
        Buffers.CheckUsable(call, datatype);
        if (!op.IsDefinedFor(datatype))
            throw new MpiException(call, ERR_OP, datatype.Kind == ElementKind.Derived
                ? $"{op.Name} is not defined for the derived datatype {datatype.Name} (predefined ops take predefined types; use a user op)"
                : $"{op.Name} is not defined for datatype {datatype.Name}");
    }

    private static void ReduceCore(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        Datatype type, Op op, int root, Comm comm, bool all)
    {
        ctx.Wait.Set(call, comm, all ? null : "root", root, false, 0);
        BeginCollective(ctx, call, comm, all ? -1 : root, send.Length, type);
        if (all)
        {
            CopyCollective(call, AllreduceRecursiveDoubling(ctx, call, send.ToArray(), type, op, comm), recv);
            return;
        }
        byte[]? result = op.IsCommutative
            ? ReduceBinaryTree(ctx, call, send.ToArray(), type, op, root, comm)
            : ReduceInOrder(ctx, call, send.ToArray(), type, op, root, comm);
        if (result is not null) result.CopyTo(recv);
    }

    // THE REDUCTION ORDER. Floating-point sums depend on how partial results are
    // grouped, and a port must print what the native program prints, so these two
    // functions reproduce Open MPI 4.1's groupings for small messages (measured with
    // a logging MPI_Op under mpirun; see docs/reduction-order.md):
    //  - MPI_Reduce: the "binary" tree of coll/base (fan-out 2, ranks relative to the
    //    root): a node at level L (level sizes 1, 2, 4, ...) has children v + 2^L and
    //    v + 2^(L+1); it combines own, then the first child's subtree, then the second's.
    //    4 ranks: ((a0 + (a1 + a3)) + a2).
    //  - MPI_Allreduce: recursive doubling; with a size that is not a power of two the
    //    first 2*extra ranks fold pairwise first. 4 ranks: (a0 + a1) + (a2 + a3).
    // Every predefined op is commutative and IEEE + and * are commutative bit for bit,
    // so only the grouping matters. A non-commutative user op must see the operands in
    // rank order: Reduce then combines linearly at the root, a0 op a1 op ... (MPI only
    // fixes the order, and an associative op gives one result for any grouping);
    // recursive doubling keeps the lower ranks on the left, as Open MPI's does. Open MPI switches algorithms for large messages;
    // those orders are not reproduced yet.

    private static byte[]? ReduceBinaryTree(RankContext ctx, string call, byte[] acc, Datatype type, Op op, int root, Comm comm)
    {
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        int v = (rank - root + size) % size;
        int level = 0;
        for (int num = 1; num <= v; num += 1 << level) level++; // levels hold 1, 2, 4, ... ranks
        int delta = 1 << level;
        for (int i = 1; i <= 2; i++)
        {
            long child = v + (long)delta * i;
            if (child >= size) break;
            int childRank = (int)((child + root) % size);
            CombineFrom(ctx, call, acc, type, op, comm, childRank, TagReduce);
        }
        if (v == 0) return acc;
        CollSend(ctx, comm, (ParentInBinaryTree(v) + root) % size, TagReduce, acc);
        return null;
    }

    /// <summary>For a non-commutative op: the root combines every rank's data in rank order.</summary>
    private static byte[]? ReduceInOrder(RankContext ctx, string call, byte[] mine, Datatype type, Op op, int root, Comm comm)
    {
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        if (rank != root)
        {
            CollSend(ctx, comm, root, TagReduce, mine);
            return null;
        }
        byte[] acc = root == 0 ? mine : ReceiveChecked(ctx, call, comm, 0, TagReduce, mine.Length, rank);
        for (int r = 1; r < size; r++)
        {
            byte[] next = r == root ? mine : ReceiveChecked(ctx, call, comm, r, TagReduce, mine.Length, rank);
            Reduction.Apply(op, type, acc, next);
        }
        return acc;
    }

    /// <summary>The parent of virtual rank v (> 0) in coll/base's fan-out-2 tree.</summary>
    private static int ParentInBinaryTree(int v)
    {
        int level = 0;
        for (int num = 1; num <= v; num += 1 << level) level++; // levels hold 1, 2, 4, ... ranks
        int parentDelta = 1 << (level - 1);           // the parent's level is level - 1
        int levelStart = (1 << (level - 1)) - 1;       // first virtual rank of the parent's level
        // v = parent + parentDelta * i with i in {1, 2} and parent in [levelStart, levelStart + parentDelta)
        int parent = v - parentDelta;
        return parent >= levelStart + parentDelta ? parent - parentDelta : parent;
    }

    private static byte[] AllreduceRecursiveDoubling(RankContext ctx, string call, byte[] acc, Datatype type, Op op, Comm comm)
    {
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        int adjsize = 1;
        while (adjsize * 2 <= size) adjsize *= 2;
        int extra = size - adjsize;
        int newrank;
        if (rank < 2 * extra)
        {
            if (rank % 2 == 0)
            {
                CollSend(ctx, comm, rank + 1, TagAllreduce, acc);
                newrank = -1;
            }
            else
            {
                // (a[rank-1] op a[rank]): the lower rank on the left, for non-commutative ops.
                byte[] lower = ReceiveChecked(ctx, call, comm, rank - 1, TagAllreduce, acc.Length, rank);
                Reduction.Apply(op, type, lower, acc);
                acc = lower;
                newrank = rank / 2;
            }
        }
        else newrank = rank - extra;
        if (newrank >= 0)
        {
            for (int distance = 1; distance < adjsize; distance <<= 1)
            {
                int newpeer = newrank ^ distance;
                int peer = newpeer < extra ? newpeer * 2 + 1 : newpeer + extra;
                // Both sides compute lower-ranked group op higher-ranked group: the same bits everywhere.
                byte[] mine = (byte[])acc.Clone();
                CollSend(ctx, comm, peer, TagAllreduce, mine);
                byte[] theirs = ReceiveChecked(ctx, call, comm, peer, TagAllreduce, acc.Length, rank);
                if (peer < rank)
                {
                    Reduction.Apply(op, type, theirs, acc);
                    acc = theirs;
                }
                else Reduction.Apply(op, type, acc, theirs);
            }
        }
        if (rank < 2 * extra)
        {
            if (rank % 2 == 1) CollSend(ctx, comm, rank - 1, TagAllreduce, acc);
            else acc = ReceiveChecked(ctx, call, comm, rank + 1, TagAllreduce, acc.Length, rank);
        }
        return acc;
    }

    private static void CombineFrom(RankContext ctx, string call, byte[] acc, Datatype type, Op op, Comm comm, int source, int tag)
    {
        byte[] theirs = ReceiveChecked(ctx, call, comm, source, tag, acc.Length, comm.RankIn(ctx));
        Reduction.Apply(op, type, acc, theirs); // acc = acc op theirs
    }

    private static byte[] ReceiveChecked(RankContext ctx, string call, Comm comm, int source, int tag, int length, int rank)
    {
        byte[] theirs = CollRecv(ctx, comm, source, tag).Data;
        if (theirs.Length != length)
            throw new MpiException(call, ERR_COUNT,
                $"rank {source} contributed {theirs.Length} bytes but rank {rank} {length} (counts or datatypes differ between ranks)");
        return theirs;
    }

    // ------------------------------------------------------------------ helpers

    /// <summary>
    /// Deliver a collective's block. MPI requires the type signatures of the two sides to match, so a block of
    /// another length means counts or datatypes differ between ranks: an error, never a partial copy (but for
    /// `shorter`).
    /// </summary>
    // `shorter`: whether fewer bytes than the buffer holds are accepted (its first bytes filled, the rest untouched):
    // Gatherv's and Scatterv's blocks, which Open MPI moves as point-to-point messages of the receiver's count, so a
    // receive count above the sender's works natively (a Scatterv whose every rank receives `length` elements, the
    // root sending each its share). Everywhere else the counts must agree.
    private static void CopyCollective(string call, ReadOnlySpan<byte> data, Span<byte> buf, bool shorter = false)
    {
        if (data.Length > buf.Length)
            throw new MpiException(call, ERR_TRUNCATE,
                $"message truncated: the collective delivered {data.Length} bytes to a buffer of {buf.Length} bytes (counts or datatypes differ between ranks)");
        if (data.Length < buf.Length && !shorter)
            throw new MpiException(call, ERR_COUNT,
                $"the collective delivered {data.Length} bytes to a buffer of {buf.Length} bytes (counts or datatypes differ between ranks)");
        data.CopyTo(buf);
    }

    /// <summary>Send bytes in the collective context: copied once, behind the stamp (the caller's buffer is free at return).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void CollSend(RankContext ctx, Comm comm, int dest, int tag, ReadOnlySpan<byte> data)
    {
        bool pooled = CollectiveStamp.HeaderBytes + data.Length >= PayloadPool.MinPooledBytes;
        var m = new cMPIMessage
        {
            Data = StampCollective(ctx, data, pooled), PooledPayload = pooled, Source = comm.RankIn(ctx), Tag = tag, Context = comm.CollectiveContext,
        };
        ctx.SendData(comm.ToWorld(ctx, dest), m);
    }

    /// <summary>Receive in the collective context; the deadlock report names the rank waited for.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static cMPIMessage CollRecv(RankContext ctx, Comm comm, int source, int tag)
    {
        CheckNoStaleMessage(ctx, comm, source);
        ctx.Wait.WaitingForRank = source;
        var m = ReceiveMessage(ctx, source, tag, comm.CollectiveContext);
        ctx.Wait.WaitingForRank = WaitInfo.NoRank;
        var payload = PayloadOf(ctx, comm, source, m);
        PayloadPool.Return(m); // its payload was copied: nothing holds the message any more
        return payload;
    }

    /// <summary>
    /// Receive a collective block straight into <paramref name="buf"/>: the stamp checked, the payload copied once
    /// from the message (large blocks otherwise cost a second array, which the kernel must fault in and clear).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void CollRecvInto(RankContext ctx, string call, Comm comm, int source, int tag, Span<byte> buf,
        bool shorter = false)
    {
        CheckNoStaleMessage(ctx, comm, source);
        ctx.Wait.WaitingForRank = source;
        var m = ReceiveMessage(ctx, source, tag, comm.CollectiveContext);
        ctx.Wait.WaitingForRank = WaitInfo.NoRank;
        CopyCollective(call, CheckedPayload(ctx, comm, source, m.Data), buf, shorter);
        PayloadPool.Return(m);
    }

    /// <summary>The bytes of a collective message: this rank's <see cref="CollectiveStamp"/>, then the data.</summary>
    private static byte[] StampCollective(RankContext ctx, ReadOnlySpan<byte> data, bool pooled = false) =>
        (ctx.Collective ?? new CollectiveStamp(0, "", -1, -1, -1)).Stamp(data, pooled);
}
