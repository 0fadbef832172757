using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// Nonblocking collectives (MPI-4.0 section 6.12): MPI_Ibarrier, MPI_Ibcast, MPI_Iallreduce, ... Each returns a request
/// for its blocking collective, which runs when the rank first needs it done: a Wait or Test of it (or of a request
/// array holding it), the next blocking collective on the communicator, or MPI_Finalize. The rank runs its pending
/// collectives of a communicator in the order it started them, so every rank runs them in the order MPI requires
/// all ranks to start them. Sends are eager, so a rank that computes between the start and the wait delays no
/// other rank's progress beyond what the collective itself needs. MPI_Ibarrier is not one of them: it completes by
/// itself (cMPI.NonblockingBarrier.cs), as the nonblocking-consensus idiom needs, where a rank tests its barrier in
/// a loop while answering other ranks' messages. Not covered: such a loop around another nonblocking collective
/// (a Test runs the collective, which blocks until every rank has started it).
/// </summary>
public static partial class cMPI
{
    /// <summary>
    /// Queue the collective <paramref name="run"/> on this rank as a request. A part that only sends (the root of
    /// Ibcast and Iscatter, the others of Igather) cannot block, and the other ranks may wait for its data before
    /// this rank waits for anything: it runs at once, unless collectives started earlier on comm are still pending.
    /// </summary>
    private static Request StartCollective(string call, Comm comm, Action run, bool sendsOnly = false)
    {
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var request = new Request.DeferredCollective(comm, $"{call} on {comm.Name}", run);
        (ctx.PendingCollectives ??= []).Add(request);
        if (sendsOnly && ctx.PendingCollectives.Count(r => ReferenceEquals(r.Comm, comm)) == 1)
            RunPendingCollectives(ctx, comm, request);
        return request;
    }

    private static bool IsRoot(Comm comm, int root) => IsRootHere(RankContext.Current, comm, root);

    /// <summary>
    /// Run this rank's pending nonblocking collectives on <paramref name="comm"/> in the order they started, up to and
    /// including <paramref name="upTo"/> (all of them when null).
    /// </summary>
    internal static void RunPendingCollectives(RankContext ctx, Comm comm, Request.DeferredCollective? upTo)
    {
        var pending = ctx.PendingCollectives;
        if (pending is null || ctx.RunningPendingCollective) return;
        ctx.RunningPendingCollective = true;
        try
        {
            while (true)
            {
                int i = pending.FindIndex(r => ReferenceEquals(r.Comm, comm));
                if (i < 0) return;
                var next = pending[i];
                pending.RemoveAt(i);
                next.Run();
                if (ReferenceEquals(next, upTo)) return;
            }
        }
        finally
        {
            ctx.RunningPendingCollective = false;
        }
    }

    /// <summary>Run every pending nonblocking collective, each communicator's in order (MPI_Finalize).</summary>
    internal static void RunAllPendingCollectives(RankContext ctx)
    {
        while (ctx.PendingCollectives is { Count: > 0 } pending)
            RunPendingCollectives(ctx, pending[0].Comm, null);
    }

    /// <summary>Start the not yet run nonblocking collectives among the first <paramref name="count"/> requests (Test*, Wait*).</summary>
    internal static void RunPendingCollectives(RankContext ctx, Request?[]? requests, int count)
    {
        if (ctx.PendingCollectives is not { Count: > 0 } || requests is null) return;
        for (int i = 0; i < count && i < requests.Length; i++)
            if (requests[i] is Request.DeferredCollective { IsComplete: false } c)
                RunPendingCollectives(ctx, c.Comm, c);
    }

    public static int Ibcast<T>(T[] buf, int offset, int count, Datatype datatype, int root, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Ibcast", comm, () => Bcast(buf, offset, count, datatype, root, comm), sendsOnly: IsRoot(comm, root));
        return SUCCESS;
    }

