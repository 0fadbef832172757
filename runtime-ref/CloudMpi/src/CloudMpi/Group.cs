namespace CloudMpi;

/// <summary>A process group (MPI_Group): an ordered list of distinct processes, kept as world ranks.</summary>
public sealed class Group
{
    internal int[] WorldRanks { get; }
    internal bool IsNull { get; }

    internal Group(int[] worldRanks, bool isNull = false)
    {
        WorldRanks = worldRanks;
        IsNull = isNull;
    }

    internal static readonly Group Empty = new([]);
    internal static readonly Group Null = new([], isNull: true);

    internal int Size => WorldRanks.Length;

    /// <summary>The rank in this group of world rank <paramref name="worldRank"/>, or UNDEFINED.</summary>
    internal int RankOf(int worldRank)
    {
        int i = Array.IndexOf(WorldRanks, worldRank);
        return i >= 0 ? i : cMPI.UNDEFINED;
    }

    internal bool Contains(int worldRank) => Array.IndexOf(WorldRanks, worldRank) >= 0;

    public override string ToString() => IsNull ? "MPI_GROUP_NULL" : $"MPI_Group({string.Join(",", WorldRanks)})";
}
