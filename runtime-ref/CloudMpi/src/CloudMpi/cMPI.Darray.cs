namespace CloudMpi;

/// <summary>
/// MPI_Type_create_darray (MPI-3.1 4.1.4): the part of a global array one process of a process grid owns under a
/// block, cyclic or no distribution per dimension, as a type over the whole global array (lb 0, extent the global
/// array's). The process grid is row-major whatever the array's order, as MPI_Cart_create numbers it.
/// </summary>
public static partial class cMPI
{
    public const int DISTRIBUTE_BLOCK = 0;      // Open MPI's values
    public const int DISTRIBUTE_CYCLIC = 1;
    public const int DISTRIBUTE_NONE = 2;
    public const int DISTRIBUTE_DFLT_DARG = -1;

    public static int Type_create_darray(int size, int rank, int ndims, int[] gsizes, int[] distribs, int[] dargs,
                                         int[] psizes, int order, Datatype oldtype, out Datatype newtype)
    {
        const string call = "MPI_Type_create_darray";
        CheckOld(call, oldtype);
        if (ndims <= 0 || gsizes == null || distribs == null || dargs == null || psizes == null ||
            gsizes.Length < ndims || distribs.Length < ndims || dargs.Length < ndims || psizes.Length < ndims)
            throw new MpiException(call, ERR_ARG, $"gsizes, distribs, dargs and psizes need {ndims} (>= 1) entries");
        if (order != ORDER_C && order != ORDER_FORTRAN) throw new MpiException(call, ERR_ARG, $"invalid order {order}");
        long grid = 1;
        for (int d = 0; d < ndims; d++) grid *= psizes[d];
        if (size <= 0 || grid != size)
            throw new MpiException(call, ERR_ARG, $"the process grid has {grid} processes, size is {size}");
        if (rank < 0 || rank >= size) throw new MpiException(call, ERR_ARG, $"rank {rank} is not in 0..{size - 1}");

        // This process's coordinates in the row-major grid, then the global indices it owns in each dimension.
        var owned = new int[ndims][];
        int rest = rank;
        for (int d = ndims - 1; d >= 0; d--)
        {
            int coord = rest % psizes[d];
            rest /= psizes[d];
            owned[d] = OwnedIndices(call, d, gsizes[d], distribs[d], dargs[d], psizes[d], coord);
        }

        var (dims, stride, total) = ArrayLayout(ndims, gsizes, order); // as Type_create_subarray's
        int fastest = dims[ndims - 1];
        var entries = new List<(long, int, Datatype)>();
        if (owned.All(o => o.Length > 0))
        {
            var index = new int[ndims];
            while (true)
            {
                long row = 0;
                for (int d = 0; d < ndims; d++) if (d != fastest) row += owned[d][index[d]] * stride[d];
                // the fastest dimension's indices as runs of consecutive elements
                var line = owned[fastest];
                for (int i = 0; i < line.Length;)
                {
                    int j = i + 1;
                    while (j < line.Length && line[j] == line[j - 1] + 1) j++;
                    entries.Add(((row + line[i] * stride[fastest]) * oldtype.Extent, j - i, oldtype));
                    i = j;
                }
                int k = ndims - 2;
                for (; k >= 0; k--)
                {
                    int d = dims[k];
                    if (++index[d] < owned[d].Length) break;
                    index[d] = 0;
                }
                if (k < 0) break;
            }
        }
        var inner = Build("darray", entries);
        newtype = new Datatype($"MPI_Type_create_darray({size}, {rank}, {ndims}, ...)", inner.Map.Blocks, 0, total * oldtype.Extent,
                               [oldtype], inner.Basics)
        {
            Envelope = new(COMBINER_DARRAY, [size, rank, ndims, .. gsizes[..ndims], .. distribs[..ndims], .. dargs[..ndims],
                                             .. psizes[..ndims], order], [], [oldtype]),
        };
        return SUCCESS;
    }

    /// <summary>The global indices, ascending, that grid coordinate <paramref name="coord"/> of <paramref name="procs"/> owns in a dimension of <paramref name="gsize"/>.</summary>
    private static int[] OwnedIndices(string call, int d, int gsize, int distrib, int darg, int procs, int coord)
    {
        if (gsize <= 0 || procs <= 0) throw new MpiException(call, ERR_ARG, $"dimension {d}: size {gsize} over {procs} processes");
        switch (distrib)
        {
            case DISTRIBUTE_NONE:
                if (procs != 1) throw new MpiException(call, ERR_ARG, $"dimension {d} is not distributed but has {procs} processes (psizes must be 1)");
                return Enumerable.Range(0, gsize).ToArray();
            case DISTRIBUTE_BLOCK:
            {
                int block = darg == DISTRIBUTE_DFLT_DARG ? (gsize + procs - 1) / procs : darg;
                if (block <= 0 || (long)block * procs < gsize)
                    throw new MpiException(call, ERR_ARG, $"dimension {d}: block size {darg} times {procs} processes does not cover {gsize} elements");
                long first = (long)coord * block, end = Math.Min(first + block, gsize);
                return first >= end ? [] : Enumerable.Range((int)first, (int)(end - first)).ToArray();
            }
            case DISTRIBUTE_CYCLIC:
            {
                int block = darg == DISTRIBUTE_DFLT_DARG ? 1 : darg;
                if (block <= 0) throw new MpiException(call, ERR_ARG, $"dimension {d}: invalid cyclic block size {darg}");
                var indices = new List<int>();
                for (long start = (long)coord * block; start < gsize; start += (long)block * procs)
                    for (long i = start; i < Math.Min(start + block, gsize); i++) indices.Add((int)i);
                return [.. indices];
            }
            default:
                throw new MpiException(call, ERR_ARG, $"dimension {d}: invalid distribution {distrib}");
        }
    }
}