    public static int Ireduce<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Ireduce", comm, () => Reduce(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, root, comm));
        return SUCCESS;
    }

    public static int Ireduce<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, int root, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Ireduce", comm, () => Reduce(sendbuf, recvbuf, recvoffset, count, datatype, op, root, comm));
        return SUCCESS;
    }

    public static int Iallreduce<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Iallreduce", comm, () => Allreduce(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, comm));
        return SUCCESS;
    }

    public static int Iallreduce<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Iallreduce", comm, () => Allreduce(sendbuf, recvbuf, recvoffset, count, datatype, op, comm));
        return SUCCESS;
    }

    public static int Igather<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Igather", comm, () => Gather(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root, comm), sendsOnly: !IsRoot(comm, root));
        return SUCCESS;
    }

    public static int Igather<TR>(InPlace sendbuf, int sendcount, Datatype? sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root, Comm comm, out Request request) where TR : unmanaged
    {
        request = StartCollective("MPI_Igather", comm, () => Gather(sendbuf, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root, comm), sendsOnly: !IsRoot(comm, root));
        return SUCCESS;
    }

    public static int Igatherv<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Igatherv", comm, () => Gatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, recvtype, root, comm), sendsOnly: !IsRoot(comm, root));
        return SUCCESS;
    }

    public static int Igatherv<TR>(InPlace sendbuf, int sendcount, Datatype? sendtype, TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root, Comm comm, out Request request) where TR : unmanaged
    {
        request = StartCollective("MPI_Igatherv", comm, () => Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, recvtype, root, comm), sendsOnly: !IsRoot(comm, root));
        return SUCCESS;
    }

    public static int Iscatter<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Iscatter", comm, () => Scatter(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, root, comm), sendsOnly: IsRoot(comm, root));
        return SUCCESS;
    }

    public static int Iscatter<TS>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, InPlace recvbuf, int recvcount, Datatype? recvtype, int root, Comm comm, out Request request) where TS : unmanaged
    {
        request = StartCollective("MPI_Iscatter", comm, () => Scatter(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm), sendsOnly: IsRoot(comm, root));
        return SUCCESS;
    }

    public static int Iscatterv<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Iscatterv", comm, () => Scatterv(sendbuf, sendoffset, sendcounts, displs, sendtype, recvbuf, recvoffset, recvcount, recvtype, root, comm), sendsOnly: IsRoot(comm, root));
        return SUCCESS;
    }

    public static int Iscatterv<TS>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype, InPlace recvbuf, int recvcount, Datatype? recvtype, int root, Comm comm, out Request request) where TS : unmanaged
    {
        request = StartCollective("MPI_Iscatterv", comm, () => Scatterv(sendbuf, sendoffset, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm), sendsOnly: IsRoot(comm, root));
        return SUCCESS;
    }

    public static int Iallgather<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Iallgather", comm, () => Allgather(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, comm));
        return SUCCESS;
    }

    public static int Iallgather<TR>(InPlace sendbuf, int sendcount, Datatype? sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm, out Request request) where TR : unmanaged
    {
        request = StartCollective("MPI_Iallgather", comm, () => Allgather(sendbuf, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, comm));
        return SUCCESS;
    }

    public static int Iallgatherv<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Iallgatherv", comm, () => Allgatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, recvtype, comm));
        return SUCCESS;
    }

    public static int Iallgatherv<TR>(InPlace sendbuf, int sendcount, Datatype? sendtype, TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, Comm comm, out Request request) where TR : unmanaged
    {
        request = StartCollective("MPI_Iallgatherv", comm, () => Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, recvtype, comm));
        return SUCCESS;
    }

    public static int Ialltoall<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Ialltoall", comm, () => Alltoall(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, comm));
        return SUCCESS;
    }

    public static int Ialltoall<TR>(InPlace sendbuf, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm, out Request request) where TR : unmanaged
    {
        request = StartCollective("MPI_Ialltoall", comm, () => Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, comm));
        return SUCCESS;
    }

    public static int Ialltoallv<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype, TR[] recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Ialltoallv", comm, () => Alltoallv(sendbuf, sendoffset, sendcounts, sdispls, sendtype, recvbuf, recvoffset, recvcounts, rdispls, recvtype, comm));
        return SUCCESS;
    }

    public static int Ialltoallv<TR>(InPlace sendbuf, int[]? sendcounts, int[]? sdispls, Datatype? sendtype, TR[] recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype, Comm comm, out Request request) where TR : unmanaged
    {
        request = StartCollective("MPI_Ialltoallv", comm, () => Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvoffset, recvcounts, rdispls, recvtype, comm));
        return SUCCESS;
    }

    public static int Ialltoallw<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, TR[] recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype[] recvtypes, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Ialltoallw", comm, () => Alltoallw(sendbuf, sendoffset, sendcounts, sdispls, sendtypes, recvbuf, recvoffset, recvcounts, rdispls, recvtypes, comm));
        return SUCCESS;
    }

    // ------------------------------------------------------------------ neighbourhood collectives on a topology

    public static int Ineighbor_allgather<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Ineighbor_allgather", comm, () => Neighbor_allgather(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, comm));
        return SUCCESS;
    }

    public static int Ineighbor_allgatherv<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Ineighbor_allgatherv", comm, () => Neighbor_allgatherv(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcounts, displs, recvtype, comm));
        return SUCCESS;
    }

    public static int Ineighbor_alltoall<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype, TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Ineighbor_alltoall", comm, () => Neighbor_alltoall(sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvoffset, recvcount, recvtype, comm));
        return SUCCESS;
    }

    public static int Ineighbor_alltoallv<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype, TR[] recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Ineighbor_alltoallv", comm, () => Neighbor_alltoallv(sendbuf, sendoffset, sendcounts, sdispls, sendtype, recvbuf, recvoffset, recvcounts, rdispls, recvtype, comm));
        return SUCCESS;
    }

    public static int Ineighbor_alltoallw<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, long[] sdispls, Datatype[] sendtypes, TR[] recvbuf, int recvoffset, int[] recvcounts, long[] rdispls, Datatype[] recvtypes, Comm comm, out Request request) where TS : unmanaged where TR : unmanaged
    {
        request = StartCollective("MPI_Ineighbor_alltoallw", comm, () => Neighbor_alltoallw(sendbuf, sendoffset, sendcounts, sdispls, sendtypes, recvbuf, recvoffset, recvcounts, rdispls, recvtypes, comm));
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Comm_idup: the duplicate is made in the call (a blocking collective, as MPI_Comm_dup), and the request is
    /// complete. Every member calls it in the same order, so the call returns once the others have called it too.
    /// </summary>
    public static int Comm_idup(Comm comm, out Comm newcomm, out Request request)
    {
        Comm_dup(comm, out newcomm);
        request = new Request.Completed(new Status(ANY_SOURCE, ANY_TAG, 0), "MPI_Comm_idup");
        return SUCCESS;
    }

    public static int Iscan<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Iscan", comm, () => Scan(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, comm));
        return SUCCESS;
    }

    public static int Iscan<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Iscan", comm, () => Scan(sendbuf, recvbuf, recvoffset, count, datatype, op, comm));
        return SUCCESS;
    }

    public static int Iexscan<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Iexscan", comm, () => Exscan(sendbuf, sendoffset, recvbuf, recvoffset, count, datatype, op, comm));
        return SUCCESS;
    }

    public static int Iexscan<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int count, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Iexscan", comm, () => Exscan(sendbuf, recvbuf, recvoffset, count, datatype, op, comm));
        return SUCCESS;
    }

    public static int Ireduce_scatter_block<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int recvcount, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Ireduce_scatter_block", comm, () => Reduce_scatter_block(sendbuf, sendoffset, recvbuf, recvoffset, recvcount, datatype, op, comm));
        return SUCCESS;
    }

    public static int Ireduce_scatter_block<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int recvcount, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Ireduce_scatter_block", comm, () => Reduce_scatter_block(sendbuf, recvbuf, recvoffset, recvcount, datatype, op, comm));
        return SUCCESS;
    }

    public static int Ireduce_scatter<T>(T[] sendbuf, int sendoffset, T[] recvbuf, int recvoffset, int[] recvcounts, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Ireduce_scatter", comm, () => Reduce_scatter(sendbuf, sendoffset, recvbuf, recvoffset, recvcounts, datatype, op, comm));
        return SUCCESS;
    }

    public static int Ireduce_scatter<T>(InPlace sendbuf, T[] recvbuf, int recvoffset, int[] recvcounts, Datatype datatype, Op op, Comm comm, out Request request) where T : unmanaged
    {
        request = StartCollective("MPI_Ireduce_scatter", comm, () => Reduce_scatter(sendbuf, recvbuf, recvoffset, recvcounts, datatype, op, comm));
        return SUCCESS;
    }
}
