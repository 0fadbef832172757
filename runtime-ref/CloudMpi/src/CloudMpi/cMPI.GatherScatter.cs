using System.Buffers.Binary;
using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// Gather, Scatter, Allgather and their v-variants: linear exchanges with the root in the collective context
/// (no arithmetic, so the order only has to be deterministic). Counts and displacements are in units of the
/// datatype, as in MPI; the send and receive sides may use different element types and datatypes.
/// </summary>
public static partial class cMPI
{
    private const int TagGather = 16; // distinct from the tags in cMPI.Collectives.cs
    private const int TagScatter = 17;
    private const int TagAllgather = 21; // distinct from every other collective tag (TagScan is 19, TagReduceScatter 20)

    // ------------------------------------------------------------------ Gather

    public static int Gather<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        if (IsInPlace(sendbuf)) return Gather(IN_PLACE, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root, comm);
        const string call = "MPI_Gather";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        var send = TakesPartHere(comm, root) ? Buffers.Data(call, sendbuf, sendoffset, sendcount, sendtype) : default;
        var recv = RootRecv(ctx, call, comm, root, recvbuf, recvoffset, recvcount, recvtype);
        GatherCore(ctx, call, send.Bytes, recv.Bytes, recvcount, recvtype, null, null, root, comm);
        recv.Commit();
        return SUCCESS;
    }

    public static int Gather<TS, TR>(ref TS sendbuf, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Gather";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        var send = TakesPartHere(comm, root) ? Buffers.DataScalar(call, ref sendbuf, sendcount, sendtype) : default;
        var recv = RootRecv(ctx, call, comm, root, recvbuf, recvoffset, recvcount, recvtype);
        GatherCore(ctx, call, send.Bytes, recv.Bytes, recvcount, recvtype, null, null, root, comm);
        recv.Commit();
        return SUCCESS;
    }

    public static int Gatherv<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        if (IsInPlace(sendbuf)) return Gatherv(IN_PLACE, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, recvtype, root, comm);
        const string call = "MPI_Gatherv";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        var send = TakesPartHere(comm, root) ? Buffers.Data(call, sendbuf, sendoffset, sendcount, sendtype) : default;
        var recv = IsRootHere(ctx, comm, root)
            ? Buffers.Data(call, recvbuf, recvoffset, Extent(call, ctx, comm, recvcounts, displs), recvtype)
            : default;
        GatherCore(ctx, call, send.Bytes, recv.Bytes, 0, recvtype, recvcounts, displs, root, comm);
        recv.CommitSlots(recvcounts, displs, comm.PeerSizeIn(ctx));
        return SUCCESS;
    }

    /// <summary>MPI_Gatherv from a scalar (C's <c>&amp;x</c>).</summary>
    public static int Gatherv<TS, TR>(ref TS sendbuf, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Gatherv";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        var send = TakesPartHere(comm, root) ? Buffers.DataScalar(call, ref sendbuf, sendcount, sendtype) : default;
        var recv = IsRootHere(ctx, comm, root)
            ? Buffers.Data(call, recvbuf, recvoffset, Extent(call, ctx, comm, recvcounts, displs), recvtype)
            : default;
        GatherCore(ctx, call, send.Bytes, recv.Bytes, 0, recvtype, recvcounts, displs, root, comm);
        recv.CommitSlots(recvcounts, displs, comm.PeerSizeIn(ctx));
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Allgather

    public static int Allgather<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        if (IsInPlace(sendbuf)) return Allgather(IN_PLACE, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, comm);
        const string call = "MPI_Allgather";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var send = Buffers.Data(call, sendbuf, sendoffset, sendcount, sendtype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, checked(recvcount * comm.PeerSizeIn(ctx)), recvtype);
        AllgatherCore(ctx, call, send.Bytes, recv.Bytes, recvcount, recvtype, null, null, comm);
        recv.Commit();
        return SUCCESS;
    }

    public static int Allgather<TS, TR>(ref TS sendbuf, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Allgather";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var send = Buffers.DataScalar(call, ref sendbuf, sendcount, sendtype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, checked(recvcount * comm.PeerSizeIn(ctx)), recvtype);
        AllgatherCore(ctx, call, send.Bytes, recv.Bytes, recvcount, recvtype, null, null, comm);
        recv.Commit();
        return SUCCESS;
    }

    /// <summary>MPI_Allgather from one scalar into another (a one-rank communicator, or a receive type covering all ranks).</summary>
    public static int Allgather<TS, TR>(ref TS sendbuf, int sendcount, Datatype sendtype,
        ref TR recvbuf, int recvcount, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Allgather";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var send = Buffers.DataScalar(call, ref sendbuf, sendcount, sendtype);
        var recv = Buffers.DataScalar(call, ref recvbuf, checked(recvcount * comm.PeerSizeIn(ctx)), recvtype);
        AllgatherCore(ctx, call, send.Bytes, recv.Bytes, recvcount, recvtype, null, null, comm);
        recv.Commit();
        return SUCCESS;
    }

    public static int Allgatherv<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        if (IsInPlace(sendbuf)) return Allgatherv(IN_PLACE, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, recvtype, comm);
        const string call = "MPI_Allgatherv";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var send = Buffers.Data(call, sendbuf, sendoffset, sendcount, sendtype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, Extent(call, ctx, comm, recvcounts, displs), recvtype);
        AllgatherCore(ctx, call, send.Bytes, recv.Bytes, 0, recvtype, recvcounts, displs, comm);
        recv.CommitSlots(recvcounts, displs, comm.PeerSizeIn(ctx));
        return SUCCESS;
    }

    /// <summary>MPI_Allgatherv from a scalar (C's <c>&amp;x</c>).</summary>
    public static int Allgatherv<TS, TR>(ref TS sendbuf, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Allgatherv";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var send = Buffers.DataScalar(call, ref sendbuf, sendcount, sendtype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, Extent(call, ctx, comm, recvcounts, displs), recvtype);
        AllgatherCore(ctx, call, send.Bytes, recv.Bytes, 0, recvtype, recvcounts, displs, comm);
        recv.CommitSlots(recvcounts, displs, comm.PeerSizeIn(ctx));
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Scatter

    public static int Scatter<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        if (IsInPlace(recvbuf)) return Scatter(sendbuf, sendoffset, sendcount, sendtype, IN_PLACE, recvcount, recvtype, root, comm);
        const string call = "MPI_Scatter";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        var send = RootSend(ctx, call, comm, root, sendbuf, sendoffset, sendcount, sendtype);
        var recv = TakesPartHere(comm, root) ? Buffers.Data(call, recvbuf, recvoffset, recvcount, recvtype) : default;
        ScatterCore(ctx, call, send.Bytes, sendcount, sendtype, null, null, recv.Bytes, root, comm);
        recv.Commit();
        return SUCCESS;
    }

    public static int Scatter<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        ref TR recvbuf, int recvcount, Datatype recvtype, int root, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Scatter";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        var send = RootSend(ctx, call, comm, root, sendbuf, sendoffset, sendcount, sendtype);
        var recv = TakesPartHere(comm, root) ? Buffers.DataScalar(call, ref recvbuf, recvcount, recvtype) : default;
        ScatterCore(ctx, call, send.Bytes, sendcount, sendtype, null, null, recv.Bytes, root, comm);
        recv.Commit();
        return SUCCESS;
    }

    public static int Scatterv<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        if (IsInPlace(recvbuf)) return Scatterv(sendbuf, sendoffset, sendcounts, displs, sendtype, IN_PLACE, recvcount, recvtype, root, comm);
        const string call = "MPI_Scatterv";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        var send = IsRootHere(ctx, comm, root)
            ? Buffers.Data(call, sendbuf, sendoffset, Extent(call, ctx, comm, sendcounts, displs), sendtype)
            : default;
        var recv = TakesPartHere(comm, root) ? Buffers.Data(call, recvbuf, recvoffset, recvcount, recvtype) : default;
        ScatterCore(ctx, call, send.Bytes, 0, sendtype, sendcounts, displs, recv.Bytes, root, comm);
        recv.Commit();
        return SUCCESS;
    }

    /// <summary>MPI_Scatterv into a scalar (C's <c>&amp;x</c>).</summary>
    public static int Scatterv<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype,
        ref TR recvbuf, int recvcount, Datatype recvtype, int root, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Scatterv";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        var send = IsRootHere(ctx, comm, root)
            ? Buffers.Data(call, sendbuf, sendoffset, Extent(call, ctx, comm, sendcounts, displs), sendtype)
            : default;
        var recv = TakesPartHere(comm, root) ? Buffers.DataScalar(call, ref recvbuf, recvcount, recvtype) : default;
        ScatterCore(ctx, call, send.Bytes, 0, sendtype, sendcounts, displs, recv.Bytes, root, comm);
        recv.Commit();
        return SUCCESS;
    }

    // ------------------------------------------------------------------ cores

    // A root's buffer holds a block for each rank: of the communicator, or of the remote group of an intercommunicator.
    private static DataBuf RootRecv<T>(RankContext ctx, string call, Comm comm, int root, T[] buf, int offset, int count, Datatype type) where T : unmanaged =>
        IsRootHere(ctx, comm, root) ? Buffers.Data(call, buf, offset, checked(count * comm.PeerSizeIn(ctx)), type) : default;

    private static DataBuf RootSend<T>(RankContext ctx, string call, Comm comm, int root, T[] buf, int offset, int count, Datatype type) where T : unmanaged =>
        IsRootHere(ctx, comm, root) ? Buffers.Data(call, buf, offset, checked(count * comm.PeerSizeIn(ctx)), type) : default;

    /// <summary>Elements spanned by counts/displs (max displs[r] + counts[r]), after checking both arrays.</summary>
    private static int Extent(string call, RankContext ctx, Comm comm, int[] counts, int[] displs) =>
        SlotsExtent(call, counts, displs, comm.PeerSizeIn(ctx), "ranks"); // an intercommunicator's: the remote group's

    /// <summary>The elements (of the datatype's extent) that <paramref name="slots"/> blocks of counts[i] at displs[i] reach.</summary>
    private static int SlotsExtent(string call, int[] counts, int[] displs, int slots, string of)
    {
        if (counts == null || displs == null || counts.Length < slots || displs.Length < slots)
            throw new MpiException(call, ERR_ARG, $"counts and displacements need {slots} entries (one for each of the {slots} {of})");
        long extent = 0;
        for (int r = 0; r < slots; r++)
        {
            if (counts[r] < 0) throw new MpiException(call, ERR_COUNT, $"negative count {counts[r]} in counts[{r}]");
            if (displs[r] < 0) throw new MpiException(call, ERR_ARG, $"negative displacement {displs[r]} in displs[{r}]");
            extent = Math.Max(extent, (long)displs[r] + counts[r]);
        }
        return checked((int)extent);
    }

    /// <summary>Byte slot of rank <paramref name="r"/> in a gather/scatter buffer (fixed count, or counts/displs).</summary>
    private static (int Start, int Length) Slot(int r, int count, Datatype type, int[]? counts, int[]? displs) =>
        counts == null ? (r * count * type.Size, count * type.Size) : (displs![r] * type.Size, counts[r] * type.Size);

    private static void GatherCore(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        int recvcount, Datatype recvtype, int[]? counts, int[]? displs, int root, Comm comm)
    {
        if (comm.IsInter)
        {
            InterGather(ctx, call, send, recv, recvcount, recvtype, counts, displs, root, comm);
            return;
        }
        ctx.Wait.Set(call, comm, "root", root, false, 0);
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        // Per rank: what the root takes from each rank, what each rank gives (equal when the ranks agree).
        BeginCollective(ctx, call, comm, root, counts != null ? -1 : rank == root ? (long)recvcount * recvtype.Size : send.Length,
            rank == root ? recvtype : null);
        if (rank != root)
        {
            CollSend(ctx, comm, root, TagGather, send);
            return;
        }
        for (int r = 0; r < size; r++)
        {
            var (start, length) = Slot(r, recvcount, recvtype, counts, displs);
            var slot = recv.Slice(start, length);
            if (r == root)
                CopyCollective(call, send, slot, shorter: counts != null);
            else
                CollRecvInto(ctx, call, comm, r, TagGather, slot, shorter: counts != null);
        }
    }

    private static void AllgatherCore(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        int recvcount, Datatype recvtype, int[]? counts, int[]? displs, Comm comm)
    {
        if (comm.IsInter)
        {
            if (counts == null) InterAllgather(ctx, call, send, recv, comm);
            else InterAllgatherv(ctx, call, send, recv, recvtype, counts, displs!, comm);
            return;
        }
        if (CollectiveVariants.AllgatherFor(ctx.Transport, comm.SizeIn(ctx)) == CollectiveVariants.AllgatherKind.Exchange)
            AllgatherByExchange(ctx, call, send, recv, recvcount, recvtype, counts, displs, comm);
        else
            AllgatherByGatherBcast(ctx, call, send, recv, recvcount, recvtype, counts, displs, comm);
    }

    /// <summary>
    /// Every rank sends its block to every other rank (to rank + 1 first, so no rank is everyone's first target) and
    /// receives each block straight into its slot: no packing, and a block is copied twice in all, into the message
    /// and out of it. Sends do not wait for their receiver, so all of them go out before the receives.
    /// </summary>
    private static void AllgatherByExchange(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        int recvcount, Datatype recvtype, int[]? counts, int[]? displs, Comm comm)
    {
        ctx.Wait.Set(call, comm, null, 0, false, 0);
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        // What this rank takes from each rank (the same for all when they agree); counts per rank in the v variant.
        BeginCollective(ctx, call, comm, -1, counts != null ? -1 : (long)recvcount * recvtype.Size, recvtype);
        var (start, length) = Slot(rank, recvcount, recvtype, counts, displs);
        if (send.Length != length)
            throw new MpiException(call, send.Length > length ? ERR_TRUNCATE : ERR_COUNT,
                $"rank {rank} gives {send.Length} bytes but its own slot holds {length} (counts or datatypes differ)");
        for (int k = 1; k < size; k++)
            CollSend(ctx, comm, (rank + k) % size, TagAllgather, send);
        send.CopyTo(recv.Slice(start, length)); // after the sends: with MPI_IN_PLACE send is this slot
        for (int k = 1; k < size; k++)
        {
            int source = (rank - k + size) % size;
            var (at, bytes) = Slot(source, recvcount, recvtype, counts, displs);
            CollRecvInto(ctx, call, comm, source, TagAllgather, recv.Slice(at, bytes));
        }
    }

    private static void AllgatherByGatherBcast(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        int recvcount, Datatype recvtype, int[]? counts, int[]? displs, Comm comm)
    {
        GatherCore(ctx, call, send, comm.RankIn(ctx) == 0 ? recv : Span<byte>.Empty, recvcount, recvtype, counts, displs, 0, comm);
        int size = comm.SizeIn(ctx);
        // Rank 0 packs each slot's length (rank 0's counts) and then the slots in rank order; everyone checks the
        // lengths against its own counts (which may disagree in the v variant) and unpacks into its own slots.
        byte[]? packed = null;
        if (comm.RankIn(ctx) == 0)
        {
            long total = 4L * size;
            for (int r = 0; r < size; r++)
                total += Slot(r, recvcount, recvtype, counts, displs).Length;
            packed = GC.AllocateUninitializedArray<byte>(checked((int)total)); // every byte is written below
            int at = 4 * size;
            for (int r = 0; r < size; r++)
            {
                var (start, length) = Slot(r, recvcount, recvtype, counts, displs);
                BinaryPrimitives.WriteInt32LittleEndian(packed.AsSpan(4 * r), length);
                recv.Slice(start, length).CopyTo(packed.AsSpan(at));
                at += length;
            }
        }
        ctx.Wait.Set(call, comm, null, 0, false, 0);
        if (ctx.Collective is { } began) ctx.Wait.InCollective(began); // still the collective GatherCore began
        byte[] data = BcastBytes(ctx, comm, 0, packed);
        if (comm.RankIn(ctx) == 0) return;
        int pos = 4 * size;
        for (int r = 0; r < size; r++)
        {
            var (start, length) = Slot(r, recvcount, recvtype, counts, displs);
            int theirs = BinaryPrimitives.ReadInt32LittleEndian(data.AsSpan(4 * r));
            if (theirs != length)
                throw new MpiException(call, theirs > length ? ERR_TRUNCATE : ERR_COUNT,
                    $"collective mismatch on {comm.Name}: rank {comm.RankIn(ctx)} expects {length} bytes from rank {r}, which sent {theirs} " +
                    "(counts or datatypes differ between ranks)");
            data.AsSpan(pos, length).CopyTo(recv.Slice(start, length));
            pos += length;
        }
    }

    private static void ScatterCore(RankContext ctx, string call, ReadOnlySpan<byte> send, int sendcount, Datatype sendtype,
        int[]? counts, int[]? displs, Span<byte> recv, int root, Comm comm)
    {
        if (comm.IsInter)
        {
            InterScatter(ctx, call, send, sendcount, sendtype, counts, displs, recv, root, comm);
            return;
        }
        ctx.Wait.Set(call, comm, "root", root, false, 0);
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        BeginCollective(ctx, call, comm, root, counts != null ? -1 : rank == root ? (long)sendcount * sendtype.Size : recv.Length,
            rank == root ? sendtype : null);
        if (rank != root)
        {
            CollRecvInto(ctx, call, comm, root, TagScatter, recv, shorter: counts != null);
            return;
        }
        var parallel = CollectiveVariants.ScatterFor(ctx.Transport, size) == CollectiveVariants.ScatterKind.Threads ? new List<(int, byte[])>() : null;
        for (int r = 0; r < size; r++)
        {
            var (start, length) = Slot(r, sendcount, sendtype, counts, displs);
            var slot = send.Slice(start, length);
            if (r == root)
            {
                CopyCollective(call, slot, recv, shorter: counts != null);
            }
            else if (parallel != null)
            {
                parallel.Add((r, Buffers.Copy(slot)));
            }
            else
            {
                CollSend(ctx, comm, r, TagScatter, slot);
            }
        }
        if (parallel != null) CollSendParallel(ctx, comm, TagScatter, parallel); // CMPI_SCATTER=threads
    }
}
