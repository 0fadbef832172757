using System.Runtime.InteropServices;
using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// Intercommunicators (MPI-3.1 section 6.6): two disjoint groups, point-to-point between them (a rank names a member
/// of the other group), and MPI_Intercomm_merge into an intracommunicator. Collectives on an intercommunicator:
/// cMPI.InterAllreduce.cs, cMPI.InterCollectives.cs, cMPI.InterRooted.cs; communicators made from one: cMPI.InterComms.cs.
/// <para>
/// Agreement follows the standard's recipe: each group agrees within itself (its local communicator), the two
/// leaders exchange what their groups agreed, and each leader broadcasts the other side's answer in its group. The
/// new context id is the largest next-free id on either side, as Comm_split's is within one communicator.
/// </para>
/// </summary>
public static partial class cMPI
{
    /// <summary>MPI_Intercomm_create: the group of <paramref name="local_comm"/> and the group whose leader is <paramref name="remote_leader"/> of <paramref name="peer_comm"/>.</summary>
    public static int Intercomm_create(Comm local_comm, int local_leader, Comm peer_comm, int remote_leader, int tag, out Comm newintercomm)
    {
        const string call = "MPI_Intercomm_create";
        var ctx = Ctx(call);
        CheckComm(call, local_comm);
        if (local_comm.IsInter) throw new MpiException(call, ERR_COMM, "the local communicator is an intercommunicator");
        int size = local_comm.SizeIn(ctx), rank = local_comm.RankIn(ctx);
        if (local_leader < 0 || local_leader >= size)
            throw new MpiException(call, ERR_RANK, $"invalid local leader {local_leader} (communicator {local_comm.Name} has size {size})");
        bool leader = rank == local_leader;
        if (leader)
        {
            CheckDest(call, ctx, peer_comm, remote_leader);
            if (remote_leader == PROC_NULL) throw new MpiException(call, ERR_RANK, "the remote leader is MPI_PROC_NULL");
        }
        int[] local = local_comm.WorldRanksIn(ctx);
        int localNext = MaxNextContext(ctx, call, local_comm);
        int[] remote = [];
        if (leader)
        {
            // [next free context of my group, my group's world ranks...] for the other leader, over the peer communicator
            int[] mine = [localNext, .. local];
            SendCore(ctx, call, MemoryMarshal.AsBytes(mine.AsSpan()), remote_leader, tag, peer_comm, sync: false);
            ctx.Wait.Set(call, peer_comm, "remote leader", remote_leader, true, tag);
            var m = ReceiveMessage(ctx, remote_leader, tag, peer_comm.P2PContext);
            remote = MemoryMarshal.Cast<byte, int>(m.Data).ToArray();
            PayloadPool.Return(m);
        }
        remote = BroadcastInts(local_comm, local_leader, remote);
        int[] remoteRanks = remote[1..];
        if (remoteRanks.Intersect(local).Any())
            throw new MpiException(call, ERR_ARG, "the local and remote groups overlap");
        int contextId = Math.Max(localNext, remote[0]);
        ctx.NextContextId = contextId + 2;
        var localGroup = Comm.Derived(contextId + 1, local, rank); // the two groups' own comms are disjoint: one id serves both
        newintercomm = Comm.Intercomm(contextId, local, rank, remoteRanks, localGroup);
        InheritLocal(ctx, local_comm, newintercomm);
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Intercomm_merge: one intracommunicator of both groups, the group that passed <paramref name="high"/> = 0 first
    /// (when both pass the same, the group whose leader has the lower rank in MPI_COMM_WORLD first).
    /// </summary>
    public static int Intercomm_merge(Comm intercomm, int high, out Comm newintracomm)
    {
        const string call = "MPI_Intercomm_merge";
        var ctx = Ctx(call);
        CheckInter(call, intercomm);
        var local = intercomm.LocalGroup!;
        int[] localRanks = intercomm.WorldRanksIn(ctx), remoteRanks = intercomm.RemoteWorldRanks;
        int myHigh = high != 0 ? 1 : 0;
        int localNext = MaxNextContext(ctx, call, local);
        int[] theirs = [];
        if (intercomm.RankIn(ctx) == 0)
        {
            // the leaders (rank 0 of each group) swap [high, next free context] on the intercommunicator's internal context
            int[] mine = [myHigh, localNext];
            var m = new cMPIMessage
            {
                Data = MemoryMarshal.AsBytes(mine.AsSpan()).ToArray(), Source = 0, Tag = 0, Context = intercomm.CollectiveContext,
            };
            ctx.SendData(intercomm.ToWorld(ctx, 0), m);
            ctx.Wait.Set(call, intercomm, "remote leader", 0, true, 0);
            var reply = ReceiveMessage(ctx, 0, 0, intercomm.CollectiveContext);
            theirs = MemoryMarshal.Cast<byte, int>(reply.Data).ToArray();
        }
        theirs = BroadcastInts(local, 0, theirs);
        bool localFirst = myHigh != theirs[0] ? myHigh == 0 : localRanks[0] < remoteRanks[0];
        int[] merged = localFirst ? [.. localRanks, .. remoteRanks] : [.. remoteRanks, .. localRanks];
        int contextId = Math.Max(localNext, theirs[1]);
        ctx.NextContextId = contextId + 1;
        newintracomm = Comm.Derived(contextId, merged, Array.IndexOf(merged, ctx.WorldRank));
        InheritLocal(ctx, intercomm, newintracomm);
        return SUCCESS;
    }

    public static int Comm_test_inter(Comm comm, out int flag)
    {
        CheckComm("MPI_Comm_test_inter", comm);
        flag = comm.IsInter ? 1 : 0;
        return SUCCESS;
    }

    public static int Comm_remote_size(Comm comm, out int size)
    {
        const string call = "MPI_Comm_remote_size";
        CheckInter(call, comm);
        size = comm.PeerSizeIn(Ctx(call));
        return SUCCESS;
    }

    public static int Comm_remote_group(Comm comm, out Group group)
    {
        const string call = "MPI_Comm_remote_group";
        CheckInter(call, comm);
        group = new Group(comm.RemoteWorldRanks);
        return SUCCESS;
    }

    private static void CheckInter(string call, Comm comm)
    {
        CheckComm(call, comm);
        if (!comm.IsInter) throw new MpiException(call, ERR_COMM, $"{comm.Name} is not an intercommunicator");
    }

    /// <summary>The largest next-free context id among the members of <paramref name="comm"/> (a collective on it).</summary>
    private static int MaxNextContext(RankContext ctx, string call, Comm comm)
    {
        int size = comm.SizeIn(ctx);
        int[] mine = [ctx.NextContextId];
        int[] all = new int[size];
        AllgatherCore(ctx, call, MemoryMarshal.AsBytes(mine.AsSpan()), MemoryMarshal.AsBytes(all.AsSpan()), 1, Datatype.MPI_INT, null, null, comm);
        return all.Max();
    }

    /// <summary>The root's ints on every member of <paramref name="comm"/>: their count first, then the values.</summary>
    private static int[] BroadcastInts(Comm comm, int root, int[] values)
    {
        int[] count = [values.Length];
        Bcast(count, 0, 1, Datatype.MPI_INT, root, comm);
        int[] result = values.Length == count[0] ? values : new int[count[0]];
        Bcast(result, 0, count[0], Datatype.MPI_INT, root, comm);
        return result;
    }
}
