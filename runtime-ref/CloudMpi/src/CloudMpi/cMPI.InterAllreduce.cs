using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// MPI_Allreduce on an intercommunicator (MPI-3.1 5.9.6): each group receives the reduction of the other group's
/// buffers (HLRS ring_intercomm sums its ranks across two rings). Each group reduces to its leader (local rank 0)
/// with the intracommunicator collectives of its own group, in their order; the two leaders swap their results over
/// the intercommunicator's collective context; each leader broadcasts what it received in its group.
/// </summary>
public static partial class cMPI
{
    private const int TagInterLeaders = 22; // distinct from every other collective tag (cMPI.Collectives.cs, GatherScatter.cs)

    private static void InterAllreduce(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        Datatype type, Op op, Comm inter)
    {
        BeginInter(ctx, inter);
        var local = inter.LocalGroup ?? throw new MpiException(call, ERR_COMM, $"{inter.Name} has no local group");
        var partial = new byte[send.Length];
        ReduceCore(ctx, call, send, partial, type, op, 0, local, all: false);
        if (local.RankIn(ctx) == 0)
            partial = SwapWithRemoteLeader(ctx, call, inter, partial);
        BcastCore(ctx, call, partial, 0, local, type);
        CopyCollective(call, partial, recv);
    }

    /// <summary>The two leaders' bytes exchanged: this group's sent to remote rank 0, the other group's returned.</summary>
    private static byte[] SwapWithRemoteLeader(RankContext ctx, string call, Comm inter, byte[] mine)
    {
        ctx.Wait.Set(call, inter, null, 0, false, 0);
        ctx.SendData(inter.ToWorld(ctx, 0), new cMPIMessage
        {
            Data = Buffers.Copy(mine), Source = inter.RankIn(ctx), Tag = TagInterLeaders, Context = inter.CollectiveContext,
        });
        ctx.Wait.WaitingForRank = 0;
        var m = ReceiveMessage(ctx, 0, TagInterLeaders, inter.CollectiveContext);
        ctx.Wait.WaitingForRank = WaitInfo.NoRank;
        return m.Data;
    }
}
