using CloudMpi.Core;
using System.Text;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>Groups (MPI-3.1 6.3), communicators made from them, comparisons, names and attributes.</summary>
public static partial class cMPI
{
    // Open MPI's values.
    public const int IDENT = 0;
    public const int CONGRUENT = 1;
    public const int SIMILAR = 2;
    public const int UNEQUAL = 3;
    public const int COMM_TYPE_SHARED = 0;
    // Predefined attribute keys (Open MPI's enumeration order).
    public const int TAG_UB_KEY = 0;
    public const int HOST = 1;
    public const int IO = 2;
    public const int WTIME_IS_GLOBAL = 3;
    public const int APPNUM = 4;
    public const int LASTUSEDCODE = 5;
    public const int UNIVERSE_SIZE = 6;

    public static readonly Group GROUP_EMPTY = Group.Empty;
    public static readonly Group GROUP_NULL = Group.Null;

    // ------------------------------------------------------------------ groups

    public static int Comm_group(Comm comm, out Group group)
    {
        const string call = "MPI_Comm_group";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        group = new Group(comm.WorldRanksIn(ctx));
        return SUCCESS;
    }

    public static int Group_size(Group group, out int size)
    {
        size = CheckGroup("MPI_Group_size", group).Size;
        return SUCCESS;
    }

    /// <summary>MPI_Group_rank: the caller's rank in the group, or UNDEFINED when it is not a member.</summary>
    public static int Group_rank(Group group, out int rank)
    {
        const string call = "MPI_Group_rank";
        var ctx = Ctx(call);
        rank = CheckGroup(call, group).RankOf(ctx.WorldRank);
        return SUCCESS;
    }

    /// <summary>MPI_Group_incl: the members at <paramref name="ranks"/>[0..n), in that order.</summary>
    public static int Group_incl(Group group, int n, int[] ranks, out Group newgroup)
    {
        const string call = "MPI_Group_incl";
        var g = CheckGroup(call, group);
        var picked = CheckedRanks(call, g, n, ranks);
        newgroup = picked.Length == 0 ? GROUP_EMPTY : new Group(picked.Select(r => g.WorldRanks[r]).ToArray());
        return SUCCESS;
    }

    /// <summary>MPI_Group_excl: the members not at <paramref name="ranks"/>[0..n), in group order.</summary>
    public static int Group_excl(Group group, int n, int[] ranks, out Group newgroup)
    {
        const string call = "MPI_Group_excl";
        var g = CheckGroup(call, group);
        var dropped = new HashSet<int>(CheckedRanks(call, g, n, ranks));
        var kept = Enumerable.Range(0, g.Size).Where(r => !dropped.Contains(r)).Select(r => g.WorldRanks[r]).ToArray();
        newgroup = kept.Length == 0 ? GROUP_EMPTY : new Group(kept);
        return SUCCESS;
    }

    /// <summary>MPI_Group_range_incl with C's <c>int ranges[][3]</c> as rows of (first, last, stride).</summary>
    public static int Group_range_incl(Group group, int n, int[][] ranges, out Group newgroup)
    {
        const string call = "MPI_Group_range_incl";
        var g = CheckGroup(call, group);
        var ranks = ExpandRanges(call, g, n, ranges);
        newgroup = Made(CheckedRanks(call, g, ranks.Length, ranks).Select(r => g.WorldRanks[r]));
        return SUCCESS;
    }

    /// <summary>MPI_Group_range_incl with the ranges flattened (3 ints per range).</summary>
    public static int Group_range_incl(Group group, int n, int[] ranges, out Group newgroup) =>
        Group_range_incl(group, n, Rows(ranges, n), out newgroup);

    public static int Group_range_excl(Group group, int n, int[][] ranges, out Group newgroup)
    {
        const string call = "MPI_Group_range_excl";
        var g = CheckGroup(call, group);
        var ranks = ExpandRanges(call, g, n, ranges);
        return Group_excl(g, ranks.Length, ranks, out newgroup);
    }

