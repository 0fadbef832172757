using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>Virtual topologies (MPI-3.1 chapter 7): Cartesian grids, graphs and distributed graphs.</summary>
public static partial class cMPI
{
    // Open MPI's values for MPI_Topo_test's answers.
    public const int CART = 1;
    public const int GRAPH = 2;
    public const int DIST_GRAPH = 3;

    public const int ERR_GROUP = 9;
    public const int ERR_TOPOLOGY = 11;
    public const int ERR_DIMS = 12;

    /// <summary>MPI_UNWEIGHTED: a sentinel array, told apart from real weights by reference.</summary>
    public static readonly int[] UNWEIGHTED = new int[1];

    /// <summary>MPI_WEIGHTS_EMPTY: weights of a rank that names no edges (MPI-3.0), a sentinel like UNWEIGHTED.</summary>
    public static readonly int[] WEIGHTS_EMPTY = new int[1];

    // ------------------------------------------------------------------ Dims_create

    /// <summary>
    /// MPI_Dims_create: fill the zero entries of <paramref name="dims"/> so the product is <paramref name="nnodes"/>,
    /// as balanced as possible, in non-increasing order. Uses Open MPI 4.1's greedy rule (prime factors, largest
    /// first, each onto the currently smallest dimension) so translated programs get the grid mpirun's gets.
    /// </summary>
    public static int Dims_create(int nnodes, int ndims, int[] dims)
    {
        const string call = "MPI_Dims_create";
        Ctx(call);
        if (ndims < 0) throw new MpiException(call, ERR_DIMS, $"negative ndims {ndims}");
        if (nnodes <= 0) throw new MpiException(call, ERR_DIMS, $"nnodes {nnodes} must be positive");
        CheckArray(call, "dims", dims, ndims);
        int fixedProduct = 1, free = 0;
        for (int i = 0; i < ndims; i++)
        {
            if (dims[i] < 0) throw new MpiException(call, ERR_DIMS, $"dims[{i}] = {dims[i]} is negative");
            if (dims[i] == 0) free++; else fixedProduct *= dims[i];
        }
        if (nnodes % fixedProduct != 0)
            throw new MpiException(call, ERR_DIMS, $"{nnodes} nodes cannot be divided by the fixed dimensions (product {fixedProduct})");
        int rest = nnodes / fixedProduct;
        if (free == 0)
        {
            if (rest != 1) throw new MpiException(call, ERR_DIMS, $"the dimensions' product {fixedProduct} is not {nnodes}");
            return SUCCESS;
        }
        var bins = new int[free];
        Array.Fill(bins, 1);
        var factors = PrimeFactors(rest);
        for (int j = factors.Count - 1; j >= 0; j--)
        {
            int smallest = 0;
            for (int i = 1; i < free; i++) if (bins[i] < bins[smallest]) smallest = i;
            bins[smallest] *= factors[j];
        }
        Array.Sort(bins, (a, b) => b.CompareTo(a));
        for (int i = 0, k = 0; i < ndims; i++) if (dims[i] == 0) dims[i] = bins[k++];
        return SUCCESS;
    }

    /// <summary>Prime factors of <paramref name="n"/> in increasing order, with repetition.</summary>
    private static List<int> PrimeFactors(int n)
    {
        var factors = new List<int>();
        for (int p = 2; (long)p * p <= n; p++)
        {
            while (n % p == 0)
            {
                factors.Add(p);
                n /= p;
            }
        }
        if (n > 1) factors.Add(n);
        return factors;
    }

    // ------------------------------------------------------------------ Cartesian topologies

