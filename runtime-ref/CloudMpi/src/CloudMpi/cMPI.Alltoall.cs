using CloudMpi.Core;
using CloudMpi.Hosting;

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
        const string call = "MPI_Alltoall";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        int size = comm.SizeIn(ctx);
        var send = Buffers.Data(call, sendbuf, sendoffset, checked(sendcount * size), sendtype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, checked(recvcount * size), recvtype);
        ExchangeCore(ctx, call, comm, send.Bytes, sendcount, sendtype, null, null, recv.Bytes, recvcount, recvtype, null, null);
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
        int size = comm.SizeIn(ctx);
        var recv = Buffers.Data(call, recvbuf, recvoffset, checked(recvcount * size), recvtype);
        byte[] send = recv.Bytes.ToArray();
        ExchangeCore(ctx, call, comm, send, recvcount, recvtype, null, null, recv.Bytes, recvcount, recvtype, null, null);
        recv.Commit();
        return SUCCESS;
    }

    public static int Alltoallv<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Alltoallv";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var send = Buffers.Data(call, sendbuf, sendoffset, Extent(call, ctx, comm, sendcounts, sdispls), sendtype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, Extent(call, ctx, comm, recvcounts, rdispls), recvtype);
        ExchangeCore(ctx, call, comm, send.Bytes, 0, sendtype, sendcounts, sdispls, recv.Bytes, 0, recvtype, recvcounts, rdispls);
        recv.CommitSlots(recvcounts, rdispls, comm.SizeIn(ctx));
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
        ExchangeCore(ctx, call, comm, send, 0, recvtype, recvcounts, rdispls, recv.Bytes, 0, recvtype, recvcounts, rdispls);
        recv.CommitSlots(recvcounts, rdispls, comm.SizeIn(ctx));
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
            byte[] block = Buffers.At(call, sraw, sorigin + sdispls[dest], sendcounts[dest], sendtypes[dest]).Bytes.ToArray();
            if (dest == rank) own = block;
            else CollSend(ctx, comm, dest, TagAlltoall, block);
        }
        for (int r = 0; r < size; r++)
        {
            var slot = Buffers.At(call, rraw, rorigin + rdispls[r], recvcounts[r], recvtypes[r]);
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

    /// <summary>The linear exchange behind Alltoall and Alltoallv, on packed bytes (slots from counts/displs or a fixed count).</summary>
    private static void ExchangeCore(RankContext ctx, string call, Comm comm,
        ReadOnlySpan<byte> send, int sendcount, Datatype sendtype, int[]? sendcounts, int[]? sdispls,
        Span<byte> recv, int recvcount, Datatype recvtype, int[]? recvcounts, int[]? rdispls)
    {
        ctx.Wait.Set(call, comm, null, 0, false, 0);
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        BeginCollective(ctx, call, comm, -1, sendcounts != null ? -1 : (long)sendcount * sendtype.Size, sendtype);
        for (int k = 1; k < size; k++)
        {
            int dest = (rank + k) % size;
            var (start, length) = Slot(dest, sendcount, sendtype, sendcounts, sdispls);
            CollSend(ctx, comm, dest, TagAlltoall, send.Slice(start, length));
        }
        {
            // The rank's own block goes straight from the send buffer: every other block is copied out already, so
            // an in-place exchange whose send bytes are its receive buffer loses nothing (CopyTo moves overlapping
            // bytes correctly). A copy through a fresh array cost a large-object allocation per call (32 MiB per
            // transpose in NPB FT class A on 2 ranks).
            var (from, fromLength) = Slot(rank, sendcount, sendtype, sendcounts, sdispls);
            var (to, toLength) = Slot(rank, recvcount, recvtype, recvcounts, rdispls);
            CopyCollective(call, send.Slice(from, fromLength), recv.Slice(to, toLength));
        }
        for (int r = 0; r < size; r++)
        {
            if (r == rank) continue;
            var (start, length) = Slot(r, recvcount, recvtype, recvcounts, rdispls);
            CollRecvInto(ctx, call, comm, r, TagAlltoall, recv.Slice(start, length));
        }
    }
}