    public static int Group_range_excl(Group group, int n, int[] ranges, out Group newgroup) =>
        Group_range_excl(group, n, Rows(ranges, n), out newgroup);

    /// <summary>MPI_Group_union: group1's members, then group2's that are not in group1.</summary>
    public static int Group_union(Group group1, Group group2, out Group newgroup)
    {
        const string call = "MPI_Group_union";
        var a = CheckGroup(call, group1);
        var b = CheckGroup(call, group2);
        newgroup = Made(a.WorldRanks.Concat(b.WorldRanks.Where(w => !a.Contains(w))));
        return SUCCESS;
    }

    /// <summary>MPI_Group_intersection: group1's members that are also in group2, in group1's order.</summary>
    public static int Group_intersection(Group group1, Group group2, out Group newgroup)
    {
        const string call = "MPI_Group_intersection";
        var a = CheckGroup(call, group1);
        var b = CheckGroup(call, group2);
        newgroup = Made(a.WorldRanks.Where(b.Contains));
        return SUCCESS;
    }

    /// <summary>MPI_Group_difference: group1's members not in group2, in group1's order.</summary>
    public static int Group_difference(Group group1, Group group2, out Group newgroup)
    {
        const string call = "MPI_Group_difference";
        var a = CheckGroup(call, group1);
        var b = CheckGroup(call, group2);
        newgroup = Made(a.WorldRanks.Where(w => !b.Contains(w)));
        return SUCCESS;
    }

    /// <summary>MPI_Group_translate_ranks: each rank of group1 as a rank of group2 (UNDEFINED if absent; PROC_NULL stays).</summary>
    public static int Group_translate_ranks(Group group1, int n, int[] ranks1, Group group2, int[] ranks2)
    {
        const string call = "MPI_Group_translate_ranks";
        var a = CheckGroup(call, group1);
        var b = CheckGroup(call, group2);
        CheckArray(call, "ranks1", ranks1, n);
        CheckArray(call, "ranks2", ranks2, n);
        for (int i = 0; i < n; i++)
        {
            int r = ranks1[i];
            if (r == PROC_NULL) { ranks2[i] = PROC_NULL; continue; }
            if (r < 0 || r >= a.Size) throw new MpiException(call, ERR_RANK, $"ranks1[{i}] = {r} is not a rank of group1 (size {a.Size})");
            ranks2[i] = b.RankOf(a.WorldRanks[r]);
        }
        return SUCCESS;
    }

    /// <summary>MPI_Group_compare: IDENT (same members, same order), SIMILAR (same members), else UNEQUAL.</summary>
    public static int Group_compare(Group group1, Group group2, out int result)
    {
        const string call = "MPI_Group_compare";
        var a = CheckGroup(call, group1);
        var b = CheckGroup(call, group2);
        result = CompareMembers(a.WorldRanks, b.WorldRanks);
        return SUCCESS;
    }

    public static int Group_free(ref Group group)
    {
        CheckGroup("MPI_Group_free", group);
        group = GROUP_NULL;
        return SUCCESS;
    }

    // ------------------------------------------------------------------ communicators from groups, comparisons

    /// <summary>MPI_Comm_create: collective over <paramref name="comm"/>; members of <paramref name="group"/> get a communicator in the group's order, the others COMM_NULL; disjoint groups passed by different ranks give one communicator each.</summary>
    public static int Comm_create(Comm comm, Group group, out Comm newcomm)
    {
        const string call = "MPI_Comm_create";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        var g = CheckGroup(call, group);
        var members = comm.WorldRanksIn(ctx);
        foreach (int w in g.WorldRanks)
        {
            if (Array.IndexOf(members, w) < 0)
                throw new MpiException(call, ERR_GROUP, $"the group holds world rank {w}, which is not in communicator {comm.Name}");
        }
        int mine = g.RankOf(ctx.WorldRank);
        // MPI-2.2 on: ranks may pass disjoint groups (each rank's group holds the ranks that pass that same group),
        // and each group gets a communicator of its own. A group is named by its first member's rank in comm.
        int color = mine == UNDEFINED || g.WorldRanks.Length == 0 ? UNDEFINED : Array.IndexOf(members, g.WorldRanks[0]);
        // on an intercommunicator (MPI-3.1 6.4.2) the group is a subgroup of the local group, and the members of both
        // sides' groups form an intercommunicator
        newcomm = comm.IsInter ? InterSplit(ctx, call, comm, mine == UNDEFINED ? UNDEFINED : 0, mine) : SplitCore(ctx, call, comm, color, mine);
        return SUCCESS;
    }

