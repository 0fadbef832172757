using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// The gathers, scatters and reduce-scatters on an intercommunicator (MPI-3.1 5.2.2), with the results Open MPI's
/// coll/inter and coll/basic give:
/// <list type="bullet">
/// <item>Gather(v): each rank of the other group sends its block to the root (MPI_ROOT), which places block r in slot r.</item>
/// <item>Scatter(v): the root sends slot r to remote rank r.</item>
/// <item>Allgatherv: every rank sends its block to every remote rank and receives remote rank r's block into slot r.</item>
/// <item>Reduce_scatter(_block): each group reduces its vectors to its rank 0, the two leaders swap the results, and
/// each leader scatters the other group's result over its group by this group's counts.</item>
/// </list>
/// The ranks of the root's group other than the root pass MPI_PROC_NULL and do nothing; their buffers are not read.
/// </summary>
public static partial class cMPI
{
    private const int TagInterGather = 26; // distinct from every other collective tag (TagInterAlltoall is 25)
    private const int TagInterScatter = 27;
    private const int TagInterAllgatherv = 28;

    /// <summary>Whether this rank is the root of a rooted collective: its rank on an intracommunicator, MPI_ROOT on an intercommunicator.</summary>
    private static bool IsRootHere(RankContext ctx, Comm comm, int root) =>
        comm.IsInter ? root == ROOT : comm.RankIn(ctx) == root;

    /// <summary>Whether this rank gives data to a gather (receives from a scatter): on an intercommunicator, the ranks of the other group.</summary>
    private static bool TakesPartHere(Comm comm, int root) => !comm.IsInter || !GivesNothing(root);

    /// <summary>Nonblocking collectives this rank started on the intercommunicator come first, as on every other rank.</summary>
    private static void BeginInter(RankContext ctx, Comm inter)
    {
        if (ctx.PendingCollectives is { Count: > 0 }) RunPendingCollectives(ctx, inter, null);
    }

    private static void InterGather(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        int recvcount, Datatype recvtype, int[]? counts, int[]? displs, int root, Comm inter)
    {
        BeginInter(ctx, inter);
        ctx.Wait.Set(call, inter, "root", root, false, 0);
        if (root == PROC_NULL) return;
        if (root != ROOT)
        {
            InterSend(ctx, inter, root, TagInterGather, send);
            return;
        }
        for (int r = 0; r < inter.PeerSizeIn(ctx); r++)
        {
            var (start, length) = Slot(r, recvcount, recvtype, counts, displs);
            CopyCollective(call, InterReceive(ctx, inter, r, TagInterGather), recv.Slice(start, length));
        }
    }

    private static void InterScatter(RankContext ctx, string call, ReadOnlySpan<byte> send, int sendcount, Datatype sendtype,
        int[]? counts, int[]? displs, Span<byte> recv, int root, Comm inter)
    {
        BeginInter(ctx, inter);
        ctx.Wait.Set(call, inter, "root", root, false, 0);
        if (root == PROC_NULL) return;
        if (root != ROOT)
        {
            CopyCollective(call, InterReceive(ctx, inter, root, TagInterScatter), recv);
            return;
        }
        for (int r = 0; r < inter.PeerSizeIn(ctx); r++)
        {
            var (start, length) = Slot(r, sendcount, sendtype, counts, displs);
            InterSend(ctx, inter, r, TagInterScatter, send.Slice(start, length));
        }
    }

    /// <summary>MPI_Allgatherv on an intercommunicator: slot r of <paramref name="recv"/> receives remote rank r's block.</summary>
    private static void InterAllgatherv(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        Datatype recvtype, int[] counts, int[] displs, Comm inter)
    {
        BeginInter(ctx, inter);
        ctx.Wait.Set(call, inter, null, 0, false, 0);
        int remote = inter.PeerSizeIn(ctx), rank = inter.RankIn(ctx);
        for (int k = 0; k < remote; k++)
            InterSend(ctx, inter, (rank + k) % remote, TagInterAllgatherv, send); // not every rank's first message to remote rank 0
        for (int r = 0; r < remote; r++)
        {
            var (start, length) = Slot(r, 0, recvtype, counts, displs);
            CopyCollective(call, InterReceive(ctx, inter, r, TagInterAllgatherv), recv.Slice(start, length));
        }
    }

    /// <summary>
    /// MPI_Reduce_scatter(_block) on an intercommunicator: <paramref name="counts"/> are this group's (one per local
    /// rank); the vectors of both groups have their sum of elements (MPI requires it), checked when the leaders swap.
    /// </summary>
    private static void InterReduceScatter(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        int[] counts, Datatype type, Op op, Comm inter)
    {
        BeginInter(ctx, inter);
        var local = LocalGroupOf(call, inter);
        int size = local.SizeIn(ctx);
        bool leader = local.RankIn(ctx) == 0;
        var partial = leader ? new byte[send.Length] : [];
        ReduceCore(ctx, call, send, partial, type, op, 0, local, all: false);
        byte[] theirs = [];
        if (leader)
        {
            theirs = SwapWithRemoteLeader(ctx, call, inter, partial);
            if (theirs.Length != partial.Length)
                throw new MpiException(call, theirs.Length > partial.Length ? ERR_TRUNCATE : ERR_COUNT,
                    $"the other group of {inter.Name} reduced {theirs.Length} bytes, this group {partial.Length} (the sums of recvcounts differ)");
        }
        var displs = new int[size];
        for (int r = 1; r < size; r++) displs[r] = displs[r - 1] + counts[r - 1];
        ScatterCore(ctx, call, theirs, 0, type, counts, displs, recv, 0, local);
    }
}
