using CloudMpi.Core;
using CloudMpi.Hosting;

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

    // ------------------------------------------------------------------ Barrier

    public static int Barrier(Comm comm)
    {
        const string call = "MPI_Barrier";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        ctx.Wait.Set(call, comm, null, 0, false, 0);
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

    public static int Bcast<T>(T[] buf, int offset, int count, Datatype datatype, int root, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Bcast";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        BcastCore(ctx, call, Buffers.Array(call, buf, offset, count, datatype), root, comm);
        return SUCCESS;
    }

    public static int Bcast<T>(ref T buf, int count, Datatype datatype, int root, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Bcast";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        BcastCore(ctx, call, Buffers.Scalar(call, ref buf, count, datatype), root, comm);
        return SUCCESS;
    }

    private static void BcastCore(RankContext ctx, string call, Span<byte> buf, int root, Comm comm)
    {
        ctx.Wait.Set(call, comm, "root", root, false, 0);
        bool isRoot = comm.RankIn(ctx) == root;
        byte[] data = BcastBytes(ctx, comm, root, isRoot ? buf.ToArray() : null);
        if (!isRoot) CopyCollective(call, data, buf);
    }

    /// <summary>
    /// Binomial-tree broadcast of <paramref name="rootData"/> (significant at the root) from <paramref name="root"/>;
    /// returns the bytes at every rank. Received arrays are forwarded as they are (messages are read-only).
    /// </summary>
    private static byte[] BcastBytes(RankContext ctx, Comm comm, int root, byte[]? rootData)
    {
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

    public static int Reduce<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Reduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, root);
        var send = Buffers.Array(call, sendbuf, sendoffset, count, datatype);
        var recv = comm.RankIn(ctx) == root ? Buffers.Array(call, recvbuf, recvoffset, count, datatype) : Span<byte>.Empty;
        ReduceCore(ctx, call, send, recv, datatype, op, root, comm, all: false);
        return SUCCESS;
    }

    public static int Reduce<T>(ref T sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Reduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, root);
        var send = Buffers.Scalar(call, ref sendbuf, count, datatype);
        var recv = comm.RankIn(ctx) == root ? Buffers.Scalar(call, ref recvbuf, count, datatype) : Span<byte>.Empty;
        ReduceCore(ctx, call, send, recv, datatype, op, root, comm, all: false);
        return SUCCESS;
    }

    public static int Allreduce<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Allreduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        var send = Buffers.Array(call, sendbuf, sendoffset, count, datatype);
        var recv = Buffers.Array(call, recvbuf, recvoffset, count, datatype);
        ReduceCore(ctx, call, send, recv, datatype, op, 0, comm, all: true);
        return SUCCESS;
    }

    public static int Allreduce<T>(ref T sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Allreduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        var send = Buffers.Scalar(call, ref sendbuf, count, datatype);
        var recv = Buffers.Scalar(call, ref recvbuf, count, datatype);
        ReduceCore(ctx, call, send, recv, datatype, op, 0, comm, all: true);
        return SUCCESS;
    }

    // Mixed forms: C may pass an array for one buffer and the address of a scalar for the other.

    public static int Reduce<T>(T[] sendbuf, int sendoffset, ref T recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Reduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, root);
        var send = Buffers.Array(call, sendbuf, sendoffset, count, datatype);
        var recv = comm.RankIn(ctx) == root ? Buffers.Scalar(call, ref recvbuf, count, datatype) : Span<byte>.Empty;
        ReduceCore(ctx, call, send, recv, datatype, op, root, comm, all: false);
        return SUCCESS;
    }

    public static int Reduce<T>(ref T sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Reduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, root);
        var send = Buffers.Scalar(call, ref sendbuf, count, datatype);
        var recv = comm.RankIn(ctx) == root ? Buffers.Array(call, recvbuf, recvoffset, count, datatype) : Span<byte>.Empty;
        ReduceCore(ctx, call, send, recv, datatype, op, root, comm, all: false);
        return SUCCESS;
    }

    public static int Allreduce<T>(T[] sendbuf, int sendoffset, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Allreduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        var send = Buffers.Array(call, sendbuf, sendoffset, count, datatype);
        var recv = Buffers.Scalar(call, ref recvbuf, count, datatype);
        ReduceCore(ctx, call, send, recv, datatype, op, 0, comm, all: true);
        return SUCCESS;
    }

    public static int Allreduce<T>(ref T sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Allreduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        var send = Buffers.Scalar(call, ref sendbuf, count, datatype);
        var recv = Buffers.Array(call, recvbuf, recvoffset, count, datatype);
        ReduceCore(ctx, call, send, recv, datatype, op, 0, comm, all: true);
        return SUCCESS;
    }

    private static void CheckReduce(string call, RankContext ctx, Datatype datatype, Op op, Comm comm, int root)
    {
        CheckRoot(call, ctx, comm, root);
        if (op is null) throw new MpiException(call, ERR_OP, "invalid op (null / MPI_OP_NULL)");
        if (datatype is null) throw new MpiException(call, ERR_TYPE, "invalid datatype (null)");
        if (!op.IsDefinedFor(datatype))
            throw new MpiException(call, ERR_OP, $"{op.Name} is not defined for datatype {datatype.Name}");
    }

    private static void ReduceCore(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        Datatype type, Op op, int root, Comm comm, bool all)
    {
        ctx.Wait.Set(call, comm, all ? null : "root", root, false, 0);
        int rank = comm.RankIn(ctx);
        byte[]? result = CombineAtRankZero(ctx, call, send.ToArray(), type, op, comm);
        if (all)
        {
            byte[] data = BcastBytes(ctx, comm, 0, result);
            CopyCollective(call, data, recv);
            return;
        }
        if (root == 0)
        {
            if (rank == 0) result!.CopyTo(recv);
        }
        else if (rank == 0)
        {
            CollSend(ctx, comm, root, TagReduceResult, result!);
        }
        else if (rank == root)
        {
            CopyCollective(call, CollRecv(ctx, comm, 0, TagReduceResult).Data, recv);
        }
    }

    /// <summary>
    /// THE REDUCTION ORDER. Everything that decides how floating-point partial results are combined is here;
    /// tune this (and only this) to reproduce another MPI's rounding bit for bit.
    /// <para>
    /// Binomial tree rooted at rank 0, independent of the requested root: in round k (mask = 2^k) every rank
    /// whose bit k is set sends its partial result to rank - 2^k and drops out; a rank that stays receives from
    /// rank + 2^k (if that exists) and computes <c>own op received</c>, the lower ranks' operand always on the left.
    /// </para>
    /// <para>
    /// 2 ranks: a0+a1. 3: (a0+a1)+a2. 4: (a0+a1)+(a2+a3). 7: ((a0+a1)+(a2+a3))+((a4+a5)+a6).
    /// </para>
    /// Returns the full result at rank 0, null elsewhere. <paramref name="acc"/> is this rank's own copy of its
    /// contribution and is reused as the outgoing message (no extra copy).
    /// </summary>
    private static byte[]? CombineAtRankZero(RankContext ctx, string call, byte[] acc, Datatype type, Op op, Comm comm)
    {
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        for (int mask = 1; mask < size; mask <<= 1)
        {
            if ((rank & mask) != 0)
            {
                CollSend(ctx, comm, rank - mask, TagReduce, acc);
                return null;
            }
            int child = rank + mask;
            if (child < size)
            {
                byte[] theirs = CollRecv(ctx, comm, child, TagReduce).Data;
                if (theirs.Length != acc.Length)
                    throw new MpiException(call, ERR_COUNT,
                        $"rank {child} contributed {theirs.Length} bytes but rank {rank} {acc.Length} (counts or datatypes differ between ranks)");
                Reduction.Apply(op, type, acc, theirs); // acc = acc op theirs: lower ranks on the left
            }
        }
        return acc;
    }

    // ------------------------------------------------------------------ helpers

    private static void CopyCollective(string call, byte[] data, Span<byte> buf)
    {
        if (data.Length > buf.Length)
            throw new MpiException(call, ERR_TRUNCATE,
                $"message truncated: the collective delivered {data.Length} bytes to a buffer of {buf.Length} bytes (counts or datatypes differ between ranks)");
        data.CopyTo(buf);
    }

    /// <summary>Send bytes we own (not copied again) in the collective context.</summary>
    private static void CollSend(RankContext ctx, Comm comm, int dest, int tag, byte[] data)
    {
        var m = new cMPIMessage { Data = data, Source = comm.RankIn(ctx), Tag = tag, Context = comm.CollectiveContext };
        ctx.SendData(comm.ToWorld(ctx, dest), m);
    }

    /// <summary>Receive in the collective context; the deadlock report names the rank waited for.</summary>
    private static cMPIMessage CollRecv(RankContext ctx, Comm comm, int source, int tag)
    {
        ctx.Wait.WaitingForRank = source;
        var m = ReceiveMessage(ctx, source, tag, comm.CollectiveContext);
        ctx.Wait.WaitingForRank = WaitInfo.NoRank;
        return m;
    }
}
