using System.Runtime.InteropServices;
using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// MPI_Comm_split, MPI_Comm_dup and MPI_Comm_create of an intercommunicator give intercommunicators (MPI-3.1 6.4.2):
/// each group is split by colour as an intracommunicator would be, and the ranks of one colour in the two groups form
/// the new intercommunicator (a colour only one group uses gives MPI_COMM_NULL). Dup is a split with one colour and
/// the old order; Create one with the group's members as the only colour, in the group's order.
/// <para>
/// Agreement as in MPI_Intercomm_create: each group gathers its (colour, key, next free context) triples in its own
/// communicator, the leaders swap them over the intercommunicator's collective context, and each leader broadcasts
/// the other group's in its group. The new intercommunicator takes the largest next-free context of both groups, and
/// its local groups' own communicators the next one (as Intercomm_create: the groups are disjoint, one id serves both).
/// </para>
/// </summary>
public static partial class cMPI
{
    private static Comm InterSplit(RankContext ctx, string call, Comm inter, int color, int key)
    {
        if (color < 0 && color != UNDEFINED) throw new MpiException(call, ERR_ARG, $"invalid color {color}");
        BeginInter(ctx, inter);
        var local = LocalGroupOf(call, inter);
        int size = local.SizeIn(ctx);
        int[] mine = [color, key, ctx.NextContextId];
        int[] ours = new int[3 * size];
        AllgatherCore(ctx, call, MemoryMarshal.AsBytes(mine.AsSpan()), MemoryMarshal.AsBytes(ours.AsSpan()), 3, Datatype.MPI_INT, null, null, local);
        int[] theirs = [];
        if (local.RankIn(ctx) == 0)
            theirs = MemoryMarshal.Cast<byte, int>(SwapWithRemoteLeader(ctx, call, inter, MemoryMarshal.AsBytes(ours.AsSpan()).ToArray())).ToArray();
        theirs = BroadcastInts(local, 0, theirs);
        int contextId = 0;
        for (int i = 2; i < ours.Length; i += 3) contextId = Math.Max(contextId, ours[i]);
        for (int i = 2; i < theirs.Length; i += 3) contextId = Math.Max(contextId, theirs[i]);
        ctx.NextContextId = contextId + 2;
        if (color == UNDEFINED) return COMM_NULL;
        int[] localRanks = MembersOf(ours, color, local.WorldRanksIn(ctx));
        int[] remoteRanks = MembersOf(theirs, color, inter.RemoteWorldRanks);
        if (remoteRanks.Length == 0) return COMM_NULL;
        int myRank = Array.IndexOf(localRanks, ctx.WorldRank);
        var localGroup = Comm.Derived(contextId + 1, localRanks, myRank);
        var created = Comm.Intercomm(contextId, localRanks, myRank, remoteRanks, localGroup);
        InheritLocal(ctx, inter, created);
        return created;
    }

    /// <summary>The world ranks of the group members whose triple has <paramref name="color"/>, ordered by (key, old rank).</summary>
    private static int[] MembersOf(int[] triples, int color, int[] worldRanks) =>
        Enumerable.Range(0, triples.Length / 3)
            .Where(r => triples[3 * r] == color)
            .OrderBy(r => triples[3 * r + 1]).ThenBy(r => r)
            .Select(r => worldRanks[r])
            .ToArray();
}