    /// <summary>Tags of MPI_Comm_create_group's agreement on the parent's collective context, clear of the collectives' tags.</summary>
    private const int CreateGroupTagBase = 1 << 21, CreateGroupTagMask = (1 << 20) - 1;

    /// <summary>
    /// MPI_Comm_create_group (MPI-3.1 6.4.2): the communicator of <paramref name="group"/>, a subgroup of comm's, called by
    /// the group's members. They agree on the context id without the other ranks: each member sends its next free
    /// id to the group's first member, which answers every member with the largest (as Comm_split's allgather would).
    /// <paramref name="tag"/> keeps concurrent calls on one communicator apart (modulo 2^20).
    /// </summary>
    public static int Comm_create_group(Comm comm, Group group, int tag, out Comm newcomm)
    {
        const string call = "MPI_Comm_create_group";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (comm.IsInter) throw new MpiException(call, ERR_COMM, $"communicator {comm.Name} is an intercommunicator");
        if (tag < 0) throw new MpiException(call, ERR_TAG, $"invalid tag {tag}");
        var g = CheckGroup(call, group);
        var members = comm.WorldRanksIn(ctx);
        int[] inParent = new int[g.WorldRanks.Length];
        for (int i = 0; i < inParent.Length; i++)
        {
            inParent[i] = Array.IndexOf(members, g.WorldRanks[i]);
            if (inParent[i] < 0)
                throw new MpiException(call, ERR_GROUP, $"the group holds world rank {g.WorldRanks[i]}, which is not in communicator {comm.Name}");
        }
        int mine = g.RankOf(ctx.WorldRank);
        if (mine == UNDEFINED)
        {
            // The standard has only the members call; Open MPI and MPICH give a caller outside the group
            // MPI_COMM_NULL (mpitutorial's groups example calls it on every rank).
            newcomm = COMM_NULL;
            return SUCCESS;
        }
        int agreeTag = CreateGroupTagBase + (tag & CreateGroupTagMask), next = ctx.NextContextId;
        if (mine == 0)
        {
            for (int i = 1; i < inParent.Length; i++) next = Math.Max(next, ReceiveAgreement(ctx, call, comm, inParent[i], agreeTag));
            for (int i = 1; i < inParent.Length; i++) SendAgreement(ctx, comm, inParent[i], agreeTag, next);
        }
        else
        {
            SendAgreement(ctx, comm, inParent[0], agreeTag, next);
            next = ReceiveAgreement(ctx, call, comm, inParent[0], agreeTag);
        }
        ctx.NextContextId = next + 1;
        newcomm = Comm.Derived(next, g.WorldRanks, mine);
        InheritLocal(ctx, comm, newcomm);
        return SUCCESS;
    }

    private static void SendAgreement(RankContext ctx, Comm comm, int dest, int tag, int value) =>
        ctx.SendData(comm.ToWorld(ctx, dest), new cMPIMessage
        {
            Data = BitConverter.GetBytes(value), Source = comm.RankIn(ctx), Tag = tag, Context = comm.CollectiveContext,
        });

    private static int ReceiveAgreement(RankContext ctx, string call, Comm comm, int source, int tag)
    {
        ctx.Wait.Set(call, comm, "group member", source, true, tag);
        var m = ReceiveMessage(ctx, source, tag, comm.CollectiveContext);
        int value = BitConverter.ToInt32(m.Data);
        PayloadPool.Return(m);
        return value;
    }

