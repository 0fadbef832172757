using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Libc;

namespace CloudMpi;

/// <summary>
/// The type of <see cref="cMPI.IN_PLACE"/> (C's MPI_IN_PLACE). Overloads taking it where MPI allows it say
/// "my contribution is already in the receive buffer" (or, for Scatter, "leave my block there").
/// </summary>
public sealed class InPlace
{
    private InPlace() { }
    internal static readonly InPlace Instance = new();
    public override string ToString() => "MPI_IN_PLACE";
}

public static partial class cMPI
{
    /// <summary>MPI_IN_PLACE, passed as the buffer argument of the collectives that allow it.</summary>
    public static readonly InPlace IN_PLACE = InPlace.Instance;

    /// <summary>
    /// MPI_IN_PLACE as a typed pointer: C's <c>(float *)MPI_IN_PLACE</c> kept in a variable that holds a buffer on
    /// other branches (<c>sendbuf = (float *)MPI_IN_PLACE</c> on the root, <c>&amp;x</c> elsewhere, then
    /// <c>MPI_Reduce(sendbuf, ...)</c>). One empty array for each element type, which nothing else gives: the
    /// collectives that allow MPI_IN_PLACE take it, in an array or a <see cref="Libc.Ptr{T}"/>, as the marker, and
    /// reading or writing through it fails as C's access to Open MPI's <c>(void *) 1</c> does.
    /// </summary>
    public static T[] InPlaceAs<T>() => InPlaceMarker<T>.Array;

    /// <summary><paramref name="buffer"/> is <see cref="InPlaceAs{T}"/>'s marker.</summary>
    internal static bool IsInPlace<T>(T[]? buffer) => buffer is not null && ReferenceEquals(buffer, InPlaceMarker<T>.Array);

    private static class InPlaceMarker<T>
    {
#pragma warning disable CA1825 // a distinct empty array: Array.Empty<T>() is shared with every other empty one
        internal static readonly T[] Array = new T[0];
#pragma warning restore CA1825
    }

    private static void RequireRoot(string call, RankContext ctx, Comm comm, int root)
    {
        if (comm.RankIn(ctx) != root)
            throw new MpiException(call, ERR_BUFFER, $"MPI_IN_PLACE is only valid at the root (rank {root}) of {call}");
    }

    // ------------------------------------------------------------------ Reduce, Allreduce

    /// <summary>MPI_Reduce(MPI_IN_PLACE, recvbuf, ...) at the root: its data is in recvbuf and is replaced by the result.</summary>
    public static int Reduce<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(sendbuf, UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, root, comm);

