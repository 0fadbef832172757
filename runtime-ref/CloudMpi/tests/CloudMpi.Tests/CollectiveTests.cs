using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

public class CollectiveTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    public static IEnumerable<object[]> Sizes => MpiRunner.SizeData;

    [Theory]
    [MemberData(nameof(Sizes))]
    public void BcastFromEveryRoot(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            for (int root = 0; root < size; root++)
            {
                int[] buf = new int[5];
                if (rank == root) for (int i = 0; i < 5; i++) buf[i] = 100 * root + i;
                cMPI.Bcast(buf, 1, 3, MPI_INT, root, World);
                int b = 100 * root;
                if (rank == root) Assert.Equal([b, b + 1, b + 2, b + 3, b + 4], buf);
                else Assert.Equal([0, b + 1, b + 2, b + 3, 0], buf);
                double total = rank == root ? 3.25 * (root + 1) : -1;
                cMPI.Bcast(ref total, 1, MPI_DOUBLE, root, World);
                Assert.Equal(3.25 * (root + 1), total);
            }
        });
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void ReduceIntegerSumToEveryRoot(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            for (int root = 0; root < size; root++)
            {
                long[] send = [rank + 1, rank * rank, -rank];
                long[] recv = [-7, -7, -7, -7];
                cMPI.Reduce(send, 0, recv, 1, 3, MPI_LONG, MPI_SUM, root, World);
                long n = size;
                if (rank == root)
                    Assert.Equal([-7, n * (n + 1) / 2, (n - 1) * n * (2 * n - 1) / 6, -(n - 1) * n / 2], recv);
                else
                    Assert.Equal([-7, -7, -7, -7], recv); // untouched off the root
                int mine = rank + 1, prod = 0;
                cMPI.Reduce(ref mine, ref prod, 1, MPI_INT, MPI_PROD, root, World);
                if (rank == root) Assert.Equal(Factorial(size), prod);
            }
        });
    }

    private static int Factorial(int n) => n <= 1 ? 1 : n * Factorial(n - 1);

    [Theory]
    [MemberData(nameof(Sizes))]
    public void AllreduceMaxMinSum(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            int[] send = [rank, -rank, 3 * rank % 5];
            int[] max = new int[3], min = new int[3], sum = new int[3];
            cMPI.Allreduce(send, 0, max, 0, 3, MPI_INT, MPI_MAX, World);
            cMPI.Allreduce(send, 0, min, 0, 3, MPI_INT, MPI_MIN, World);
            cMPI.Allreduce(send, 0, sum, 0, 3, MPI_INT, MPI_SUM, World);
            var all = Enumerable.Range(0, size).Select(r => new[] { r, -r, 3 * r % 5 }).ToArray();
            for (int k = 0; k < 3; k++)
            {
                Assert.Equal(all.Max(a => a[k]), max[k]);
                Assert.Equal(all.Min(a => a[k]), min[k]);
                Assert.Equal(all.Sum(a => a[k]), sum[k]);
            }
            double x = rank + 0.5, y = 0;
            cMPI.Allreduce(ref x, ref y, 1, MPI_DOUBLE, MPI_MAX, World);
            Assert.Equal(size - 0.5, y);
            // in place on the same array (send and recv the same buffer)
            int[] same = [rank + 1];
            cMPI.Allreduce(same, 0, same, 0, 1, MPI_INT, MPI_SUM, World);
            Assert.Equal(size * (size + 1) / 2, same[0]);
        });
    }

    /// <summary>
    /// The floating-point combine order must be the binomial tree rooted at 0 with the lower ranks on the left.
    /// Expected values are written out by hand per size (not computed by the same algorithm).
    /// </summary>
    [Theory]
    [MemberData(nameof(Sizes))]
    public void FloatingSumsUseOpenMpisOrder(int size)
    {
        // Pick inputs for which the tree's rounding differs from a left fold (possible from 4 ranks on), so a
        // runtime combining in another order fails this test.
        double[] a = new double[size];
        double expected = 0;
        for (int seed = 0; seed < 1000; seed++)
        {
            var rng = new Random(1234 + 1000 * size + seed);
            for (int i = 0; i < size; i++) a[i] = (rng.NextDouble() - 0.5) * Math.Pow(10, rng.Next(0, 4));
            expected = size switch
            {
                1 => a[0],
                2 => a[0] + a[1],
                3 => (a[0] + a[1]) + a[2],
                4 => (a[0] + a[1]) + (a[2] + a[3]),
                7 => ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + a[6]),
                _ => throw new ArgumentOutOfRangeException(nameof(size)),
            };
            if (size < 4 || expected != a.Aggregate((x, y) => x + y)) break;
        }
        if (size >= 4) Assert.NotEqual(expected, a.Aggregate((x, y) => x + y));
        // Reduce uses Open MPI's fan-out-2 tree relative to the root (here the last rank).
        double[] byVrank = Enumerable.Range(0, size).Select(v => a[(v + size - 1) % size]).ToArray();
        double expectedReduce = BinaryTreeSum(byVrank, 0);
        var results = new double[size];
        var reduced = double.NaN;
        MpiRunner.Run(size, rank =>
        {
            double mine = a[rank], all = 0, root = 0;
            cMPI.Allreduce(ref mine, ref all, 1, MPI_DOUBLE, MPI_SUM, World);
            results[rank] = all;
            cMPI.Reduce(ref mine, ref root, 1, MPI_DOUBLE, MPI_SUM, size - 1, World);
            if (rank == size - 1) reduced = root;
        });
        foreach (var r in results) Assert.Equal(BitConverter.DoubleToInt64Bits(expected), BitConverter.DoubleToInt64Bits(r));
        Assert.Equal(BitConverter.DoubleToInt64Bits(expectedReduce), BitConverter.DoubleToInt64Bits(reduced));
    }

    /// <summary>Open MPI's coll/base binary tree: v at level L has children v + 2^L and v + 2^(L+1);
    /// a node adds its own value, then its first child's subtree, then its second's.</summary>
    private static double BinaryTreeSum(double[] b, int v)
    {
        int level = 0;
        for (int num = 1; num <= v; num += 1 << level) level++;
        double acc = b[v];
        for (int i = 1; i <= 2 && v + (1 << level) * i < b.Length; i++)
            acc += BinaryTreeSum(b, v + (1 << level) * i);
        return acc;
    }

    [Fact]
    public void FloatingOrderDiffersFromALeftFold()
    {
        // 1e16 + 1 rounds to 1e16, so the order shows: a left fold gives 1, Open MPI's reduce
        // tree ((a0 + (a1 + a3)) + a2) gives 2.
        double[] a = [1e16, 1.0, -1e16, 1.0];
        Assert.Equal(1.0, ((a[0] + a[1]) + a[2]) + a[3]);
        Assert.Equal(2.0, (a[0] + (a[1] + a[3])) + a[2]);
        double got = double.NaN;
        MpiRunner.Run(4, rank =>
        {
            double mine = a[rank], sum = 0;
            cMPI.Reduce(ref mine, ref sum, 1, MPI_DOUBLE, MPI_SUM, 0, World);
            if (rank == 0) got = sum;
        });
        Assert.Equal(2.0, got);

        float[] f = [1e8f, 1f, 1f, 1f, 1f, 1f, 1f];
        float fgot = float.NaN;
        MpiRunner.Run(7, rank =>
        {
            float mine = f[rank], sum = 0;
            cMPI.Allreduce(ref mine, ref sum, 1, MPI_FLOAT, MPI_SUM, World);
            if (rank == 0) fgot = sum;
        });
        Assert.Equal(((f[0] + f[1]) + (f[2] + f[3])) + ((f[4] + f[5]) + f[6]), fgot);
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void BarrierSeparatesPhases(int size)
    {
        int counter = 0;
        MpiRunner.Run(size, rank =>
        {
            for (int phase = 1; phase <= 5; phase++)
            {
                if (rank == phase % size) Thread.Sleep(20); // a straggler
                Interlocked.Increment(ref counter);
                cMPI.Barrier(World);
                Assert.True(Volatile.Read(ref counter) >= phase * size, $"rank {rank} left barrier {phase} early");
                cMPI.Barrier(World);
            }
        });
        Assert.Equal(5 * size, counter);
    }

    [Fact]
    public void UserMessagesWithInternalTagsDoNotDisturbCollectives()
    {
        MpiRunner.Run(4, rank =>
        {
            // Every rank floods every other rank with user messages whose tags equal the internal ones.
            for (int dest = 0; dest < 4; dest++)
            {
                if (dest == rank) continue;
                for (int tag = 0; tag <= 6; tag++)
                {
                    int junk = -1000 - tag;
                    cMPI.Send(ref junk, 1, MPI_INT, dest, tag, World);
                }
            }
            int v = rank == 2 ? 77 : 0;
            cMPI.Bcast(ref v, 1, MPI_INT, 2, World);
            Assert.Equal(77, v);
            int s = rank, total = 0;
            cMPI.Allreduce(ref s, ref total, 1, MPI_INT, MPI_SUM, World);
            Assert.Equal(6, total);
            cMPI.Reduce(ref s, ref total, 1, MPI_INT, MPI_MAX, 1, World);
            if (rank == 1) Assert.Equal(3, total);
            cMPI.Barrier(World);
            // The user messages are all still there, in order.
            for (int src = 0; src < 4; src++)
            {
                if (src == rank) continue;
                for (int tag = 0; tag <= 6; tag++)
                {
                    int got = 0;
                    cMPI.Recv(ref got, 1, MPI_INT, src, cMPI.ANY_TAG, World, out var st);
                    Assert.Equal(tag, st.MPI_TAG);
                    Assert.Equal(-1000 - tag, got);
                }
            }
            cMPI.Iprobe(cMPI.ANY_SOURCE, cMPI.ANY_TAG, World, out int flag, out _);
            Assert.Equal(0, flag);
        });
    }

    [Fact]
    public void CollectiveCountMismatchIsReported()
    {
        var result = MpiRunner.RunRaw(2, rank =>
        {
            int[] buf = new int[4];
            cMPI.Bcast(buf, 0, rank == 0 ? 4 : 2, MPI_INT, 0, World);
        }, deadlockSeconds: 5);
        var ex = Assert.IsType<MpiException>(result.Errors[1]);
        Assert.Equal(cMPI.ERR_TRUNCATE, ex.ErrorClass);
    }

    [Fact]
    public void MixedArrayAndScalarBufferForms()
    {
        MpiRunner.Run(3, rank =>
        {
            int[] arr = [0, rank + 1];
            int scalar = 0;
            cMPI.Reduce(arr, 1, ref scalar, 1, MPI_INT, MPI_SUM, 2, World);
            if (rank == 2) Assert.Equal(6, scalar);
            int mine = rank * 10;
            int[] outArr = new int[3];
            cMPI.Allreduce(ref mine, outArr, 2, 1, MPI_INT, MPI_MAX, World);
            Assert.Equal([0, 0, 20], outArr);
            cMPI.Allreduce(arr, 1, ref scalar, 1, MPI_INT, MPI_MIN, World);
            Assert.Equal(1, scalar);
            cMPI.Reduce(ref mine, outArr, 0, 1, MPI_INT, MPI_SUM, 0, World);
            if (rank == 0) Assert.Equal(30, outArr[0]);
            int got = -1;
            cMPI.Sendrecv(arr, 1, 1, MPI_INT, (rank + 1) % 3, 0, ref got, 1, MPI_INT, (rank + 2) % 3, 0, World, out _);
            Assert.Equal((rank + 2) % 3 + 1, got);
            int[] into = new int[2];
            cMPI.Sendrecv(ref mine, 1, MPI_INT, (rank + 1) % 3, 1, into, 1, 1, MPI_INT, (rank + 2) % 3, 1, World, out var st);
            Assert.Equal((rank + 2) % 3 * 10, into[1]);
            Assert.Equal(1, st.MPI_TAG);
        });
    }

    [Fact]
    public void CommSelfCollectives()
    {
        MpiRunner.Run(3, rank =>
        {
            int v = rank, r = -1;
            cMPI.Allreduce(ref v, ref r, 1, MPI_INT, MPI_SUM, cMPI.COMM_SELF);
            Assert.Equal(rank, r);
            cMPI.Bcast(ref v, 1, MPI_INT, 0, cMPI.COMM_SELF);
            cMPI.Barrier(cMPI.COMM_SELF);
        });
    }
}