    /// <summary>MPI_Comm_split_type: every rank of an in-process job shares memory, so SHARED keeps the whole communicator.</summary>
    public static int Comm_split_type(Comm comm, int split_type, int key, Info info, out Comm newcomm)
    {
        const string call = "MPI_Comm_split_type";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        if (split_type != COMM_TYPE_SHARED && split_type != UNDEFINED)
            throw new MpiException(call, ERR_ARG, $"split type {split_type} is not MPI_COMM_TYPE_SHARED or MPI_UNDEFINED");
        newcomm = SplitCore(ctx, call, comm, split_type == UNDEFINED ? UNDEFINED : 0, key);
        return SUCCESS;
    }

    /// <summary>MPI_Comm_compare: IDENT (same handle), CONGRUENT (same members and order), SIMILAR (same members), UNEQUAL.</summary>
    public static int Comm_compare(Comm comm1, Comm comm2, out int result)
    {
        const string call = "MPI_Comm_compare";
        var ctx = Ctx(call);
        CheckComm(call, comm1);
        CheckComm(call, comm2);
        if (ReferenceEquals(comm1, comm2))
        {
            result = IDENT;
            return SUCCESS;
        }
        int members = CompareMembers(comm1.WorldRanksIn(ctx), comm2.WorldRanksIn(ctx));
        result = members == IDENT ? CONGRUENT : members;
        return SUCCESS;
    }

    // ------------------------------------------------------------------ names and attributes

    public static int Comm_set_name(Comm comm, string name)
    {
        const string call = "MPI_Comm_set_name";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        ArgumentNullException.ThrowIfNull(name);
        LocalOf(ctx, comm).Name = name.Length >= MAX_OBJECT_NAME ? name[..(MAX_OBJECT_NAME - 1)] : name;
        return SUCCESS;
    }

    /// <summary>MPI_Comm_set_name from a C char array (NUL-terminated).</summary>
    public static int Comm_set_name(Comm comm, sbyte[] name) => Comm_set_name(comm, CString(name));

    /// <summary>MPI_Comm_get_name: the name set, "MPI_COMM_WORLD"/"MPI_COMM_SELF", or "" for an unnamed derived communicator.</summary>
    public static int Comm_get_name(Comm comm, sbyte[] name, out int resultlen)
    {
        const string call = "MPI_Comm_get_name";
        Comm_get_name(comm, out string text, out resultlen);
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        if (name == null || name.Length < bytes.Length + 1)
            throw new MpiException(call, ERR_ARG, $"the name buffer ({name?.Length ?? 0} chars) is shorter than {bytes.Length + 1}");
        for (int i = 0; i < bytes.Length; i++) name[i] = (sbyte)bytes[i];
        name[bytes.Length] = 0;
        resultlen = bytes.Length;
        return SUCCESS;
    }

