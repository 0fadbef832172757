using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// Rooted and all-to-all collectives on an intercommunicator (MPI-3.1 5.2.2), done as Open MPI's coll/inter and
/// coll/basic do them: data crosses between the groups in point-to-point messages of the intercommunicator's
/// collective context, and each group's own part runs as the intracommunicator collectives of its local group.
/// <list type="bullet">
/// <item>Bcast: the root (MPI_ROOT) sends to remote rank 0, which broadcasts in its group; MPI_PROC_NULL ranks do nothing.</item>
/// <item>Reduce: the other group reduces to its rank 0, which sends the result to the root (MPI_ROOT).</item>
/// <item>Allgather: each group gathers to its rank 0, the two leaders swap, each broadcasts the other group's blocks.</item>
/// <item>Alltoall(v): every rank sends block j to remote rank j and receives block j from it.</item>
/// <item>Barrier: a local barrier, the leaders swap an empty message, a local broadcast releases the group.</item>
/// </list>
/// </summary>
public static partial class cMPI
{
    private const int TagInterBcast = 23;   // distinct from every other collective tag (TagInterLeaders is 22)
    private const int TagInterReduce = 24;
    private const int TagInterAlltoall = 25;

    /// <summary>A root on an intercommunicator: MPI_ROOT, MPI_PROC_NULL, or a rank of the remote group.</summary>
    private static void CheckInterRoot(string call, RankContext ctx, Comm inter, int root)
    {
        int remote = inter.PeerSizeIn(ctx);
        if (root != ROOT && root != PROC_NULL && (root < 0 || root >= remote))
            throw new MpiException(call, ERR_ROOT,
                $"invalid root {root} on the intercommunicator {inter.Name} (MPI_ROOT, MPI_PROC_NULL or a rank of the remote group of {remote})");
    }

    /// <summary>A rank of the root's group in a rooted intercommunicator collective (MPI_ROOT, MPI_PROC_NULL): it gives no data.</summary>
    private static bool GivesNothing(int root) => root == ROOT || root == PROC_NULL;

    private static Comm LocalGroupOf(string call, Comm inter) =>
        inter.LocalGroup ?? throw new MpiException(call, ERR_COMM, $"{inter.Name} has no local group");

    private static void InterSend(RankContext ctx, Comm inter, int remoteRank, int tag, ReadOnlySpan<byte> data) =>
        ctx.SendData(inter.ToWorld(ctx, remoteRank), new cMPIMessage
        {
            Data = Buffers.Copy(data), Source = inter.RankIn(ctx), Tag = tag, Context = inter.CollectiveContext,
        });

    private static byte[] InterReceive(RankContext ctx, Comm inter, int remoteRank, int tag)
    {
        ctx.Wait.WaitingForRank = remoteRank;
        var m = ReceiveMessage(ctx, remoteRank, tag, inter.CollectiveContext);
        ctx.Wait.WaitingForRank = WaitInfo.NoRank;
        return m.Data;
    }

    private static void InterBcast(RankContext ctx, string call, Span<byte> buf, int root, Comm inter, Datatype type)
    {
        BeginInter(ctx, inter);
        ctx.Wait.Set(call, inter, "root", root, false, 0);
        if (root == PROC_NULL) return;
        if (root == ROOT)
        {
            InterSend(ctx, inter, 0, TagInterBcast, buf);
            return;
        }
        var local = LocalGroupOf(call, inter);
        if (local.RankIn(ctx) == 0) CopyCollective(call, InterReceive(ctx, inter, root, TagInterBcast), buf);
        BcastCore(ctx, call, buf, 0, local, type);
    }

    private static void InterReduce(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        Datatype type, Op op, int root, Comm inter)
    {
        BeginInter(ctx, inter);
        ctx.Wait.Set(call, inter, "root", root, false, 0);
        if (root == PROC_NULL) return;
        if (root == ROOT)
        {
            CopyCollective(call, InterReceive(ctx, inter, 0, TagInterReduce), recv);
            return;
        }
        var local = LocalGroupOf(call, inter);
        bool leader = local.RankIn(ctx) == 0;
        var partial = leader ? new byte[send.Length] : [];
        ReduceCore(ctx, call, send, partial, type, op, 0, local, all: false);
        if (leader) InterSend(ctx, inter, root, TagInterReduce, partial);
    }

    /// <summary>MPI_Allgather on an intercommunicator: <paramref name="recv"/> receives the remote group's blocks in its rank order.</summary>
    private static void InterAllgather(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv, Comm inter)
    {
        BeginInter(ctx, inter);
        var local = LocalGroupOf(call, inter);
        bool leader = local.RankIn(ctx) == 0;
        var gathered = leader ? new byte[checked(send.Length * local.SizeIn(ctx))] : [];
        GatherCore(ctx, call, send, gathered, send.Length, Datatype.MPI_BYTE, null, null, 0, local);
        if (leader) CopyCollective(call, SwapWithRemoteLeader(ctx, call, inter, gathered), recv);
        BcastCore(ctx, call, recv, 0, local);
    }

    /// <summary>MPI_Alltoall(v) on an intercommunicator: block j (its slot) to and from remote rank j.</summary>
    private static void InterExchange(RankContext ctx, string call, Comm inter,
        ReadOnlySpan<byte> send, int sendcount, Datatype sendtype, int[]? sendcounts, int[]? sdispls,
        Span<byte> recv, int recvcount, Datatype recvtype, int[]? recvcounts, int[]? rdispls)
    {
        BeginInter(ctx, inter);
        ctx.Wait.Set(call, inter, null, 0, false, 0);
        int remote = inter.PeerSizeIn(ctx), rank = inter.RankIn(ctx);
        for (int k = 0; k < remote; k++)
        {
            int dest = (rank + k) % remote; // not every rank's first message to remote rank 0
            var (start, length) = Slot(dest, sendcount, sendtype, sendcounts, sdispls);
            InterSend(ctx, inter, dest, TagInterAlltoall, send.Slice(start, length));
        }
        for (int r = 0; r < remote; r++)
        {
            var (start, length) = Slot(r, recvcount, recvtype, recvcounts, rdispls);
            CopyCollective(call, InterReceive(ctx, inter, r, TagInterAlltoall), recv.Slice(start, length));
        }
    }

    private static void InterBarrier(RankContext ctx, string call, Comm inter)
    {
        BeginInter(ctx, inter);
        var local = LocalGroupOf(call, inter);
        Barrier(local); // every rank of this group has entered
        ctx.Wait.Set(call, inter, null, 0, false, 0);
        if (local.RankIn(ctx) == 0) SwapWithRemoteLeader(ctx, call, inter, []); // and every rank of the other
        BcastCore(ctx, call, Span<byte>.Empty, 0, local);
    }
}
