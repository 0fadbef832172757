using static CloudMpi.Datatype;
using static CloudMpi.Op;

namespace CloudMpi.Tests;

public class TopologyTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    private static int[] Dims(int nnodes, params int[] dims)
    {
        int[] result = (int[])dims.Clone();
        MpiRunner.Run(1, _ => cMPI.Dims_create(nnodes, result.Length, result));
        return result;
    }

    [Fact]
    public void DimsCreateBalancesAndKeepsFixedEntries()
    {
        Assert.Equal([4, 3], Dims(12, 0, 0));
        Assert.Equal([7, 1], Dims(7, 0, 0));
        Assert.Equal([3, 2, 2], Dims(12, 0, 0, 0));
        Assert.Equal([4, 2, 3], Dims(24, 0, 2, 0));
        Assert.Equal([3, 4], Dims(12, 3, 4));
        Assert.Equal([1, 1, 1], Dims(1, 0, 0, 0));
        for (int n = 1; n <= 100; n++)
        {
            var d = Dims(n, 0, 0, 0);
            Assert.Equal(n, d[0] * d[1] * d[2]);
            Assert.True(d[0] >= d[1] && d[1] >= d[2], $"{n}: {string.Join(",", d)} not non-increasing");
        }
    }

    [Fact]
    public void DimsCreateRejectsIndivisibleCounts()
    {
        MpiRunner.Run(1, _ =>
        {
            var ex = Assert.Throws<MpiException>(() => cMPI.Dims_create(10, 2, [3, 0]));
            Assert.Equal(cMPI.ERR_DIMS, ex.ErrorClass);
        });
    }

    [Theory]
    [MemberData(nameof(MpiRunner.SizeData), MemberType = typeof(MpiRunner))]
    public void PeriodicGridShiftsAndRoundTrips(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            int[] dims = [0, 0];
            cMPI.Dims_create(size, 2, dims);
            cMPI.Cart_create(World, 2, dims, [1, 1], 1, out var grid);
            cMPI.Topo_test(grid, out int topo);
            Assert.Equal(cMPI.CART, topo);
            var coords = new int[2];
            cMPI.Cart_coords(grid, rank, 2, coords);
            Assert.Equal(rank, coords[0] * dims[1] + coords[1]);
            cMPI.Cart_rank(grid, [coords[0] - dims[0], coords[1] + 2 * dims[1]], out int back);
            Assert.Equal(rank, back);
            cMPI.Cart_shift(grid, 1, 1, out int src, out int dst);
            Assert.Equal(coords[0] * dims[1] + (coords[1] + 1) % dims[1], dst);
            Assert.Equal(coords[0] * dims[1] + (coords[1] + dims[1] - 1) % dims[1], src);
            long[] buf = [rank, 10L * rank];
            cMPI.Sendrecv_replace(buf, 0, 2, MPI_LONG, dst, 3, src, 3, grid, out var st);
            Assert.Equal([src, 10L * src], buf);
            Assert.Equal(src, st.MPI_SOURCE);
            cMPI.Comm_dup(grid, out var dup);
            cMPI.Cartdim_get(dup, out int nd);
            Assert.Equal(2, nd);
        });
    }

    [Fact]
    public void NonPeriodicEdgesAreProcNullAndOffGridRankIsAnError()
    {
        MpiRunner.Run(4, rank =>
        {
            cMPI.Cart_create(World, 1, [4], [0], 0, out var line);
            cMPI.Cart_shift(line, 0, 1, out int src, out int dst);
            Assert.Equal(rank == 0 ? cMPI.PROC_NULL : rank - 1, src);
            Assert.Equal(rank == 3 ? cMPI.PROC_NULL : rank + 1, dst);
            var ex = Assert.Throws<MpiException>(() => cMPI.Cart_rank(line, [4], out _));
            Assert.Equal(cMPI.ERR_ARG, ex.ErrorClass);
        });
    }

    [Fact]
    public void CartSubGivesRowsAndColumns()
    {
        MpiRunner.Run(6, rank =>
        {
            cMPI.Cart_create(World, 2, [2, 3], [0, 1], 0, out var grid);
            cMPI.Cart_sub(grid, [0, 1], out var row);
            cMPI.Comm_size(row, out int n);
            cMPI.Comm_rank(row, out int r);
            Assert.Equal(3, n);
            Assert.Equal(rank % 3, r);
            int sum = 0;
            cMPI.Allreduce(ref rank, ref sum, 1, MPI_INT, MPI_SUM, row);
            int first = rank / 3 * 3;
            Assert.Equal(3 * first + 3, sum);
            var periods = new int[1];
            cMPI.Cart_get(row, 1, new int[1], periods, new int[1]);
            Assert.Equal(1, periods[0]);
        });
    }

    [Fact]
    public void SmallerGridLeavesCommNullAndWorldHasNoTopology()
    {
        MpiRunner.Run(5, rank =>
        {
            cMPI.Cart_create(World, 2, [2, 2], [0, 0], 0, out var grid);
            if (rank == 4) Assert.Same(cMPI.COMM_NULL, grid);
            else Assert.NotSame(cMPI.COMM_NULL, grid);
            cMPI.Topo_test(World, out int topo);
            Assert.Equal(cMPI.UNDEFINED, topo);
            var ex = Assert.Throws<MpiException>(() => cMPI.Cart_shift(World, 0, 1, out _, out _));
            Assert.Equal(cMPI.ERR_TOPOLOGY, ex.ErrorClass);
            // A grid larger than the group: MPI_ERR_ARG, as Open MPI and MPICH report it.
            var big = Assert.Throws<MpiException>(() => cMPI.Cart_create(World, 1, [6], [0], 0, out _));
            Assert.Equal(cMPI.ERR_ARG, big.ErrorClass);
            var negative = Assert.Throws<MpiException>(() => cMPI.Cart_create(World, -1, [2], [0], 0, out _));
            Assert.Equal(cMPI.ERR_ARG, negative.ErrorClass);
        });
    }

    [Fact]
    public void GraphQueries()
    {
        MpiRunner.Run(3, rank =>
        {
            // 0 -> 1, 2; 1 -> 0; 2 -> 0
            cMPI.Graph_create(World, 3, [2, 3, 4], [1, 2, 0, 0], 0, out var g);
            cMPI.Topo_test(g, out int topo);
            Assert.Equal(cMPI.GRAPH, topo);
            cMPI.Graphdims_get(g, out int nn, out int ne);
            Assert.Equal((3, 4), (nn, ne));
            cMPI.Graph_neighbors_count(g, 0, out int c0);
            Assert.Equal(2, c0);
            var nb = new int[2];
            cMPI.Graph_neighbors(g, 0, 2, nb);
            Assert.Equal([1, 2], nb);
            var index = new int[3];
            var edges = new int[4];
            cMPI.Graph_get(g, 3, 4, index, edges);
            Assert.Equal([2, 3, 4], index);
            Assert.Equal([1, 2, 0, 0], edges);
        });
    }
}
