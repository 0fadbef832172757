namespace CloudMpi;

/// <summary>A virtual topology attached to a communicator (MPI-3.1 chapter 7). Immutable once created.</summary>
internal abstract class Topology
{
    /// <summary>What MPI_Topo_test reports: MPI_CART, MPI_GRAPH or MPI_DIST_GRAPH.</summary>
    internal abstract int Kind { get; }
}

/// <summary>
/// A Cartesian grid: ranks are numbered in row-major order (the last dimension varies fastest), as MPI-3.1 7.5.1
/// specifies for MPI_Cart_create without reordering.
/// </summary>
internal sealed class CartTopology : Topology
{
    internal int[] Dims { get; }
    internal bool[] Periods { get; }
    internal int NDims => Dims.Length;
    internal int Size { get; }

    internal CartTopology(int[] dims, bool[] periods)
    {
        Dims = dims;
        Periods = periods;
        Size = dims.Aggregate(1, (a, d) => a * d);
    }

    internal override int Kind => cMPI.CART;

    internal int[] CoordsOf(int rank)
    {
        var coords = new int[NDims];
        for (int d = NDims - 1; d >= 0; d--)
        {
            coords[d] = rank % Dims[d];
            rank /= Dims[d];
        }
        return coords;
    }

    /// <summary>The rank at <paramref name="coords"/>, wrapping periodic dimensions; -1 when a coordinate is off a non-periodic edge.</summary>
    internal int RankOf(ReadOnlySpan<int> coords)
    {
        int rank = 0;
        for (int d = 0; d < NDims; d++)
        {
            int c = coords[d];
            if (Periods[d]) c = ((c % Dims[d]) + Dims[d]) % Dims[d];
            else if (c < 0 || c >= Dims[d]) return -1;
            rank = rank * Dims[d] + c;
        }
        return rank;
    }
}

/// <summary>A general graph (MPI_Graph_create): node i's neighbours are edges[index[i-1] .. index[i]).</summary>
internal sealed class GraphTopology(int[] index, int[] edges) : Topology
{
    internal int[] Index { get; } = index;
    internal int[] Edges { get; } = edges;
    internal int NNodes => Index.Length;

    internal override int Kind => cMPI.GRAPH;

    internal ArraySegment<int> NeighborsOf(int rank)
    {
        int start = rank == 0 ? 0 : Index[rank - 1];
        return new ArraySegment<int>(Edges, start, Index[rank] - start);
    }
}

/// <summary>A distributed graph (MPI_Dist_graph_create_adjacent): each rank knows only its own in and out neighbours.</summary>
internal sealed class DistGraphTopology(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, bool weighted) : Topology
{
    internal int[] Sources { get; } = sources;
    internal int[] SourceWeights { get; } = sourceWeights;
    internal int[] Destinations { get; } = destinations;
    internal int[] DestWeights { get; } = destWeights;
    internal bool Weighted { get; } = weighted;

    internal override int Kind => cMPI.DIST_GRAPH;
}
