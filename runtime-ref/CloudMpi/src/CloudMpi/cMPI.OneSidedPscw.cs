using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// Generalized active-target synchronisation (MPI-3.1 11.5.2, "post-start-complete-wait"). A target opens an
/// exposure epoch to a group of origins with MPI_Win_post and closes it with MPI_Win_wait (or a successful
/// MPI_Win_test); an origin opens an access epoch to a group of targets with MPI_Win_start and closes it with
/// MPI_Win_complete. Only the ranks in the groups synchronise, unlike MPI_Win_fence.
///
/// Both handshakes are empty messages on a context of their own (never matched by the program's receives):
/// post sends one to each origin, start receives one from each target (MPI allows start to block until the
/// matching post, 11.5.2); complete first waits for the acknowledgements of its operations, so they are applied at
/// the target, then sends one to each target, and wait receives one from each origin. A rank may be origin and
/// target of the same window at once (a bidirectional exchange), so posts and completes differ in tag.
/// </summary>
public static partial class cMPI
{
    /// <summary>MPI_Win_post: expose this rank's window to the origins in <paramref name="group"/> (local, does not block).</summary>
    public static int Win_post(Group group, int assert, Win win)
    {
        const string call = "MPI_Win_post";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        if (w.ExposureGroup is not null) throw new MpiException(call, ERR_RMA_SYNC, "an exposure epoch (MPI_Win_post) is already open on this window");
        var origins = CommRanksOf(call, ctx, w, group);
        w.ExposureGroup = origins;
        w.CompletesAwaited.Clear();
        foreach (int origin in origins)
        {
            w.CompletesAwaited.Add(origin);
            SendHandshake(ctx, w, origin, PostTag(w));
        }
        return SUCCESS;
    }

    /// <summary>MPI_Win_start: an access epoch to the targets in <paramref name="group"/>; returns once each has posted.</summary>
    public static int Win_start(Group group, int assert, Win win)
    {
        const string call = "MPI_Win_start";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        if (w.AccessGroup is not null) throw new MpiException(call, ERR_RMA_SYNC, "an access epoch (MPI_Win_start) is already open on this window");
        var targets = CommRanksOf(call, ctx, w, group);
        w.AccessGroup = targets;
        foreach (int target in targets)
        {
            ctx.Wait.Set(call, w.Comm, "target", target, false, 0);
            ctx.Wait.Detail = "its MPI_Win_post";
            ReceiveHandshake(ctx, w, target, PostTag(w));
        }
        return SUCCESS;
    }

    /// <summary>MPI_Win_complete: ends the access epoch; this rank's operations are applied at their targets when it returns.</summary>
    public static int Win_complete(Win win)
    {
        const string call = "MPI_Win_complete";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        var targets = w.AccessGroup ?? throw new MpiException(call, ERR_RMA_SYNC, "no access epoch (MPI_Win_start) is open on this window");
        CompletePending(ctx, call, w, target: -1);
        foreach (int target in targets) SendHandshake(ctx, w, target, CompleteTag(w));
        w.AccessGroup = null;
        return SUCCESS;
    }

    /// <summary>MPI_Win_wait: ends the exposure epoch once every origin of the post group has called MPI_Win_complete.</summary>
    public static int Win_wait(Win win)
    {
        const string call = "MPI_Win_wait";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        if (w.ExposureGroup is null) throw new MpiException(call, ERR_RMA_SYNC, "no exposure epoch (MPI_Win_post) is open on this window");
        foreach (int origin in w.CompletesAwaited.Order().ToArray())
        {
            ctx.Wait.Set(call, w.Comm, "origin", origin, false, 0);
            ctx.Wait.Detail = "its MPI_Win_complete";
            ReceiveHandshake(ctx, w, origin, CompleteTag(w));
            w.CompletesAwaited.Remove(origin);
        }
        w.ExposureGroup = null;
        return SUCCESS;
    }

    /// <summary>MPI_Win_test: MPI_Win_wait that does not block; flag is 1 (and the epoch closed) once every origin completed.</summary>
    public static int Win_test(Win win, out int flag)
    {
        const string call = "MPI_Win_test";
        var ctx = Ctx(call);
        var w = CheckWin(call, win);
        if (w.ExposureGroup is null) throw new MpiException(call, ERR_RMA_SYNC, "no exposure epoch (MPI_Win_post) is open on this window");
        foreach (int origin in w.CompletesAwaited.Order().ToArray())
        {
            if (ctx.Mailbox.Take(HandshakeContext(w), origin, CompleteTag(w)) is not null) w.CompletesAwaited.Remove(origin);
        }
        flag = w.CompletesAwaited.Count == 0 ? 1 : 0;
        if (flag == 1) w.ExposureGroup = null;
        return SUCCESS;
    }

    /// <summary>The handshakes' context: one per communicator, below RmaContext and every communicator's own.</summary>
    private static int HandshakeContext(Win w) => -2000 - w.Key.Context;
    private static int PostTag(Win w) => 2 * w.Key.Number;
    private static int CompleteTag(Win w) => 2 * w.Key.Number + 1;

    private static void SendHandshake(RankContext ctx, Win w, int rank, int tag) =>
        ctx.SendData(w.Comm.ToWorld(ctx, rank),
            new cMPIMessage { Data = [], Source = w.Comm.RankIn(ctx), Tag = tag, Context = HandshakeContext(w) });

    private static void ReceiveHandshake(RankContext ctx, Win w, int rank, int tag) =>
        ReceiveMessage(ctx, rank, tag, HandshakeContext(w));

    /// <summary>The ranks in the window's communicator of <paramref name="group"/>'s members.</summary>
    private static int[] CommRanksOf(string call, RankContext ctx, Win w, Group group)
    {
        if (group is null || group.IsNull) throw new MpiException(call, ERR_GROUP, "invalid group (MPI_GROUP_NULL)");
        var members = w.Comm.WorldRanksIn(ctx);
        return group.WorldRanks.Select(world =>
        {
            int rank = Array.IndexOf(members, world);
            if (rank < 0) throw new MpiException(call, ERR_GROUP, $"the group holds world rank {world}, which is not in the window's communicator");
            return rank;
        }).ToArray();
    }
}
