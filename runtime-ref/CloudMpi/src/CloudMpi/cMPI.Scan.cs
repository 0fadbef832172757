using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Libc;

namespace CloudMpi;

/// <summary>
/// Scan, Exscan, Reduce_scatter, Reduce_scatter_block and Reduce_local.
/// ORDER (see docs/reduction-order.md): Scan and Exscan are the linear chains of Open MPI's coll/basic
/// (rank r receives the prefix of ranks 0..r-1 and combines prefix op own); Reduce_scatter and
/// Reduce_scatter_block sum each block in Open MPI's tree (cMPI.ReduceScatterOrder.cs).
/// </summary>
public static partial class cMPI
{
    private const int TagScan = 19;

    // Each buffer as an array and offset, a scalar's `ref` or a pointer (a translator's retyped sendbuf,
    // BufferBytes.As, is an array beside a scalar recvbuf), or MPI_IN_PLACE: one-line overloads, one core.

    // ------------------------------------------------------------------ Scan

    public static int Scan<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(T[] sendbuf, int sendoffset, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(ref recvbuf), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(T[] sendbuf, int sendoffset, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(recvbuf), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(ref T sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(ref sendbuf), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(ref T sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(ref sendbuf), UserBuffer.Of(ref recvbuf), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(ref T sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(ref sendbuf), UserBuffer.Of(recvbuf), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(Ptr<T> sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(sendbuf), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(Ptr<T> sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(sendbuf), UserBuffer.Of(ref recvbuf), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(Ptr<T> sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(sendbuf), UserBuffer.Of(recvbuf), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(InPlace sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(ref recvbuf), count, datatype, op, comm, exclusive: false);

    public static int Scan<T>(InPlace sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Scan", UserBuffer.Of(recvbuf), count, datatype, op, comm, exclusive: false);

    // ------------------------------------------------------------------ Exscan (rank 0's recvbuf is left as it was)

    public static int Exscan<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(T[] sendbuf, int sendoffset, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(ref recvbuf), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(T[] sendbuf, int sendoffset, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(recvbuf), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(ref T sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(ref sendbuf), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(ref T sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(ref sendbuf), UserBuffer.Of(ref recvbuf), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(ref T sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(ref sendbuf), UserBuffer.Of(recvbuf), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(Ptr<T> sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(sendbuf), UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(Ptr<T> sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(sendbuf), UserBuffer.Of(ref recvbuf), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(Ptr<T> sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(sendbuf), UserBuffer.Of(recvbuf), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(InPlace sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(ref recvbuf), count, datatype, op, comm, exclusive: true);

    public static int Exscan<T>(InPlace sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Scan("MPI_Exscan", UserBuffer.Of(recvbuf), count, datatype, op, comm, exclusive: true);

    private static int Scan<T>(string call, UserBuffer<T> sendbuf, UserBuffer<T> recvbuf, int count, Datatype datatype, Op op,
        Comm comm, bool exclusive) where T : unmanaged
    {
        if (sendbuf.IsInPlace) return Scan(call, recvbuf, count, datatype, op, comm, exclusive);
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        var send = sendbuf.Data(call, count, datatype);
        var recv = recvbuf.Data(call, count, datatype);
        ScanCore(ctx, call, send.Bytes, recv.Bytes, datatype, op, comm, exclusive);
        recv.Commit();
        recvbuf.Done();
        return SUCCESS;
    }

    /// <summary>In place (MPI_IN_PLACE as sendbuf): every rank's data is in recvbuf and is replaced by the result.</summary>
    private static int Scan<T>(string call, UserBuffer<T> recvbuf, int count, Datatype datatype, Op op, Comm comm, bool exclusive)
        where T : unmanaged
    {
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        var recv = recvbuf.Data(call, count, datatype);
        ScanCore(ctx, call, recv.Bytes, recv.Bytes, datatype, op, comm, exclusive);
        recv.Commit();
        recvbuf.Done();
        return SUCCESS;
    }

    private static void ScanCore(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        Datatype type, Op op, Comm comm, bool exclusive)
    {
        if (comm.IsInter) // as Open MPI's parameter check: MPI-3.1 5.11 defines the scans on intracommunicators only
            throw new MpiException(call, ERR_COMM, $"{call} is not defined on an intercommunicator ({comm.Name})");
        ctx.Wait.Set(call, comm, null, 0, false, 0);
        BeginCollective(ctx, call, comm, -1, send.Length, type);
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        byte[] mine = send.ToArray();
        byte[]? prefix = rank > 0 ? ReceiveChecked(ctx, call, comm, rank - 1, TagScan, mine.Length, rank) : null;
        byte[] upToMe = mine;
        if (prefix != null)
        {
            upToMe = (byte[])prefix.Clone();
            Reduction.Apply(op, type, upToMe, mine); // (a0 op ... op a[r-1]) op a[r]
        }
        if (rank + 1 < size) CollSend(ctx, comm, rank + 1, TagScan, upToMe);
        if (!exclusive) upToMe.CopyTo(recv);
        else if (prefix != null) prefix.CopyTo(recv);
    }

    // ------------------------------------------------------------------ Reduce_scatter_block, Reduce_scatter

    public static int Reduce_scatter_block<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int recvcount, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        if (IsInPlace(sendbuf)) return Reduce_scatter_block(IN_PLACE, recvbuf, recvoffset, recvcount, datatype, op, comm);
        const string call = "MPI_Reduce_scatter_block";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        int[] counts = Enumerable.Repeat(recvcount, comm.SizeIn(ctx)).ToArray();
        var send = Buffers.Data(call, sendbuf, sendoffset, checked(recvcount * counts.Length), datatype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, recvcount, datatype);
        ReduceScatterCore(ctx, call, send.Bytes, recv.Bytes, counts, datatype, op, comm, block: true);
        recv.Commit();
        return SUCCESS;
    }

    /// <summary>In place: the input is the whole recvbuf (recvcount * size elements); block rank of the result lands at its start.</summary>
    public static int Reduce_scatter_block<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int recvcount, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Reduce_scatter_block";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        int[] counts = Enumerable.Repeat(recvcount, comm.SizeIn(ctx)).ToArray();
        var all = Buffers.Data(call, recvbuf, recvoffset, checked(recvcount * counts.Length), datatype);
        byte[] send = all.Bytes.ToArray();
        ReduceScatterCore(ctx, call, send, all.Bytes.Slice(0, recvcount * datatype.Size), counts, datatype, op, comm, block: true);
        all.Commit();
        return SUCCESS;
    }

    public static int Reduce_scatter<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int[] recvcounts, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        if (IsInPlace(sendbuf)) return Reduce_scatter(IN_PLACE, recvbuf, recvoffset, recvcounts, datatype, op, comm);
        const string call = "MPI_Reduce_scatter";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        int total = TotalCount(call, ctx, comm, recvcounts);
        var send = Buffers.Data(call, sendbuf, sendoffset, total, datatype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, recvcounts[comm.RankIn(ctx)], datatype);
        ReduceScatterCore(ctx, call, send.Bytes, recv.Bytes, recvcounts, datatype, op, comm, block: false);
        recv.Commit();
        return SUCCESS;
    }

    public static int Reduce_scatter<T>(ref T sendbuf, ref T recvbuf, int[] recvcounts, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Reduce_scatter";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        int total = TotalCount(call, ctx, comm, recvcounts);
        var send = Buffers.DataScalar(call, ref sendbuf, total, datatype);
        var recv = Buffers.DataScalar(call, ref recvbuf, recvcounts[comm.RankIn(ctx)], datatype);
        ReduceScatterCore(ctx, call, send.Bytes, recv.Bytes, recvcounts, datatype, op, comm, block: false);
        recv.Commit();
        return SUCCESS;
    }

    /// <summary>In place: the input is the whole recvbuf (sum of recvcounts elements); this rank's block lands at its start.</summary>
    public static int Reduce_scatter<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int[] recvcounts, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Reduce_scatter";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        int total = TotalCount(call, ctx, comm, recvcounts);
        var all = Buffers.Data(call, recvbuf, recvoffset, total, datatype);
        byte[] send = all.Bytes.ToArray();
        ReduceScatterCore(ctx, call, send, all.Bytes.Slice(0, recvcounts[comm.RankIn(ctx)] * datatype.Size), recvcounts, datatype, op, comm, block: false);
        all.Commit();
        return SUCCESS;
    }

    private static int TotalCount(string call, RankContext ctx, Comm comm, int[] counts)
    {
        int size = comm.SizeIn(ctx);
        if (counts == null || counts.Length < size)
            throw new MpiException(call, ERR_ARG, $"recvcounts needs {size} entries (the communicator size)");
        long total = 0;
        for (int r = 0; r < size; r++)
        {
            if (counts[r] < 0) throw new MpiException(call, ERR_COUNT, $"negative count {counts[r]} for rank {r}");
            total += counts[r];
        }
        return checked((int)total);
    }

    /// <summary>
    /// A commutative op sums each block in the tree of the algorithm Open MPI 4.1 picks for this size
    /// (cMPI.ReduceScatterOrder.cs); otherwise, as Open MPI does, Reduce to rank 0 and Scatterv.
    /// </summary>
    private static void ReduceScatterCore(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        int[] counts, Datatype type, Op op, Comm comm, bool block)
    {
        if (comm.IsInter)
        {
            InterReduceScatter(ctx, call, send, recv, counts, type, op, comm); // the other group's vectors, reduced
            return;
        }
        ctx.Wait.Set(call, comm, null, 0, false, 0);
        int size = comm.SizeIn(ctx);
        long totalBytes = block ? (long)counts[0] * type.Size : counts.Take(size).Sum(c => (long)c) * type.Size;
        BeginCollective(ctx, call, comm, -1, totalBytes, type);
        if (op.IsCommutative && size > 1)
        {
            var algorithm = block ? BlockAlgorithm(size, totalBytes) : VectorAlgorithm(size, totalBytes);
            if (algorithm != ReduceScatterAlgorithm.Linear)
            {
                ReduceScatterInTree(ctx, call, send, recv, counts, type, op, comm, algorithm);
                return;
            }
        }
        byte[]? all = op.IsCommutative
            ? ReduceBinaryTree(ctx, call, send.ToArray(), type, op, 0, comm)
            : ReduceInOrder(ctx, call, send.ToArray(), type, op, 0, comm);
        var displs = new int[size];
        for (int r = 1; r < size; r++) displs[r] = displs[r - 1] + counts[r - 1];
        ScatterCore(ctx, call, all ?? [], 0, type, counts, displs, recv, 0, comm);
    }

    // ------------------------------------------------------------------ Reduce_local

    /// <summary>MPI_Reduce_local: inoutbuf = inbuf op inoutbuf, on this rank only.</summary>
    public static int Reduce_local<T>(T[] inbuf, int inoffset, T[] inoutbuf, int inoutoffset, int count, Datatype datatype, Op op) where T : unmanaged
    {
        const string call = "MPI_Reduce_local";
        CheckOp(call, datatype, op);
        var input = Buffers.Data(call, inbuf, inoffset, count, datatype);
        var inout = Buffers.Data(call, inoutbuf, inoutoffset, count, datatype);
        ReduceLocalCore(input.Bytes, inout.Bytes, datatype, op);
        inout.Commit();
        return SUCCESS;
    }

    public static int Reduce_local<T>(ref T inbuf, ref T inoutbuf, int count, Datatype datatype, Op op) where T : unmanaged
    {
        const string call = "MPI_Reduce_local";
        CheckOp(call, datatype, op);
        var input = Buffers.DataScalar(call, ref inbuf, count, datatype);
        var inout = Buffers.DataScalar(call, ref inoutbuf, count, datatype);
        ReduceLocalCore(input.Bytes, inout.Bytes, datatype, op);
        inout.Commit();
        return SUCCESS;
    }

    /// <summary>inbuf as an array, inoutbuf a scalar: a retyped inbuf (BufferBytes.As) reaches the call whole.</summary>
    public static int Reduce_local<T>(T[] inbuf, int inoffset, ref T inoutbuf, int count, Datatype datatype, Op op) where T : unmanaged
    {
        const string call = "MPI_Reduce_local";
        CheckOp(call, datatype, op);
        var input = Buffers.Data(call, inbuf, inoffset, count, datatype);
        var inout = Buffers.DataScalar(call, ref inoutbuf, count, datatype);
        ReduceLocalCore(input.Bytes, inout.Bytes, datatype, op);
        inout.Commit();
        return SUCCESS;
    }

    private static void ReduceLocalCore(ReadOnlySpan<byte> input, Span<byte> inout, Datatype type, Op op)
    {
        byte[] acc = input.ToArray();
        Reduction.Apply(op, type, acc, inout);
        acc.CopyTo(inout);
    }
}