    public static int Comm_get_name(Comm comm, out string name, out int resultlen)
    {
        const string call = "MPI_Comm_get_name";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        name = LocalOf(ctx, comm).Name
               ?? (ReferenceEquals(comm, COMM_WORLD) ? "MPI_COMM_WORLD" : ReferenceEquals(comm, COMM_SELF) ? "MPI_COMM_SELF" : "");
        resultlen = name.Length;
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Comm_get_attr for the predefined keys: C passes the address of an <c>int *</c>, which gets a pointer to
    /// the value; here <paramref name="value"/> is a one-element array holding it. Values are Open MPI's on one
    /// node: TAG_UB 2^31-1, HOST PROC_NULL, IO ANY_SOURCE (every rank can do I/O), WTIME_IS_GLOBAL 0.
    /// </summary>
    public static int Comm_get_attr(Comm comm, int comm_keyval, out int[] value, out int flag)
    {
        const string call = "MPI_Comm_get_attr";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        int? v = comm_keyval switch
        {
            TAG_UB_KEY => TAG_UB,
            HOST => PROC_NULL,
            IO => ANY_SOURCE,
            WTIME_IS_GLOBAL => 0,
            APPNUM => 0,
            LASTUSEDCODE => ctx.LastUsedErrorCode,
            UNIVERSE_SIZE => ctx.WorldSize,
            _ => null,
        };
        if (v is null && ctx.Keyvals.ContainsKey(comm_keyval))
        {
            // a key of the program's own read through an `int *` (cMPI.Attributes.cs)
            value = AsArray(call, AsPtr<int>(call, GetAttr(call, comm, comm_keyval, out flag)));
            return SUCCESS;
        }
        if (v is null && comm_keyval < 0) throw new MpiException(call, ERR_ARG, $"invalid attribute key {comm_keyval}");
        value = v is null ? [] : [v.Value];
        flag = v is null ? 0 : 1;
        return SUCCESS;
    }

    // ------------------------------------------------------------------ helpers

    private static Group CheckGroup(string call, Group group)
    {
        if (group is null || group.IsNull) throw new MpiException(call, ERR_GROUP, "invalid group (MPI_GROUP_NULL)");
        return group;
    }

    private static int[] CheckedRanks(string call, Group g, int n, int[] ranks)
    {
        if (n < 0) throw new MpiException(call, ERR_ARG, $"negative count {n}");
        CheckArray(call, "ranks", ranks, n);
        var seen = new HashSet<int>();
        for (int i = 0; i < n; i++)
        {
            if (ranks[i] < 0 || ranks[i] >= g.Size) throw new MpiException(call, ERR_RANK, $"ranks[{i}] = {ranks[i]} is not a rank of the group (size {g.Size})");
            if (!seen.Add(ranks[i])) throw new MpiException(call, ERR_RANK, $"rank {ranks[i]} appears twice");
        }
        return ranks[..n];
    }

    private static int[] ExpandRanges(string call, Group g, int n, int[][] ranges)
    {
        if (n < 0 || ranges == null || ranges.Length < n) throw new MpiException(call, ERR_ARG, $"{n} ranges expected");
        var result = new List<int>();
        for (int i = 0; i < n; i++)
        {
            int first = ranges[i][0], last = ranges[i][1], stride = ranges[i][2];
            if (stride == 0 || (last - first) / stride < 0 && first != last)
                throw new MpiException(call, ERR_ARG, $"range {i} ({first}, {last}, {stride}) is empty or has stride 0");
            for (int r = first; stride > 0 ? r <= last : r >= last; r += stride)
            {
                if (r < 0 || r >= g.Size) throw new MpiException(call, ERR_RANK, $"range {i} reaches rank {r}, outside the group (size {g.Size})");
                result.Add(r);
            }
        }
        return result.ToArray();
    }

    private static int[][] Rows(int[] flat, int n)
    {
        if (flat == null || flat.Length < 3 * n) throw new MpiException("MPI_Group_range_incl", ERR_ARG, $"{n} ranges need {3 * n} ints");
        return Enumerable.Range(0, n).Select(i => flat[(3 * i)..(3 * i + 3)]).ToArray();
    }

    private static Group Made(IEnumerable<int> worldRanks)
    {
        var a = worldRanks.ToArray();
        return a.Length == 0 ? GROUP_EMPTY : new Group(a);
    }

    private static int CompareMembers(int[] a, int[] b)
    {
        if (a.SequenceEqual(b)) return IDENT;
        if (a.Length == b.Length && a.OrderBy(x => x).SequenceEqual(b.OrderBy(x => x))) return SIMILAR;
        return UNEQUAL;
    }

    private static string CString(sbyte[] s)
    {
        int n = Array.IndexOf(s, (sbyte)0);
        if (n < 0) n = s.Length;
        var bytes = new byte[n];
        Buffer.BlockCopy(s, 0, bytes, 0, n);
        return Encoding.UTF8.GetString(bytes);
    }
}
