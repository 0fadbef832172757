using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// MPI_Ibarrier that completes by itself, without the rank running anything: the barrier of the nonblocking
/// consensus idiom (Hoefler, Siebert and Lumsdaine, "Scalable communication protocols for dynamic sparse data
/// exchange", PPoPP 2010: NBX), where every rank tests its Ibarrier in a loop and keeps receiving and answering
/// point-to-point messages until it completes. graph500's active messages (aml.c's aml_barrier) are built on it.
/// The other nonblocking collectives run their blocking collective when first tested (cMPI.NonblockingCollectives.cs),
/// which would block such a loop's Test until every rank has started the barrier: a rank still waiting for this
/// rank's answer would then never start it.
/// </summary>
public static partial class cMPI
{
    /// <summary>
    /// The tags of the barrier's notices in the collective context: above every blocking collective's tag (1-21, the
    /// neighbourhood collectives' 2^20 + k, Comm_create_group's 2^21 + k), one per barrier of the communicator
    /// (modulo 2^22), so that several barriers in flight on one communicator never take each other's notices.
    /// </summary>
    private const int IbarrierTagBase = 1 << 23, IbarrierTagMask = (1 << 22) - 1;

    public static int Ibarrier(Comm comm, out Request request)
    {
        const string call = "MPI_Ibarrier";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (comm.IsInter)
        {
            // both groups take part in an intercommunicator's barrier: left to the blocking one, run when tested
            request = StartCollective(call, comm, () => Barrier(comm));
            return SUCCESS;
        }
        var local = LocalOf(ctx, comm);
        int tag = IbarrierTagBase + (int)(local.IbarrierSeq++ & IbarrierTagMask);
        request = NonblockingBarrier.Start(ctx, comm, tag);
        return SUCCESS;
    }
}

/// <summary>
/// A barrier that needs no progress after its start: the rank sends an empty notice to every other rank and posts a
/// receive for each other rank's notice; it is complete when all have arrived, i.e. when every rank has started it.
/// (p - 1 messages per rank where a dissemination barrier sends log2 p, but a round-based barrier must send its
/// next round when the last one arrives, which would need a progress engine this runtime does not have: sends
/// are eager and receives complete in the transports' delivery threads.) The blocking MPI_Barrier keeps its own
/// algorithms.
/// </summary>
internal sealed class NonblockingBarrier : Request
{
    private readonly RecvEntry[] notices;
    private readonly string description;
    /// <summary>Every notice before this one has arrived (only ever advances; read by the owning rank alone).</summary>
    private int arrived;

    private NonblockingBarrier(RecvEntry[] notices, string description)
    {
        this.notices = notices;
        this.description = description;
    }

    internal static NonblockingBarrier Start(RankContext ctx, Comm comm, int tag)
    {
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        var notices = new RecvEntry[size - 1];
        for (int i = 1; i < size; i++)
        {
            int peer = (rank + i) % size;
            ctx.SendData(comm.ToWorld(ctx, peer), new cMPIMessage { Data = [], Source = rank, Tag = tag, Context = comm.CollectiveContext });
        }
        for (int i = 1; i < size; i++)
        {
            var e = new RecvEntry();
            e.Reset(comm.CollectiveContext, (rank - i + size) % size, tag);
            ctx.Mailbox.MatchOrPost(e);
            notices[i - 1] = e;
        }
        return new NonblockingBarrier(notices, $"MPI_Ibarrier on {comm.Name}");
    }

    internal override bool IsComplete
    {
        get
        {
            while (arrived < notices.Length && notices[arrived].IsComplete) arrived++;
            return arrived == notices.Length;
        }
    }

    internal override void Block(RankContext ctx)
    {
        for (int i = arrived; i < notices.Length; i++)
        {
            ctx.Wait.WaitingForRank = notices[i].Source;
            ctx.Mailbox.WaitFor(notices[i]);
        }
        ctx.Wait.WaitingForRank = WaitInfo.NoRank;
    }

    private protected override Status Deliver(string call) => new(cMPI.ANY_SOURCE, cMPI.ANY_TAG, 0);

    internal override string Describe()
    {
        int missing = 0;
        foreach (var e in notices) if (!e.IsComplete) missing++;
        return missing == 0 ? description : $"{description} ({missing} of {notices.Length} ranks not yet started it)";
    }
}