    public static int Reduce<T>(InPlace sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(sendbuf, UserBuffer.Of(ref recvbuf), count, datatype, op, root, comm);

    public static int Reduce<T>(InPlace sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(sendbuf, UserBuffer.Of(recvbuf), count, datatype, op, root, comm);

    /// <summary>MPI_Reduce(sendbuf, MPI_IN_PLACE, ...) away from the root, whose recvbuf MPI ignores (Eijkhout's
    /// allreduceinplace: `MPI_Reduce(myrandoms, MPI_IN_PLACE, ...)` on the other ranks); at the root it is
    /// MPI_ERR_ARG, as Open MPI's argument check has it.</summary>
    public static int Reduce<T>(T[] sendbuf, int sendoffset, InPlace recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(sendbuf, sendoffset), UserBuffer.Of(InPlaceAs<T>(), 0), count, datatype, op, root, comm);

    public static int Reduce<T>(ref T sendbuf, InPlace recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(ref sendbuf), UserBuffer.Of(InPlaceAs<T>(), 0), count, datatype, op, root, comm);

    public static int Reduce<T>(Ptr<T> sendbuf, InPlace recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged =>
        Reduce(UserBuffer.Of(sendbuf), UserBuffer.Of(InPlaceAs<T>(), 0), count, datatype, op, root, comm);

    private static int Reduce<T>(InPlace sendbuf, UserBuffer<T> recvbuf, int count, Datatype datatype, Op op, int root, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Reduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, root);
        RequireRoot(call, ctx, comm, root);
        var recv = recvbuf.Data(call, count, datatype);
        ReduceCore(ctx, call, recv.Bytes, recv.Bytes, datatype, op, root, comm, all: false);
        recv.Commit();
        recvbuf.Done();
        return SUCCESS;
    }

    /// <summary>MPI_Allreduce(MPI_IN_PLACE, recvbuf, ...): every rank's data is in recvbuf and is replaced by the result.</summary>
    public static int Allreduce<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(sendbuf, UserBuffer.Of(recvbuf, recvoffset), count, datatype, op, comm);

    public static int Allreduce<T>(InPlace sendbuf, ref T recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(sendbuf, UserBuffer.Of(ref recvbuf), count, datatype, op, comm);

    public static int Allreduce<T>(InPlace sendbuf, Ptr<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged =>
        Allreduce(sendbuf, UserBuffer.Of(recvbuf), count, datatype, op, comm);

    private static int Allreduce<T>(InPlace sendbuf, UserBuffer<T> recvbuf, int count, Datatype datatype, Op op, Comm comm) where T : unmanaged
    {
        const string call = "MPI_Allreduce";
        var ctx = Ctx(call);
        CheckReduce(call, ctx, datatype, op, comm, 0);
        var recv = recvbuf.Data(call, count, datatype);
        ReduceCore(ctx, call, recv.Bytes, recv.Bytes, datatype, op, 0, comm, all: true);
        recv.Commit();
        recvbuf.Done();
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Gather, Gatherv (root), Allgather, Allgatherv

    /// <summary>MPI_Gather(MPI_IN_PLACE, ...) at the root: its own block is already in place.</summary>
    public static int Gather<TR>(InPlace sendbuf, int sendcount, Datatype? sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root, Comm comm) where TR : unmanaged
    {
        const string call = "MPI_Gather";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        RequireRoot(call, ctx, comm, root);
        var recv = RootRecv(ctx, call, comm, root, recvbuf, recvoffset, recvcount, recvtype);
        var (start, length) = Slot(root, recvcount, recvtype, null, null);
        byte[] own = recv.Bytes.Slice(start, length).ToArray();
        GatherCore(ctx, call, own, recv.Bytes, recvcount, recvtype, null, null, root, comm);
        recv.Commit();
        return SUCCESS;
    }

    public static int Gatherv<TR>(InPlace sendbuf, int sendcount, Datatype? sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root, Comm comm) where TR : unmanaged
    {
        const string call = "MPI_Gatherv";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        RequireRoot(call, ctx, comm, root);
        var recv = Buffers.Data(call, recvbuf, recvoffset, Extent(call, ctx, comm, recvcounts, displs), recvtype);
        var (start, length) = Slot(root, 0, recvtype, recvcounts, displs);
        byte[] own = recv.Bytes.Slice(start, length).ToArray();
        GatherCore(ctx, call, own, recv.Bytes, 0, recvtype, recvcounts, displs, root, comm);
        recv.CommitSlots(recvcounts, displs, comm.SizeIn(ctx));
        return SUCCESS;
    }

    /// <summary>MPI_Allgather(MPI_IN_PLACE, ...): each rank's block is already in its slot of recvbuf.</summary>
    public static int Allgather<TR>(InPlace sendbuf, int sendcount, Datatype? sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm) where TR : unmanaged
    {
        const string call = "MPI_Allgather";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var recv = Buffers.Data(call, recvbuf, recvoffset, checked(recvcount * comm.SizeIn(ctx)), recvtype);
        var (start, length) = Slot(comm.RankIn(ctx), recvcount, recvtype, null, null);
        byte[] own = recv.Bytes.Slice(start, length).ToArray();
        AllgatherCore(ctx, call, own, recv.Bytes, recvcount, recvtype, null, null, comm);
        recv.Commit();
        return SUCCESS;
    }

    public static int Allgatherv<TR>(InPlace sendbuf, int sendcount, Datatype? sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, Comm comm) where TR : unmanaged
    {
        const string call = "MPI_Allgatherv";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var recv = Buffers.Data(call, recvbuf, recvoffset, Extent(call, ctx, comm, recvcounts, displs), recvtype);
        var (start, length) = Slot(comm.RankIn(ctx), 0, recvtype, recvcounts, displs);
        byte[] own = recv.Bytes.Slice(start, length).ToArray();
        AllgatherCore(ctx, call, own, recv.Bytes, 0, recvtype, recvcounts, displs, comm);
        recv.CommitSlots(recvcounts, displs, comm.SizeIn(ctx));
        return SUCCESS;
    }

    // ------------------------------------------------------------------ Scatter, Scatterv (root)

    /// <summary>MPI_Scatter(..., MPI_IN_PLACE, ...) at the root: its own block stays in sendbuf.</summary>
    public static int Scatter<TS>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        InPlace recvbuf, int recvcount, Datatype? recvtype, int root, Comm comm) where TS : unmanaged
    {
        const string call = "MPI_Scatter";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        RequireRoot(call, ctx, comm, root);
        var send = RootSend(ctx, call, comm, root, sendbuf, sendoffset, sendcount, sendtype);
        var (_, length) = Slot(root, sendcount, sendtype, null, null);
        ScatterCore(ctx, call, send.Bytes, sendcount, sendtype, null, null, new byte[length], root, comm);
        return SUCCESS;
    }

    public static int Scatterv<TS>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype,
        InPlace recvbuf, int recvcount, Datatype? recvtype, int root, Comm comm) where TS : unmanaged
    {
        const string call = "MPI_Scatterv";
        var ctx = Ctx(call);
        CheckRoot(call, ctx, comm, root);
        RequireRoot(call, ctx, comm, root);
        var send = Buffers.Data(call, sendbuf, sendoffset, Extent(call, ctx, comm, sendcounts, displs), sendtype);
        var (_, length) = Slot(root, 0, sendtype, sendcounts, displs);
        ScatterCore(ctx, call, send.Bytes, 0, sendtype, sendcounts, displs, new byte[length], root, comm);
        return SUCCESS;
    }
}