    /// <summary>
    /// MPI_Cart_create: a new communicator of the first prod(dims) ranks (ranks beyond get COMM_NULL) with a
    /// Cartesian topology. <paramref name="reorder"/> is accepted and ignored: ranks keep their order, as Open MPI's
    /// default topology component does, so rank numbers agree with native runs.
    /// </summary>
    public static int Cart_create(Comm comm_old, int ndims, int[] dims, int[] periods, int reorder, out Comm comm_cart)
    {
        const string call = "MPI_Cart_create";
        var ctx = Ctx(call);
        CheckComm(call, comm_old);
        if (ndims < 0) throw new MpiException(call, ERR_ARG, $"negative ndims {ndims}");
        CheckArray(call, "dims", dims, ndims);
        CheckArray(call, "periods", periods, ndims);
        long product = 1;
        for (int i = 0; i < ndims; i++)
        {
            if (dims[i] <= 0) throw new MpiException(call, ERR_DIMS, $"dims[{i}] = {dims[i]} must be positive");
            product *= dims[i];
        }
        int size = comm_old.SizeIn(ctx), rank = comm_old.RankIn(ctx);
        // A grid larger than the group is erroneous (MPI 4.0 section 8.5.1) without a class named; Open MPI and MPICH
        // report MPI_ERR_ARG, so a port dies with the native run's class and exit status (SimpleMOC's 2x2x1 grid at 2 ranks).
        if (product > size)
            throw new MpiException(call, ERR_ARG, $"the grid needs {product} ranks but the communicator has {size}");
        var topology = new CartTopology(dims[..ndims], periods[..ndims].Select(p => p != 0).ToArray());
        comm_cart = SplitCore(ctx, call, comm_old, rank < product ? 0 : UNDEFINED, rank);
        if (!comm_cart.IsNull) comm_cart.Topology = topology;
        return SUCCESS;
    }

    /// <summary>MPI_Cart_map: the rank this process would have in such a grid (its own rank, or UNDEFINED beyond it).</summary>
    public static int Cart_map(Comm comm, int ndims, int[] dims, int[] periods, out int newrank)
    {
        const string call = "MPI_Cart_map";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        CheckArray(call, "dims", dims, ndims);
        CheckArray(call, "periods", periods, ndims);
        long product = 1;
        for (int i = 0; i < ndims; i++) product *= dims[i];
        int size = comm.SizeIn(ctx), rank = comm.RankIn(ctx);
        if (product > size) throw new MpiException(call, ERR_DIMS, $"the grid needs {product} ranks but the communicator has {size}");
        newrank = rank < product ? rank : UNDEFINED;
        return SUCCESS;
    }

    public static int Cartdim_get(Comm comm, out int ndims)
    {
        const string call = "MPI_Cartdim_get";
        Ctx(call);
        ndims = GetCart(call, comm).NDims;
        return SUCCESS;
    }

    /// <summary>MPI_Cart_get: the grid's dims and periods, and the caller's coordinates.</summary>
    public static int Cart_get(Comm comm, int maxdims, int[] dims, int[] periods, int[] coords)
    {
        const string call = "MPI_Cart_get";
        var ctx = Ctx(call);
        var cart = GetCart(call, comm);
        int n = Math.Min(maxdims, cart.NDims);
        CheckArray(call, "dims", dims, n);
        CheckArray(call, "periods", periods, n);
        CheckArray(call, "coords", coords, n);
        var mine = cart.CoordsOf(comm.RankIn(ctx));
        for (int i = 0; i < n; i++)
        {
            dims[i] = cart.Dims[i];
            periods[i] = cart.Periods[i] ? 1 : 0;
            coords[i] = mine[i];
        }
        return SUCCESS;
    }

    /// <summary>MPI_Cart_rank: the rank at <paramref name="coords"/>; periodic dimensions wrap, others must be in range.</summary>
    public static int Cart_rank(Comm comm, int[] coords, out int rank)
    {
        const string call = "MPI_Cart_rank";
        Ctx(call);
        var cart = GetCart(call, comm);
        CheckArray(call, "coords", coords, cart.NDims);
        // A coordinate past a non-periodic edge is MPI_ERR_ARG and leaves the rank as it was, as Open MPI 4.1's
        // argument check does (measured: no wrapped rank under MPI_ERRORS_RETURN).
        int found = cart.RankOf(coords);
        if (found < 0)
            throw new MpiException(call, ERR_ARG, $"coordinates ({string.Join(", ", coords[..cart.NDims])}) are off the grid ({string.Join(" x ", cart.Dims)})");
        rank = found;
        return SUCCESS;
    }

