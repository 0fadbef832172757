using static CloudMpi.Datatype;

namespace CloudMpi.Tests;

/// <summary>Distributed graph topologies (adjacent and general) and the neighbourhood collectives over them.</summary>
public class NeighborTests
{
    private static readonly Comm World = cMPI.COMM_WORLD;

    /// <summary>
    /// The general form: rank 0 names every ring edge s -> s+1, each rank names its own s -> 2s+1 and the self-loop of
    /// the rank before it. Every rank must end with the in- and out-neighbours of the whole graph, in the order of
    /// the ranks that named the edges.
    /// </summary>
    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(5)]
    public void DistGraphCreateCollectsEveryRanksEdges(int size)
    {
        MpiRunner.Run(size, rank =>
        {
            var sources = new List<int>();
            var dests = new List<int>();
            if (rank == 0)
                for (int s = 0; s < size; s++) { sources.Add(s); dests.Add((s + 1) % size); }
            sources.Add(rank); dests.Add((2 * rank + 1) % size);
            int before = (rank + size - 1) % size;
            sources.Add(before); dests.Add(before);
            int[] weights = [.. sources.Zip(dests, (s, d) => 100 * s + d)];
            int n = sources.Count;
            cMPI.Dist_graph_create(World, n, [.. sources], Enumerable.Repeat(1, n).ToArray(), [.. dests], weights,
                cMPI.INFO_NULL, 0, out var graph);

            cMPI.Topo_test(graph, out int kind);
            Assert.Equal(cMPI.DIST_GRAPH, kind);
            // Expected, in the order of the naming ranks: rank 0's ring edges, then each rank r's (r -> 2r+1, r-1 -> r-1).
            var ins = new List<int>();
            var outs = new List<int>();
            void Edge(int s, int d) { if (d == rank) ins.Add(s); if (s == rank) outs.Add(d); }
            for (int s = 0; s < size; s++) Edge(s, (s + 1) % size);
            for (int r = 0; r < size; r++) { Edge(r, (2 * r + 1) % size); Edge((r + size - 1) % size, (r + size - 1) % size); }

            cMPI.Dist_graph_neighbors_count(graph, out int indeg, out int outdeg, out int weighted);
            Assert.Equal((ins.Count, outs.Count, 1), (indeg, outdeg, weighted));
            int[] src = new int[indeg], srcw = new int[indeg], dst = new int[outdeg], dstw = new int[outdeg];
            cMPI.Dist_graph_neighbors(graph, indeg, src, srcw, outdeg, dst, dstw);
            Assert.Equal(ins, src);
            Assert.Equal(outs, dst);
            Assert.Equal(src.Select(s => 100 * s + rank), srcw);
            Assert.Equal(dst.Select(d => 100 * rank + d), dstw);

            // Neighbor_alltoall follows that order: block i to dst[i], block j from src[j].
            int[] send = [.. dst.Select(d => 1000 * rank + d)], recv = new int[indeg];
            cMPI.Neighbor_alltoall(send, 0, 1, MPI_INT, recv, 0, 1, MPI_INT, graph);
            Assert.Equal(src.Select(s => 1000 * s + rank), recv);
            cMPI.Comm_free(ref graph);
        });
    }

    [Fact]
    public void DistGraphCreateWithoutWeightsAndWithAnEmptyRank()
    {
        MpiRunner.Run(3, rank =>
        {
            // Only rank 2 names edges (2 -> 0 twice, 2 -> 1), without weights; the others name none (MPI_WEIGHTS_EMPTY).
            Comm graph;
            if (rank == 2)
                cMPI.Dist_graph_create(World, 2, [2, 2], [2, 1], [0, 0, 1], cMPI.UNWEIGHTED, cMPI.INFO_NULL, 0, out graph);
            else
                cMPI.Dist_graph_create(World, 0, [], [], [], cMPI.WEIGHTS_EMPTY, cMPI.INFO_NULL, 0, out graph);
            cMPI.Dist_graph_neighbors_count(graph, out int indeg, out int outdeg, out int weighted);
            int[][] expectedIn = [[2, 2], [2], []], expectedOut = [[], [], [0, 0, 1]];
            Assert.Equal((expectedIn[rank].Length, expectedOut[rank].Length, 0), (indeg, outdeg, weighted));
            int[] src = new int[indeg], dst = new int[outdeg];
            cMPI.Dist_graph_neighbors(graph, indeg, src, cMPI.UNWEIGHTED, outdeg, dst, cMPI.UNWEIGHTED);
            Assert.Equal(expectedIn[rank], src);
            Assert.Equal(expectedOut[rank], dst);
            // A repeated edge is a repeated neighbour: rank 0 gets rank 2's two blocks.
            int[] send = [.. dst.Select((d, i) => 10 * d + i)], recv = new int[indeg];
            cMPI.Neighbor_alltoall(send, 0, 1, MPI_INT, recv, 0, 1, MPI_INT, graph);
            Assert.Equal(rank switch { 0 => [0, 1], 1 => [12], _ => Array.Empty<int>() }, recv);
        });
    }

    [Fact]
    public void NeighborAlltoallwUsesByteDisplacementsAndATypePerNeighbour()
    {
        MpiRunner.Run(4, rank =>
        {
            // A ring: in-neighbour rank-1, out-neighbour rank+1; plus a self-loop named second.
            int next = (rank + 1) % 4, prev = (rank + 3) % 4;
            cMPI.Dist_graph_create_adjacent(World, 2, [prev, rank], cMPI.UNWEIGHTED, 2, [next, rank], cMPI.UNWEIGHTED,
                cMPI.INFO_NULL, 0, out var ring);
            cMPI.Type_contiguous(2, MPI_INT, out var pair);
            cMPI.Type_commit(ref pair);
            // To next: one pair at byte 8; to myself: one int at byte 0.
            int[] send = [rank * 10 + 9, rank * 10 + 1, rank * 10 + 2];
            int[] recv = Enumerable.Repeat(-1, 5).ToArray();
            cMPI.Neighbor_alltoallw(send, 0, [1, 1], [4L, 0L], [pair, MPI_INT],
                recv, 0, [2, 1], [12L, 0L], [MPI_INT, MPI_INT], ring);
            Assert.Equal([rank * 10 + 9, -1, -1, prev * 10 + 1, prev * 10 + 2], recv);
            // A receive slot smaller than what the neighbour sends is MPI_ERR_TRUNCATE, not a silent cut.
            var e = Assert.Throws<MpiException>(() => cMPI.Neighbor_alltoallw(send, 0, [1, 1], [4L, 0L], [pair, MPI_INT],
                recv, 0, [1, 1], [12L, 0L], [MPI_INT, MPI_INT], ring));
            Assert.Equal(cMPI.ERR_TRUNCATE, e.ErrorClass);
        });
    }
}
