using System.Runtime.CompilerServices;
using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Transports.InProc;

namespace CloudMpi;

/// <summary>
/// Alltoall, Alltoallv and Alltoallw: every rank sends block r of its send buffer to rank r, which stores it
/// in block (sender) of its receive buffer. Linear exchange in the collective context (no arithmetic, so
/// only determinism matters): eager sends never block, so each rank sends everything, then receives in rank order.
/// </summary>
public static partial class cMPI
{
    private const int TagAlltoall = 18;

    public static int Alltoall<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        if (IsInPlace(sendbuf)) return Alltoall(IN_PLACE, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, comm);
        const string call = "MPI_Alltoall";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        int size = comm.PeerSizeIn(ctx); // an intercommunicator's blocks go to the remote group
        var send = Buffers.Data(call, sendbuf, sendoffset, checked(sendcount * size), sendtype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, checked(recvcount * size), recvtype);
        ExchangeCore(ctx, call, comm, send.Bytes, sendcount, sendtype, null, null, recv.Bytes, recvcount, recvtype, null, null,
            ReceiveTarget.Of(recvbuf, recv));
        recv.Commit();
        return SUCCESS;
    }

    /// <summary>MPI_Alltoall with MPI_IN_PLACE: the blocks are taken from, and replaced in, the receive buffer.</summary>
    public static int Alltoall<TR>(InPlace sendbuf, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm) where TR : unmanaged
    {
        const string call = "MPI_Alltoall";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        int size = comm.PeerSizeIn(ctx);
        var recv = Buffers.Data(call, recvbuf, recvoffset, checked(recvcount * size), recvtype);
        byte[] send = recv.Bytes.ToArray();
        ExchangeCore(ctx, call, comm, send, recvcount, recvtype, null, null, recv.Bytes, recvcount, recvtype, null, null,
            ReceiveTarget.Of(recvbuf, recv));
        recv.Commit();
        return SUCCESS;
    }

    public static int Alltoallv<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        if (IsInPlace(sendbuf)) return Alltoallv(IN_PLACE, sendcounts, sdispls, sendtype, recvbuf, recvoffset, recvcounts, rdispls, recvtype, comm);
        const string call = "MPI_Alltoallv";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var send = Buffers.Data(call, sendbuf, sendoffset, Extent(call, ctx, comm, sendcounts, sdispls), sendtype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, Extent(call, ctx, comm, recvcounts, rdispls), recvtype);
        ExchangeCore(ctx, call, comm, send.Bytes, 0, sendtype, sendcounts, sdispls, recv.Bytes, 0, recvtype, recvcounts, rdispls,
            ReceiveTarget.Of(recvbuf, recv));
        recv.CommitSlots(recvcounts, rdispls, comm.PeerSizeIn(ctx));
        return SUCCESS;
    }

    /// <summary>MPI_Alltoallv with MPI_IN_PLACE: sendcounts, sdispls and sendtype are ignored; recvcounts say both.</summary>
    public static int Alltoallv<TR>(InPlace sendbuf, int[]? sendcounts, int[]? sdispls, Datatype? sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype, Comm comm) where TR : unmanaged
    {
        const string call = "MPI_Alltoallv";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var recv = Buffers.Data(call, recvbuf, recvoffset, Extent(call, ctx, comm, recvcounts, rdispls), recvtype);
        byte[] send = recv.Bytes.ToArray();
        ExchangeCore(ctx, call, comm, send, 0, recvtype, recvcounts, rdispls, recv.Bytes, 0, recvtype, recvcounts, rdispls,
            ReceiveTarget.Of(recvbuf, recv));
        recv.CommitSlots(recvcounts, rdispls, comm.PeerSizeIn(ctx));
        return SUCCESS;
    }

    /// <summary>MPI_Alltoallw: a count, a byte displacement and a datatype per block.</summary>
    public static int Alltoallw<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype[] sendtypes,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype[] recvtypes, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Alltoallw";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        int size = comm.SizeIn(ctx), rank = comm.RankIn(ctx);
        CheckPerRank(call, size, sendcounts, sdispls, sendtypes);
        CheckPerRank(call, size, recvcounts, rdispls, recvtypes);
        var sraw = Buffers.RawBytes(call, sendbuf, sendoffset, out long sorigin);
        var rraw = Buffers.RawBytes(call, recvbuf, recvoffset, out long rorigin);
        ctx.Wait.Set(call, comm, null, 0, false, 0);
        BeginCollective(ctx, call, comm, -1, -1, null);
        byte[]? own = null;
        for (int k = 0; k < size; k++)
        {
            int dest = (rank + k) % size;
            byte[] block = Buffers.Block(call, sendbuf, sraw, sorigin, sdispls[dest], sendcounts[dest], sendtypes[dest]).Bytes.ToArray();
            if (dest == rank) own = block;
            else CollSend(ctx, comm, dest, TagAlltoall, block);
        }
        for (int r = 0; r < size; r++)
        {
            var slot = Buffers.Block(call, recvbuf, rraw, rorigin, rdispls[r], recvcounts[r], recvtypes[r]);
            CopyCollective(call, r == rank ? own! : CollRecv(ctx, comm, r, TagAlltoall).Data, slot.Bytes);
            slot.Commit();
        }
        return SUCCESS;
    }

    private static void CheckPerRank(string call, int size, int[] counts, int[] displs, Datatype[] types)
    {
        if (counts == null || displs == null || types == null || counts.Length < size || displs.Length < size || types.Length < size)
            throw new MpiException(call, ERR_ARG, $"counts, displacements and datatypes need {size} entries (the communicator size)");
    }

    /// <summary>
    /// The array behind a receive buffer, when the packed bytes are a view of it (a contiguous layout), so that senders
    /// in this process may write their blocks straight into it; <see cref="Array"/> null otherwise.
    /// </summary>
    private readonly record struct ReceiveTarget(Array? Array, long ArrayBytes)
    {
        public static ReceiveTarget Of<T>(T[] buf, in DataBuf data) where T : unmanaged =>
            data.IsView && buf != null ? new(buf, (long)buf.Length * Unsafe.SizeOf<T>()) : default;
    }

    /// <summary>The linear exchange behind Alltoall and Alltoallv, on packed bytes (slots from counts/displs or a fixed count).</summary>
    private static void ExchangeCore(RankContext ctx, string call, Comm comm,
        ReadOnlySpan<byte> send, int sendcount, Datatype sendtype, int[]? sendcounts, int[]? sdispls,
        Span<byte> recv, int recvcount, Datatype recvtype, int[]? recvcounts, int[]? rdispls, ReceiveTarget target)
    {
        if (comm.IsInter)
        {
            InterExchange(ctx, call, comm, send, sendcount, sendtype, sendcounts, sdispls, recv, recvcount, recvtype, recvcounts, rdispls);
            return;
        }
        ctx.Wait.Set(call, comm, null, 0, false, 0);
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        BeginCollective(ctx, call, comm, -1, sendcounts != null ? -1 : (long)sendcount * sendtype.Size, sendtype);
        if (ctx.Transport.Underlying is InProcTransport inproc && inproc.DirectSendMinBytes != int.MaxValue
            && ctx.ThreadLevel != THREAD_MULTIPLE && target.Array != null && size > 1)
        {
            ExchangeInProcess(ctx, call, comm, inproc, rank, size, send, sendcount, sendtype, sendcounts, sdispls,
                recv, recvcount, recvtype, recvcounts, rdispls, target);
            return;
        }
        for (int k = 1; k < size; k++)
        {
            int dest = (rank + k) % size;
            var (start, length) = Slot(dest, sendcount, sendtype, sendcounts, sdispls);
            CollSend(ctx, comm, dest, TagAlltoall, send.Slice(start, length));
        }
        CopyOwnBlock(call, rank, send, sendcount, sendtype, sendcounts, sdispls, recv, recvcount, recvtype, recvcounts, rdispls);
        for (int r = 0; r < size; r++)
        {
            if (r == rank) continue;
            var (start, length) = Slot(r, recvcount, recvtype, recvcounts, rdispls);
            CollRecvInto(ctx, call, comm, r, TagAlltoall, recv.Slice(start, length));
        }
    }

    private static void CopyOwnBlock(string call, int rank, ReadOnlySpan<byte> send, int sendcount, Datatype sendtype,
        int[]? sendcounts, int[]? sdispls, Span<byte> recv, int recvcount, Datatype recvtype, int[]? recvcounts, int[]? rdispls)
    {
        // The rank's own block goes straight from the send buffer: every other block is copied out already, so
        // an in-place exchange whose send bytes are its receive buffer loses nothing (CopyTo moves overlapping
        // bytes correctly). A copy through a fresh array cost a large-object allocation per call (32 MiB per
        // transpose in NPB FT class A on 2 ranks).
        var (from, fromLength) = Slot(rank, sendcount, sendtype, sendcounts, sdispls);
        var (to, toLength) = Slot(rank, recvcount, recvtype, recvcounts, rdispls);
        CopyCollective(call, send.Slice(from, fromLength), recv.Slice(to, toLength));
    }

    /// <summary>
    /// The exchange with every rank a thread of this process (inproc): each large block is copied once, from the
    /// sender's buffer straight into the receiver's, with no message array in between. Each rank first posts a receive
    /// for every large block it takes, its slot of the receive buffer as the target, and marks the exchange posted;
    /// then sends. A block whose receiver has not entered the exchange yet is held back (stamped, so nothing overtakes
    /// it) until this rank has its own blocks: by then that receiver has posted, since it sent to this rank after
    /// posting. A block the receiver's posted exchange cannot take directly (counts that disagree, a slot below the
    /// direct size) goes at once as a stamped message, which the receiver checks as before. No cycle of waits can form:
    /// a rank holds a block back only for a rank that entered later than it, whose blocks to it go out at once.
    /// Before, every block went into a pooled copy first: FT class A's transposes at 4 ranks held 12 blocks of 8 MiB
    /// in flight beside the arrays (bench/README.md, "memory, round 9").
    /// </summary>
    private static void ExchangeInProcess(RankContext ctx, string call, Comm comm, InProcTransport inproc, int rank, int size,
        ReadOnlySpan<byte> send, int sendcount, Datatype sendtype, int[]? sendcounts, int[]? sdispls,
        Span<byte> recv, int recvcount, Datatype recvtype, int[]? recvcounts, int[]? rdispls, ReceiveTarget target)
    {
        var posted = new RecvEntry?[size];
        var heldBack = new List<(int Dest, cMPIMessage Header)>();
        try
        {
            for (int r = 0; r < size; r++)
            {
                if (r == rank) continue;
                var (start, length) = Slot(r, recvcount, recvtype, recvcounts, rdispls);
                if (length < inproc.DirectSendMinBytes) continue; // received as before, after the sends
                CheckNoStaleMessage(ctx, comm, r);
                var e = new RecvEntry();
                e.Reset(comm.CollectiveContext, r, TagAlltoall);
                e.OfferTarget(target.Array!, target.ArrayBytes, recv.Slice(start, length));
                ctx.Mailbox.MatchOrPost(e); // an early block (a staged copy) may complete it at once
                posted[r] = e;
            }
            long seq = ctx.Collective!.Value.Seq;
            ctx.Mailbox.MarkExchangePosted(comm.CollectiveContext, seq);
            for (int k = 1; k < size; k++)
            {
                int dest = (rank + k) % size;
                var (start, length) = Slot(dest, sendcount, sendtype, sendcounts, sdispls);
                if (length < inproc.DirectSendMinBytes)
                {
                    CollSend(ctx, comm, dest, TagAlltoall, send.Slice(start, length));
                    continue;
                }
                var header = new cMPIMessage
                {
                    Source = rank, Tag = TagAlltoall, Context = comm.CollectiveContext, Collective = ctx.Collective,
                };
                int destWorld = comm.ToWorld(ctx, dest);
                ctx.Stamp(destWorld, header, length);
                var block = send.Slice(start, length);
                if (inproc.TryDeliverBlock(destWorld, header, block, seq, out bool receiverPosted)) continue;
                if (receiverPosted) SendStamped(ctx, inproc, destWorld, header, block);
                else heldBack.Add((dest, header));
            }
            CopyOwnBlock(call, rank, send, sendcount, sendtype, sendcounts, sdispls, recv, recvcount, recvtype, recvcounts, rdispls);
            for (int r = 0; r < size; r++)
            {
                if (r == rank) continue;
                var (start, length) = Slot(r, recvcount, recvtype, recvcounts, rdispls);
                if (posted[r] is not { } e)
                {
                    CollRecvInto(ctx, call, comm, r, TagAlltoall, recv.Slice(start, length));
                    continue;
                }
                ctx.Wait.WaitingForRank = r;
                ctx.Mailbox.WaitFor(e);
                ctx.Wait.WaitingForRank = WaitInfo.NoRank;
                var m = e.Message!;
                e.Message = null;
                posted[r] = null;
                if (m.InPlace)
                {
                    if (ctx.Collective is { } mine && m.Collective is { } theirs) CheckAgainst(ctx, comm, r, mine, theirs);
                    if (m.InPlaceLength != length)
                        throw new MpiException(call, ERR_COUNT,
                            $"the collective delivered {m.InPlaceLength} bytes to a buffer of {length} bytes (counts or datatypes differ between ranks)");
                }
                else
                {
                    CopyCollective(call, CheckedPayload(ctx, comm, r, m.Data), recv.Slice(start, length));
                    PayloadPool.Return(m);
                }
            }
            foreach (var (dest, header) in heldBack)
            {
                var (start, length) = Slot(dest, sendcount, sendtype, sendcounts, sdispls);
                var block = send.Slice(start, length);
                int destWorld = comm.ToWorld(ctx, dest);
                if (!inproc.TryDeliverBlock(destWorld, header, block, seq, out _)) SendStamped(ctx, inproc, destWorld, header, block);
            }
        }
        finally
        {
            foreach (var e in posted)
                if (e is { IsComplete: false }) ctx.Mailbox.Unpost(e);
        }
    }

    /// <summary>A block of the in-process exchange that goes as a message after all (its header stamped already): the
    /// collective stamp in front of a pooled copy, as <see cref="CollSend"/> sends it.</summary>
    private static void SendStamped(RankContext ctx, InProcTransport inproc, int destWorld, cMPIMessage header, ReadOnlySpan<byte> block)
    {
        header.Data = StampCollective(ctx, block, pooled: true);
        header.PooledPayload = true;
        header.Collective = null;
        inproc.Send(destWorld, header);
    }
}
