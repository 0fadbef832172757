using System.Runtime.InteropServices;
using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

/// <summary>Scan, Exscan, Reduce_scatter(_block), Reduce_local, Alltoallv/w, MPI_IN_PLACE, MAXLOC/MINLOC, user ops.</summary>
public class ScanAndAlltoallTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    public static IEnumerable<object[]> Sizes => MpiRunner.SizeData;

    [StructLayout(LayoutKind.Sequential)]
    private struct DoubleInt
    {
        public double Value;
        public int Index;
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void ScanAndExscanGivePrefixes(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            int[] mine = [rank + 1, 1 << rank % 30];
            var scan = new int[2];
            cMPI.Scan(mine, 0, scan, 0, 2, MPI_INT, MPI_SUM, World);
            Assert.Equal((rank + 1) * (rank + 2) / 2, scan[0]);
            int[] ex = [-7, -7];
            cMPI.Exscan(mine, 0, ex, 0, 2, MPI_INT, MPI_SUM, World);
            Assert.Equal(rank == 0 ? -7 : rank * (rank + 1) / 2, ex[0]); // rank 0's buffer is left alone
            int inplace = rank + 1;
            cMPI.Scan(cMPI.IN_PLACE, ref inplace, 1, MPI_INT, MPI_PROD, World);
            int fact = 1;
            for (int i = 2; i <= rank + 1; i++) fact *= i;
            Assert.Equal(fact, inplace);
        });
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void ReduceScatterVariants(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            // Rank r contributes v[i] = r * 1000 + i; block k of the sum goes to rank k.
            int[] counts = Enumerable.Range(0, size).Select(k => k % 3 + 1).ToArray();
            int total = counts.Sum();
            var v = Enumerable.Range(0, total).Select(i => rank * 1000 + i).ToArray();
            var got = new int[counts[rank]];
            cMPI.Reduce_scatter(v, 0, got, 0, counts, MPI_INT, MPI_SUM, World);
            int start = counts.Take(rank).Sum(), ranks = size * (size - 1) / 2;
            for (int j = 0; j < counts[rank]; j++) Assert.Equal(ranks * 1000 + size * (start + j), got[j]);
            var block = Enumerable.Range(0, 2 * size).Select(i => rank + i).ToArray();
            var two = new int[2];
            cMPI.Reduce_scatter_block(block, 0, two, 0, 2, MPI_INT, MPI_MAX, World);
            Assert.Equal([size - 1 + 2 * rank, size + 2 * rank], two);
            cMPI.Reduce_scatter_block(cMPI.IN_PLACE, block, 0, 2, MPI_INT, MPI_MIN, World);
            Assert.Equal([2 * rank, 2 * rank + 1], block[..2]);
        });
    }

    [Fact]
    public void ReduceLocalIsInOpInout()
    {
        MpiRunner.Run(1, _ =>
        {
            int[] a = [1, 2, 3], b = [10, 20, 30];
            cMPI.Reduce_local(a, 0, b, 0, 3, MPI_INT, MPI_SUM);
            Assert.Equal([11, 22, 33], b);
            cMPI.Op_create<int>(Minus, 0, out var minus);
            cMPI.Reduce_local(a, 0, b, 0, 3, MPI_INT, minus); // b = a - b
            Assert.Equal([-10, -20, -30], b);
        });
    }

    private static void Minus(int[] invec, int[] inoutvec, ref int len, Datatype[] dt)
    {
        for (int i = 0; i < len; i++) inoutvec[i] = invec[i] - inoutvec[i];
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void AlltoallvAndAlltoallw(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            // Rank r sends (d + 1) copies of r*100+d to rank d, at displacement 2*d*(d+1)/2... laid out back to back.
            var scounts = Enumerable.Range(0, size).Select(d => d + 1).ToArray();
            var sdispls = new int[size];
            for (int d = 1; d < size; d++) sdispls[d] = sdispls[d - 1] + scounts[d - 1];
            var send = new int[scounts.Sum()];
            for (int d = 0; d < size; d++) for (int k = 0; k < scounts[d]; k++) send[sdispls[d] + k] = rank * 100 + d;
            var rcounts = Enumerable.Repeat(rank + 1, size).ToArray();
            var rdispls = Enumerable.Range(0, size).Select(s => s * (rank + 2)).ToArray(); // one-element gaps
            var recv = Enumerable.Repeat(-1, size * (rank + 2)).ToArray();
            cMPI.Alltoallv(send, 0, scounts, sdispls, MPI_INT, recv, 0, rcounts, rdispls, MPI_INT, World);
            for (int s = 0; s < size; s++)
            {
                for (int k = 0; k <= rank; k++) Assert.Equal(s * 100 + rank, recv[rdispls[s] + k]);
                Assert.Equal(-1, recv[rdispls[s] + rank + 1]);
            }
            // Alltoallw: rank r sends one int to everyone as MPI_INT, receives them as bytes at byte displacements.
            var wsend = Enumerable.Range(0, size).Select(d => rank * 10 + d).ToArray();
            var one = Enumerable.Repeat(1, size).ToArray();
            var four = Enumerable.Repeat(4, size).ToArray();
            var bytes = Enumerable.Range(0, size).Select(d => d * 4).ToArray();
            var wrecv = new int[size];
            cMPI.Alltoallw(wsend, 0, one, bytes, Enumerable.Repeat(MPI_INT, size).ToArray(),
                wrecv, 0, four, bytes, Enumerable.Repeat(MPI_BYTE, size).ToArray(), World);
            Assert.Equal(Enumerable.Range(0, size).Select(s => s * 10 + rank), wrecv);
            var inplace = Enumerable.Range(0, size).Select(d => rank * 10 + d).ToArray();
            cMPI.Alltoall(cMPI.IN_PLACE, 0, MPI_DATATYPE_NULL, inplace, 0, 1, MPI_INT, World);
            Assert.Equal(wrecv, inplace);
        });
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void InPlaceGatherAllgatherReduce(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            var all = new int[size];
            all[rank] = rank * 3;
            cMPI.Allgather(cMPI.IN_PLACE, 0, MPI_DATATYPE_NULL, all, 0, 1, MPI_INT, World);
            Assert.Equal(Enumerable.Range(0, size).Select(r => r * 3), all);
            int root = size - 1;
            var g = new int[size];
            if (rank == root)
            {
                g[rank] = 42;
                cMPI.Gather(cMPI.IN_PLACE, 0, MPI_DATATYPE_NULL, g, 0, 1, MPI_INT, root, World);
                Assert.Equal(Enumerable.Range(0, size).Select(r => r == root ? 42 : r), g);
            }
            else cMPI.Gather(new[] { rank }, 0, 1, MPI_INT, g, 0, 1, MPI_INT, root, World);
            double x = rank + 1;
            cMPI.Allreduce(cMPI.IN_PLACE, ref x, 1, MPI_DOUBLE, MPI_SUM, World);
            Assert.Equal(size * (size + 1) / 2.0, x);
            var r0 = new[] { rank };
            if (rank == 0) cMPI.Reduce(cMPI.IN_PLACE, r0, 0, 1, MPI_INT, MPI_MAX, 0, World);
            else cMPI.Reduce(r0, 0, new int[1], 0, 1, MPI_INT, MPI_MAX, 0, World);
            if (rank == 0) Assert.Equal(size - 1, r0[0]);
            if (size > 1 && rank == 1)
                Assert.Throws<MpiException>(() => cMPI.Reduce(cMPI.IN_PLACE, r0, 0, 1, MPI_INT, MPI_MAX, 0, World));
        });
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void MaxlocMinlocOnPairs(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            // Values with ties: the smallest index among equal values wins.
            var mine = new DoubleInt[] { new() { Value = rank % 3, Index = rank }, new() { Value = -rank, Index = rank } };
            var max = new DoubleInt[2];
            cMPI.Allreduce(mine, 0, max, 0, 2, MPI_DOUBLE_INT, MPI_MAXLOC, World);
            double best = Enumerable.Range(0, size).Max(r => r % 3);
            Assert.Equal(best, max[0].Value);
            Assert.Equal(Enumerable.Range(0, size).First(r => r % 3 == best), max[0].Index);
            Assert.Equal((0.0, 0), (max[1].Value, max[1].Index));
            int[] two = [10 - rank, rank];
            var min = new int[2];
            cMPI.Reduce(two, 0, min, 0, 1, MPI_2INT, MPI_MINLOC, 0, World);
            if (rank == 0) Assert.Equal([11 - size, size - 1], min);
        });
    }

    /// <summary>2x2 integer matrices under multiplication: associative, not commutative.</summary>
    private static void MatMul(int[] a, int[] b, ref int len, Datatype[] dt)
    {
        for (int i = 0; i < len; i++)
        {
            int o = 4 * i;
            int c0 = a[o] * b[o] + a[o + 1] * b[o + 2], c1 = a[o] * b[o + 1] + a[o + 1] * b[o + 3];
            int c2 = a[o + 2] * b[o] + a[o + 3] * b[o + 2], c3 = a[o + 2] * b[o + 1] + a[o + 3] * b[o + 3];
            (b[o], b[o + 1], b[o + 2], b[o + 3]) = (c0, c1, c2, c3);
        }
    }

    private static int[] Mul(int[] a, int[] b) =>
        [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]];

    private static int[] MatrixOf(int r) => [1, r + 1, 0, 1 + (r % 2)];

    [Theory]
    [MemberData(nameof(Sizes))]
    public void NonCommutativeUserOpKeepsRankOrder(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            cMPI.Type_contiguous(4, MPI_INT, out var mat);
            cMPI.Type_commit(ref mat);
            cMPI.Op_create<int>(MatMul, 0, out var op);
            var prefix = new int[size + 1][];
            prefix[0] = [1, 0, 0, 1];
            for (int r = 0; r < size; r++) prefix[r + 1] = Mul(prefix[r], MatrixOf(r));
            var result = new int[4];
            for (int root = 0; root < size; root++)
            {
                Array.Clear(result);
                cMPI.Reduce(MatrixOf(rank), 0, result, 0, 1, mat, op, root, World);
                if (rank == root) Assert.Equal(prefix[size], result);
            }
            cMPI.Allreduce(MatrixOf(rank), 0, result, 0, 1, mat, op, World);
            Assert.Equal(prefix[size], result);
            cMPI.Scan(MatrixOf(rank), 0, result, 0, 1, mat, op, World);
            Assert.Equal(prefix[rank + 1], result);
            cMPI.Op_free(ref op);
            Assert.Same(MPI_OP_NULL, op);
        });
    }

    [Fact]
    public void MismatchedCountsFailLoudly()
    {
        var r = MpiRunner.RunRaw(3, rank =>
        {
            var buf = new int[6];
            cMPI.Allgather(buf, 0, rank == 1 ? 2 : 1, MPI_INT, buf, 0, 1, MPI_INT, World);
        }, deadlockSeconds: 5);
        Assert.Contains(r.Errors, e => e is MpiException m && m.Message.Contains("counts or datatypes differ"));
    }
}
