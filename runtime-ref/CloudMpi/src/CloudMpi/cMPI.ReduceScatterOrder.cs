using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>
/// Reduce_scatter and Reduce_scatter_block with Open MPI 4.1's grouping of the partial results, so floating-point
/// blocks round as under mpirun (docs/reduction-order.md).
///
/// Open MPI's coll/tuned picks an algorithm from the communicator size and the message size (its fixed decision
/// tables, below), and each algorithm sums a block in a fixed tree over the ranks. Measured with a logging
/// commutative MPI_Op whose values name their index and rank set, at 2-12 ranks (algorithms forced through
/// coll_tuned_use_dynamic_rules where the default does not pick them):
///  - recursive doubling: ranks pair at distance 1, then 2, 4, ...; 7 ranks: ((0+1)+(2+3)) + ((4+5)+6).
///  - butterfly: the first 2*rem ranks (rem = n - the largest power of two below n) fold pairwise, (0+1), (2+3), ...;
///    then doubling over the power of two. Same as doubling up to 7 ranks; 10 ranks: (((0+1)+(2+3))+(4+5)) + ((6+7)+(8+9)).
///  - recursive halving: the same fold, then pairs at the largest distance first, so the last combination joins
///    the even and the odd new ranks; 4 ranks: (0+2)+(1+3); 7: ((0+1)+(4+5)) + ((2+3)+6).
///  - ring: block b starts at rank b+1 and collects the ranks around the ring, ending with b's own:
///    5 ranks, block 0: (((1+2)+3)+4)+0.
///  - linear (and any non-commutative op): Reduce to rank 0, then Scatterv.
/// Only the tree matters: every predefined op is commutative bit for bit, so CloudMpi moves the blocks directly
/// (rank r receives block r from every rank) and sums each block in Open MPI's tree locally.
/// </summary>
public static partial class cMPI
{
    private const int TagReduceScatter = 20;

    internal enum ReduceScatterAlgorithm { Linear, Doubling, Butterfly, Halving, Ring }

    /// <summary>Open MPI 4.1's fixed decision for MPI_Reduce_scatter_block (<paramref name="bytes"/> = recvcount * type size).</summary>
    internal static ReduceScatterAlgorithm BlockAlgorithm(int n, long bytes)
    {
        const ReduceScatterAlgorithm L = ReduceScatterAlgorithm.Linear, D = ReduceScatterAlgorithm.Doubling,
            B = ReduceScatterAlgorithm.Butterfly, H = ReduceScatterAlgorithm.Halving;
        (long Below, ReduceScatterAlgorithm Algorithm)[] table = n switch
        {
            < 4 => [(4, D), (8, B), (16, H), (128, B), (256, H), (4096, B), (8192, H), (131072, B), (long.MaxValue, L)],
            < 8 => [(8, H), (32, D), (256, B), (8192, H), (16384, B), (1048576, H), (long.MaxValue, L)],
            < 16 => [(4, L), (32, H), (128, B), (524288, H), (4194304, L), (long.MaxValue, B)],
            < 32 => [(32, L), (524288, H), (2097152, L), (4194304, H), (long.MaxValue, B)],
            _ => [(4, H), (16, L), (65536, B), (262144, L), (long.MaxValue, B)],
        };
        return table.First(t => bytes < t.Below).Algorithm;
    }

    /// <summary>Open MPI 4.1's fixed decision for MPI_Reduce_scatter (<paramref name="bytes"/> = sum of recvcounts * type size).</summary>
    internal static ReduceScatterAlgorithm VectorAlgorithm(int n, long bytes)
    {
        const ReduceScatterAlgorithm L = ReduceScatterAlgorithm.Linear, R = ReduceScatterAlgorithm.Ring,
            B = ReduceScatterAlgorithm.Butterfly, H = ReduceScatterAlgorithm.Halving;
        (long Below, ReduceScatterAlgorithm Algorithm)[] table = n switch
        {
            < 4 => [(65536, R), (131072, B), (long.MaxValue, R)],
            < 8 => [(8, L), (262144, H), (long.MaxValue, R)],
            < 32 => [(262144, H), (long.MaxValue, R)],
            < 64 => [(64, L), (2048, H), (524288, B), (long.MaxValue, R)],
            < 128 => [(256, L), (512, H), (2048, B), (4096, H), (long.MaxValue, B)],
            < 256 => [(256, L), (512, H), (long.MaxValue, B)],
            < 512 => [(256, L), (1024, H), (long.MaxValue, B)],
            < 1024 => [(512, L), (2048, H), (8192, B), (16384, H), (long.MaxValue, B)],
            < 2048 => [(512, L), (4096, H), (16384, B), (32768, H), (long.MaxValue, B)],
            < 4096 => [(512, L), (4096, H), (long.MaxValue, B)],
            _ => [(1024, L), (8192, H), (long.MaxValue, B)],
        };
        return table.First(t => bytes < t.Below).Algorithm;
    }

