using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

/// <summary>
/// Reduce_scatter(_block) sums each block in the tree Open MPI 4.1 uses for that communicator and message size
/// (measured with a logging MPI_Op, see cMPI.ReduceScatterOrder.cs); tests/mpi/coll/fp_order_reduce_scatter.c
/// compares the printed sums with mpirun's.
/// </summary>
public class ReduceScatterOrderTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    /// <summary>Values far apart in magnitude, so each grouping rounds differently.</summary>
    private static double V(int rank, int i) => 1.0 / (3.0 + rank + i % 5) * ((rank + i) % 3 == 0 ? 1e16 : 1.0) + 0.1 * rank + 1e-3 * i;

    [Theory]
    [InlineData(4, 1)]   // 8 bytes at 4 ranks: recursive doubling
    [InlineData(4, 40)]  // 320 bytes: recursive halving
    [InlineData(7, 4)]   // 32 bytes at 7 ranks: butterfly
    [InlineData(7, 40)]  // recursive halving with three folded pairs
    [InlineData(3, 1)]   // 8 bytes at 3 ranks: recursive halving with one folded pair
    public void BlockSumsFollowOpenMpisTree(int size, int per)
    {
        MpiRunner.Run(size, rank =>
        {
            var send = Enumerable.Range(0, per * size).Select(i => V(rank, i)).ToArray();
            var recv = new double[per];
            cMPI.Reduce_scatter_block(send, 0, recv, 0, per, MPI_DOUBLE, MPI_SUM, World);
            var alg = cMPI.BlockAlgorithm(size, per * 8L);
            for (int j = 0; j < per; j++)
            {
                int i = rank * per + j;
                double a(int r) => V(r, i);
                double expected = (size, alg) switch
                {
                    (4, cMPI.ReduceScatterAlgorithm.Doubling) => (a(0) + a(1)) + (a(2) + a(3)),
                    (4, cMPI.ReduceScatterAlgorithm.Halving) => (a(0) + a(2)) + (a(1) + a(3)),
                    (7, cMPI.ReduceScatterAlgorithm.Butterfly) => ((a(0) + a(1)) + (a(2) + a(3))) + ((a(4) + a(5)) + a(6)),
                    (7, cMPI.ReduceScatterAlgorithm.Halving) => ((a(0) + a(1)) + (a(4) + a(5))) + ((a(2) + a(3)) + a(6)),
                    (3, cMPI.ReduceScatterAlgorithm.Halving) => (a(0) + a(1)) + a(2),
                    _ => throw new Xunit.Sdk.XunitException($"untested algorithm {alg} at {size} ranks"),
                };
                Assert.Equal(BitConverter.DoubleToInt64Bits(expected), BitConverter.DoubleToInt64Bits(recv[j]));
            }
        });
    }

    [Fact]
    public void VectorSumsAtThreeRanksFollowTheRing()
    {
        MpiRunner.Run(3, rank =>
        {
            int[] counts = [1, 2, 3];
            var send = Enumerable.Range(0, 6).Select(i => V(rank, i)).ToArray();
            var recv = new double[counts[rank]];
            cMPI.Reduce_scatter(send, 0, recv, 0, counts, MPI_DOUBLE, MPI_SUM, World);
            int first = counts.Take(rank).Sum();
            for (int j = 0; j < counts[rank]; j++)
            {
                double a(int r) => V(r, first + j);
                double expected = (a((rank + 1) % 3) + a((rank + 2) % 3)) + a(rank); // from rank b+1 around to b
                Assert.Equal(BitConverter.DoubleToInt64Bits(expected), BitConverter.DoubleToInt64Bits(recv[j]));
            }
        });
    }

    [Fact]
    public void NonCommutativeOpsStillCombineInRankOrder()
    {
        // "the left operand" is associative and not commutative: a0 op a1 op ... is rank 0's value, whatever the grouping.
        MpiRunner.Run(4, rank =>
        {
            UserFunction<int> left = (int[] inv, int[] inout, ref int len, Datatype[] _) =>
            {
                for (int k = 0; k < len; k++) inout[k] = inv[k]; // inoutvec = invec op inoutvec
            };
            cMPI.Op_create(left, 0, out var op);
            var send = Enumerable.Range(0, 8).Select(i => 100 * (rank + 1) + i).ToArray();
            var recv = new int[2];
            cMPI.Reduce_scatter_block(send, 0, recv, 0, 2, MPI_INT, op, World);
            Assert.Equal([100 + 2 * rank, 101 + 2 * rank], recv);
            cMPI.Op_free(ref op);
        });
    }
}
