using System.Runtime.CompilerServices;
using CloudMpi.Core;
using CloudMpi.Hosting;
using CloudMpi.Transports;

namespace CloudMpi;

/// <summary>The selectable collective variants of <see cref="CollectiveVariants"/> (the thesis's naive broadcast, threaded scatter, table barrier).</summary>
public static partial class cMPI
{
    /// <summary>Naive broadcast: the root sends to every other rank (in parallel when the scatter runs threaded).</summary>
    private static byte[] NaiveBcastBytes(RankContext ctx, Comm comm, int root, byte[]? rootData)
    {
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        if (rank != root) return CollRecv(ctx, comm, root, TagBcast).Data;
        byte[] data = rootData ?? [];
        var sends = Enumerable.Range(0, size).Where(r => r != root).Select(r => (r, data)).ToList();
        if (CollectiveVariants.ScatterFor(ctx.Transport, size) == CollectiveVariants.ScatterKind.Threads)
        {
            CollSendParallel(ctx, comm, TagBcast, sends);
        }
        else
        {
            foreach (var (r, d) in sends) CollSend(ctx, comm, r, TagBcast, d);
        }
        return data;
    }

    /// <summary>
    /// Send one message to each listed rank from several threads at once (each send to storage is a network round
    /// trip). The messages are stamped here, in order, so sequence numbers stay per-destination consecutive.
    /// </summary>
    private static void CollSendParallel(RankContext ctx, Comm comm, int tag, List<(int Rank, byte[] Data)> sends)
    {
        var stamped = new (int World, cMPIMessage Message)[sends.Count];
        for (int i = 0; i < sends.Count; i++)
        {
            var (r, data) = sends[i];
            var m = new cMPIMessage { Data = StampCollective(ctx, data), Source = comm.RankIn(ctx), Tag = tag, Context = comm.CollectiveContext };
            int world = comm.ToWorld(ctx, r);
            ctx.Stamp(world, m);
            stamped[i] = (world, m);
        }
        Parallel.ForEach(stamped, new ParallelOptions { MaxDegreeOfParallelism = StorageCollectiveModel.ParallelSends }, s => ctx.Transport.Send(s.World, s.Message));
    }

    /// <summary>
    /// The dissemination barrier (Hensgen, Finkel and Manber, 1988): in round k every rank sends to rank + 2^k and
    /// receives from rank - 2^k (mod p), so after ceil(log2 p) rounds each rank has heard, directly or not, from every
    /// other. Half the sequential hops of the binomial fan-in and fan-out (2 log2 p), which is what counts when ranks
    /// outnumber cores and each hop may wait for the receiver to be scheduled. The sources of one barrier's rounds are
    /// distinct ranks, so non-overtaking order keeps successive barriers apart with one tag.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void DisseminationBarrier(RankContext ctx, Comm comm)
    {
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        for (int distance = 1; distance < size; distance <<= 1)
        {
            CollSend(ctx, comm, (rank + distance) % size, TagBarrierIn, []);
            CollRecv(ctx, comm, (rank - distance + size) % size, TagBarrierIn);
        }
    }

    /// <summary>
    /// The linear barrier (tcp's at 5-7 ranks; Open MPI 4.1's choice for 4-7 ranks, coll/tuned's fixed decision): every rank but 0 tells
    /// rank 0 it has arrived and waits for its release; rank 0 hears from every rank, then releases each. 2(p - 1)
    /// messages where the dissemination barrier sends p ceil(log2 p) (12 against 21 at 7 ranks), two hops on the
    /// critical path against ceil(log2 p), and every rank but 0 has one message to wait for. Which matters when ranks
    /// outnumber cores: each message costs its sender the network stack's work for both ends (loopback) and each hop
    /// waits for its receiver to get a core, while rank 0's sends of the release go out in one turn on its core.
    /// Successive barriers keep apart with the two tags, as each source's messages are matched in order.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void LinearBarrier(RankContext ctx, Comm comm)
    {
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        if (rank != 0)
        {
            CollSend(ctx, comm, 0, TagBarrierIn, []);
            CollRecv(ctx, comm, 0, TagBarrierOut);
            return;
        }
        for (int r = 1; r < size; r++) CollRecv(ctx, comm, r, TagBarrierIn);
        for (int r = 1; r < size; r++) CollSend(ctx, comm, r, TagBarrierOut, []);
    }

    /// <summary>The transport's own barrier when the table barrier is chosen (CMPI_BARRIER, or azure's default) and the transport has one; false otherwise.</summary>
    private static bool TransportBarrier(RankContext ctx, Comm comm)
    {
        if (CollectiveVariants.BarrierFor(ctx.Transport, comm.SizeIn(ctx)) != CollectiveVariants.BarrierKind.Table) return false;
        if (ctx.Transport.Underlying is not ITransportBarrier barrier) return false;
        int size = comm.SizeIn(ctx);
        if (size == 1) return true;
        ctx.BarrierEpochs.TryGetValue(comm.ContextId, out long epoch);
        ctx.BarrierEpochs[comm.ContextId] = epoch + 1;
        var host = ctx.Host;
        host?.MarkBlocked(ctx.WorldRank);
        try
        {
            barrier.Barrier(ctx.WorldRank, comm.ContextId, epoch, comm.RankIn(ctx), size, () =>
            {
                if (host?.AbortReason is string reason) throw new JobAbortedException(reason);
            });
        }
        finally
        {
            host?.MarkRunning(ctx.WorldRank);
        }
        return true;
    }
}