    public static int Cart_coords(Comm comm, int rank, int maxdims, int[] coords)
    {
        const string call = "MPI_Cart_coords";
        var ctx = Ctx(call);
        var cart = GetCart(call, comm);
        if (rank < 0 || rank >= cart.Size) throw new MpiException(call, ERR_RANK, $"invalid rank {rank} (grid of {cart.Size})");
        if (maxdims < cart.NDims) throw new MpiException(call, ERR_ARG, $"maxdims {maxdims} is less than the grid's {cart.NDims} dimensions");
        CheckArray(call, "coords", coords, cart.NDims);
        cart.CoordsOf(rank).CopyTo(coords, 0);
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Cart_shift: the neighbours <paramref name="disp"/> steps down (<paramref name="rank_source"/>) and up
    /// (<paramref name="rank_dest"/>) dimension <paramref name="direction"/>; PROC_NULL past a non-periodic edge.
    /// </summary>
    public static int Cart_shift(Comm comm, int direction, int disp, out int rank_source, out int rank_dest)
    {
        const string call = "MPI_Cart_shift";
        var ctx = Ctx(call);
        var cart = GetCart(call, comm);
        if (direction < 0 || direction >= cart.NDims)
            throw new MpiException(call, ERR_ARG, $"direction {direction} is not a dimension of the {cart.NDims}-d grid");
        var coords = cart.CoordsOf(comm.RankIn(ctx));
        int mine = coords[direction];
        coords[direction] = mine + disp;
        rank_dest = cart.RankOf(coords);
        coords[direction] = mine - disp;
        rank_source = cart.RankOf(coords);
        if (rank_dest < 0) rank_dest = PROC_NULL;
        if (rank_source < 0) rank_source = PROC_NULL;
        return SUCCESS;
    }

    /// <summary>MPI_Cart_sub: the sub-grids keeping the dimensions where <paramref name="remain_dims"/> is true.</summary>
    public static int Cart_sub(Comm comm, int[] remain_dims, out Comm newcomm)
    {
        const string call = "MPI_Cart_sub";
        var ctx = Ctx(call);
        var cart = GetCart(call, comm);
        CheckArray(call, "remain_dims", remain_dims, cart.NDims);
        var coords = cart.CoordsOf(comm.RankIn(ctx));
        int color = 0, key = 0;
        var keptDims = new List<int>();
        var keptPeriods = new List<bool>();
        for (int d = 0; d < cart.NDims; d++)
        {
            if (remain_dims[d] != 0)
            {
                key = key * cart.Dims[d] + coords[d];
                keptDims.Add(cart.Dims[d]);
                keptPeriods.Add(cart.Periods[d]);
            }
            else
            {
                color = color * cart.Dims[d] + coords[d];
            }
        }
        newcomm = SplitCore(ctx, call, comm, color, key);
        newcomm.Topology = new CartTopology(keptDims.ToArray(), keptPeriods.ToArray());
        return SUCCESS;
    }

    /// <summary>MPI_Topo_test: CART, GRAPH, DIST_GRAPH, or UNDEFINED for a communicator without a topology.</summary>
    public static int Topo_test(Comm comm, out int status)
    {
        const string call = "MPI_Topo_test";
        Ctx(call);
        CheckComm(call, comm);
        status = comm.Topology?.Kind ?? UNDEFINED;
        return SUCCESS;
    }

    // ------------------------------------------------------------------ graph topologies

    /// <summary>MPI_Graph_create: node i's neighbours are edges[index[i-1]..index[i]); ranks beyond nnodes get COMM_NULL.</summary>
    public static int Graph_create(Comm comm_old, int nnodes, int[] index, int[] edges, int reorder, out Comm comm_graph)
    {
        const string call = "MPI_Graph_create";
        var ctx = Ctx(call);
        CheckComm(call, comm_old);
        int size = comm_old.SizeIn(ctx), rank = comm_old.RankIn(ctx);
        if (nnodes < 0 || nnodes > size)
            throw new MpiException(call, ERR_ARG, $"nnodes {nnodes} must be 0..{size} (the communicator's size)");
        CheckArray(call, "index", index, nnodes);
        int nedges = nnodes == 0 ? 0 : index[nnodes - 1];
        CheckArray(call, "edges", edges, nedges);
        for (int i = 0; i < nnodes; i++)
        {
            if (index[i] < (i == 0 ? 0 : index[i - 1]))
                throw new MpiException(call, ERR_ARG, $"index[{i}] = {index[i]} is smaller than the entry before it");
        }
        for (int e = 0; e < nedges; e++)
        {
            if (edges[e] < 0 || edges[e] >= nnodes)
                throw new MpiException(call, ERR_ARG, $"edges[{e}] = {edges[e]} is not a node (0..{nnodes - 1})");
        }
        var topology = new GraphTopology(index[..nnodes], edges[..nedges]);
        comm_graph = SplitCore(ctx, call, comm_old, rank < nnodes ? 0 : UNDEFINED, rank);
        if (!comm_graph.IsNull) comm_graph.Topology = topology;
        return SUCCESS;
    }

    /// <summary>MPI_Graph_map: the caller's own rank, or UNDEFINED beyond nnodes.</summary>
    public static int Graph_map(Comm comm, int nnodes, int[] index, int[] edges, out int newrank)
    {
        const string call = "MPI_Graph_map";
        var ctx = Ctx(call);
        CheckComm(call, comm);
        int rank = comm.RankIn(ctx);
        newrank = rank < nnodes ? rank : UNDEFINED;
        return SUCCESS;
    }

    public static int Graphdims_get(Comm comm, out int nnodes, out int nedges)
    {
        const string call = "MPI_Graphdims_get";
        Ctx(call);
        var g = GetGraph(call, comm);
        nnodes = g.NNodes;
        nedges = g.Edges.Length;
        return SUCCESS;
    }

    public static int Graph_get(Comm comm, int maxindex, int maxedges, int[] index, int[] edges)
    {
        const string call = "MPI_Graph_get";
        Ctx(call);
        var g = GetGraph(call, comm);
        int ni = Math.Min(maxindex, g.NNodes), ne = Math.Min(maxedges, g.Edges.Length);
        CheckArray(call, "index", index, ni);
        CheckArray(call, "edges", edges, ne);
        Array.Copy(g.Index, index, ni);
        Array.Copy(g.Edges, edges, ne);
        return SUCCESS;
    }

    public static int Graph_neighbors_count(Comm comm, int rank, out int nneighbors)
    {
        const string call = "MPI_Graph_neighbors_count";
        Ctx(call);
        var g = GetGraph(call, comm);
        if (rank < 0 || rank >= g.NNodes) throw new MpiException(call, ERR_RANK, $"invalid rank {rank} (graph of {g.NNodes} nodes)");
        nneighbors = g.NeighborsOf(rank).Count;
        return SUCCESS;
    }

    public static int Graph_neighbors(Comm comm, int rank, int maxneighbors, int[] neighbors)
    {
        const string call = "MPI_Graph_neighbors";
        Ctx(call);
        var g = GetGraph(call, comm);
        if (rank < 0 || rank >= g.NNodes) throw new MpiException(call, ERR_RANK, $"invalid rank {rank} (graph of {g.NNodes} nodes)");
        var mine = g.NeighborsOf(rank);
        int n = Math.Min(maxneighbors, mine.Count);
        CheckArray(call, "neighbors", neighbors, n);
        mine.Slice(0, n).CopyTo(neighbors);
        return SUCCESS;
    }

    // ------------------------------------------------------------------ helpers

    private static CartTopology GetCart(string call, Comm comm)
    {
        CheckComm(call, comm);
        return comm.Topology as CartTopology
               ?? throw new MpiException(call, ERR_TOPOLOGY, $"communicator {comm.Name} has no Cartesian topology");
    }

    private static GraphTopology GetGraph(string call, Comm comm)
    {
        CheckComm(call, comm);
        return comm.Topology as GraphTopology
               ?? throw new MpiException(call, ERR_TOPOLOGY, $"communicator {comm.Name} has no graph topology");
    }

    /// <summary>An int array argument that must hold at least <paramref name="needed"/> entries.</summary>
    internal static void CheckArray(string call, string name, int[]? array, int needed)
    {
        if (needed <= 0) return;
        if (array == null) throw new MpiException(call, ERR_ARG, $"{name} is null");
        if (array.Length < needed)
            throw new MpiException(call, ERR_ARG, $"{name} has {array.Length} entries, {needed} needed");
    }
}