    /// <summary>
    /// Every rank sends block r of its input to rank r; this rank sums the blocks it gets in the tree of
    /// <paramref name="algorithm"/> (not Linear) and writes the result to <paramref name="recv"/>.
    /// </summary>
    private static void ReduceScatterInTree(RankContext ctx, string call, ReadOnlySpan<byte> send, Span<byte> recv,
        int[] counts, Datatype type, Op op, Comm comm, ReduceScatterAlgorithm algorithm)
    {
        int rank = comm.RankIn(ctx), size = comm.SizeIn(ctx);
        int at = 0, mine = 0;
        for (int r = 0; r < size; r++)
        {
            int bytes = counts[r] * type.Size;
            if (r == rank) mine = at;
            else CollSend(ctx, comm, r, TagReduceScatter, send.Slice(at, bytes).ToArray());
            at += bytes;
        }
        int myBytes = counts[rank] * type.Size;
        var blocks = new byte[size][];
        for (int r = 0; r < size; r++)
            blocks[r] = r == rank ? send.Slice(mine, myBytes).ToArray() : ReceiveChecked(ctx, call, comm, r, TagReduceScatter, myBytes, rank);
        byte[] Leaf(int r) => (byte[])blocks[r].Clone();
        byte[] Combine(byte[] left, byte[] right)
        {
            Reduction.Apply(op, type, left, right); // left = left op right
            return left;
        }
        byte[] result = algorithm switch
        {
            ReduceScatterAlgorithm.Doubling => Doubling(size, Leaf, Combine),
            ReduceScatterAlgorithm.Butterfly => Doubling(FoldedCount(size), FoldedLeaf(size, Leaf, Combine), Combine),
            ReduceScatterAlgorithm.Halving => Halving(FoldedCount(size), FoldedLeaf(size, Leaf, Combine), Combine),
            ReduceScatterAlgorithm.Ring => RingChain(size, rank, Leaf, Combine),
            _ => throw new InvalidOperationException($"no tree for {algorithm}"),
        };
        CopyCollective(call, result, recv);
    }

    /// <summary>Pairs at distance 1, then 2, 4, ... over leaves 0..n-1 (a missing partner passes its group up).</summary>
    private static byte[] Doubling(int n, Func<int, byte[]> leaf, Func<byte[], byte[], byte[]> combine)
    {
        int levels = 0;
        while ((1 << levels) < n) levels++;
        byte[]? Group(int first, int level)
        {
            if (first >= n) return null;
            if (level == 0) return leaf(first);
            var left = Group(first, level - 1);
            var right = Group(first + (1 << (level - 1)), level - 1);
            return right is null ? left : combine(left!, right);
        }
        return Group(0, levels)!;
    }

    /// <summary>Pairs at the largest distance first over a power of two of leaves: the last step joins the even and the odd leaves.</summary>
    private static byte[] Halving(int pow2, Func<int, byte[]> leaf, Func<byte[], byte[], byte[]> combine)
    {
        int levels = 0;
        while ((1 << levels) < pow2) levels++;
        // The leaves whose low `fixedBits` bits equal `low`: split on the next bit up.
        byte[] Group(int low, int fixedBits) => fixedBits == levels
            ? leaf(low)
            : combine(Group(low, fixedBits + 1), Group(low | (1 << fixedBits), fixedBits + 1));
        return Group(0, 0);
    }

    /// <summary>The largest power of two not above n: the ranks left after the first 2*(n - it) fold pairwise.</summary>
    private static int FoldedCount(int n)
    {
        int p = 1;
        while (p * 2 <= n) p *= 2;
        return p;
    }

    /// <summary>Leaf i after the fold: ranks 2i and 2i+1 combined for i below n - pow2, else rank i + (n - pow2).</summary>
    private static Func<int, byte[]> FoldedLeaf(int n, Func<int, byte[]> leaf, Func<byte[], byte[], byte[]> combine)
    {
        int extra = n - FoldedCount(n);
        return i => i < extra ? combine(leaf(2 * i), leaf(2 * i + 1)) : leaf(i + extra);
    }

    /// <summary>Block b of the ring: rank b+1's, then b+2's, ... around to b's own last.</summary>
    private static byte[] RingChain(int n, int b, Func<int, byte[]> leaf, Func<byte[], byte[], byte[]> combine)
    {
        if (n == 1) return leaf(b);
        byte[] acc = leaf((b + 1) % n);
        for (int s = 2; s <= n; s++) acc = combine(acc, leaf((b + s) % n));
        return acc;
    }
}
