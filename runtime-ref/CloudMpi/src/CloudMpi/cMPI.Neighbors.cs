using CloudMpi.Core;
using CloudMpi.Hosting;

namespace CloudMpi;

/// <summary>Distributed graph topologies and the neighbourhood collectives (MPI-3.1 7.5.4, 7.6).</summary>
public static partial class cMPI
{
    /// <summary>Tags of neighbourhood traffic on the collective context, clear of the other collectives' small tags.</summary>
    private const int NeighborTagBase = 1 << 20;

    /// <summary>
    /// MPI_Dist_graph_create_adjacent: every rank names its own in and out neighbours (with weights, or
    /// MPI_UNWEIGHTED). The new communicator has the old one's group and order (reorder is ignored).
    /// </summary>
    public static int Dist_graph_create_adjacent(Comm comm_old, int indegree, int[] sources, int[] sourceweights,
        int outdegree, int[] destinations, int[] destweights, Info info, int reorder, out Comm comm_dist_graph)
    {
        const string call = "MPI_Dist_graph_create_adjacent";
        var ctx = Ctx(call);
        CheckComm(call, comm_old);
        int size = comm_old.SizeIn(ctx);
        if (indegree < 0 || outdegree < 0) throw new MpiException(call, ERR_ARG, $"negative degree ({indegree}, {outdegree})");
        CheckArray(call, "sources", sources, indegree);
        CheckArray(call, "destinations", destinations, outdegree);
        bool weighted = !ReferenceEquals(sourceweights, UNWEIGHTED) || !ReferenceEquals(destweights, UNWEIGHTED);
        if (!ReferenceEquals(sourceweights, UNWEIGHTED)) CheckArray(call, "sourceweights", sourceweights, indegree);
        if (!ReferenceEquals(destweights, UNWEIGHTED)) CheckArray(call, "destweights", destweights, outdegree);
        foreach (int r in sources[..indegree].Concat(destinations[..outdegree]))
        {
            if (r < 0 || r >= size) throw new MpiException(call, ERR_RANK, $"neighbour {r} is not a rank of the communicator (size {size})");
        }
        var topology = new DistGraphTopology(sources[..indegree],
            ReferenceEquals(sourceweights, UNWEIGHTED) ? new int[indegree] : sourceweights[..indegree],
            destinations[..outdegree],
            ReferenceEquals(destweights, UNWEIGHTED) ? new int[outdegree] : destweights[..outdegree], weighted);
        comm_dist_graph = SplitCore(ctx, call, comm_old, 0, comm_old.RankIn(ctx));
        comm_dist_graph.Topology = topology;
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Dist_graph_create: any rank may name any edges (<paramref name="n"/> sources, <paramref name="degrees"/>[i]
    /// destinations each, in order in <paramref name="destinations"/>); every rank then learns its own in- and
    /// out-neighbours from all ranks' edges, exchanged with an Allgather and an Allgatherv on
    /// <paramref name="comm_old"/>. MPI leaves the order of a rank's neighbours to the implementation: here it is the
    /// order of the ranks that named the edges, then their order within each rank's list (Dist_graph_neighbors
    /// reports it, and the neighbour collectives follow it). A repeated edge is a repeated neighbour.
    /// </summary>
    public static int Dist_graph_create(Comm comm_old, int n, int[] sources, int[] degrees, int[] destinations, int[] weights,
        Info info, int reorder, out Comm comm_dist_graph)
    {
        const string call = "MPI_Dist_graph_create";
        var ctx = Ctx(call);
        CheckComm(call, comm_old);
        int size = comm_old.SizeIn(ctx), me = comm_old.RankIn(ctx);
        if (n < 0) throw new MpiException(call, ERR_ARG, $"negative number of sources {n}");
        CheckArray(call, "sources", sources, n);
        CheckArray(call, "degrees", degrees, n);
        int edges = 0;
        for (int i = 0; i < n; i++)
        {
            if (degrees[i] < 0) throw new MpiException(call, ERR_ARG, $"negative degree {degrees[i]} for source {sources[i]}");
            edges = checked(edges + degrees[i]);
        }
        CheckArray(call, "destinations", destinations, edges);
        bool given = !ReferenceEquals(weights, UNWEIGHTED) && !ReferenceEquals(weights, WEIGHTS_EMPTY);
        if (given) CheckArray(call, "weights", weights, edges);

        // This rank's part: [weights given (0/1), then (source, destination, weight) per edge].
        var mine = new int[1 + 3 * edges];
        mine[0] = given ? 1 : 0;
        for (int i = 0, e = 0; i < n; i++)
        {
            for (int j = 0; j < degrees[i]; j++, e++)
            {
                int src = sources[i], dst = destinations[e];
                if (src < 0 || src >= size || dst < 0 || dst >= size)
                    throw new MpiException(call, ERR_RANK, $"edge {src} -> {dst} names a rank outside the communicator (size {size})");
                mine[1 + 3 * e] = src;
                mine[2 + 3 * e] = dst;
                mine[3 + 3 * e] = given ? weights[e] : 0;
            }
        }
        var lengths = new int[size];
        Allgather(new[] { mine.Length }, 0, 1, Datatype.MPI_INT, lengths, 0, 1, Datatype.MPI_INT, comm_old);
        var displs = new int[size];
        for (int r = 1; r < size; r++) displs[r] = checked(displs[r - 1] + lengths[r - 1]);
        var all = new int[checked(displs[size - 1] + lengths[size - 1])];
        Allgatherv(mine, 0, mine.Length, Datatype.MPI_INT, all, 0, lengths, displs, Datatype.MPI_INT, comm_old);

        List<int> ins = [], inWeights = [], outs = [], outWeights = [];
        bool weighted = false;
        for (int r = 0; r < size; r++)
        {
            int at = displs[r];
            weighted |= all[at] != 0;
            for (int e = at + 1; e + 2 < at + lengths[r]; e += 3)
            {
                if (all[e + 1] == me) { ins.Add(all[e]); inWeights.Add(all[e + 2]); }
                if (all[e] == me) { outs.Add(all[e + 1]); outWeights.Add(all[e + 2]); }
            }
        }
        comm_dist_graph = SplitCore(ctx, call, comm_old, 0, me);
        comm_dist_graph.Topology = new DistGraphTopology([.. ins], [.. inWeights], [.. outs], [.. outWeights], weighted);
        return SUCCESS;
    }

    public static int Dist_graph_neighbors_count(Comm comm, out int indegree, out int outdegree, out int weighted)
    {
        const string call = "MPI_Dist_graph_neighbors_count";
        Ctx(call);
        var g = GetDistGraph(call, comm);
        indegree = g.Sources.Length;
        outdegree = g.Destinations.Length;
        weighted = g.Weighted ? 1 : 0;
        return SUCCESS;
    }

    public static int Dist_graph_neighbors(Comm comm, int maxindegree, int[] sources, int[] sourceweights,
        int maxoutdegree, int[] destinations, int[] destweights)
    {
        const string call = "MPI_Dist_graph_neighbors";
        Ctx(call);
        var g = GetDistGraph(call, comm);
        int ni = Math.Min(maxindegree, g.Sources.Length), no = Math.Min(maxoutdegree, g.Destinations.Length);
        CheckArray(call, "sources", sources, ni);
        CheckArray(call, "destinations", destinations, no);
        Array.Copy(g.Sources, sources, ni);
        Array.Copy(g.Destinations, destinations, no);
        if (g.Weighted && !ReferenceEquals(sourceweights, UNWEIGHTED)) Array.Copy(g.SourceWeights, sourceweights, ni);
        if (g.Weighted && !ReferenceEquals(destweights, UNWEIGHTED)) Array.Copy(g.DestWeights, destweights, no);
        return SUCCESS;
    }

    /// <summary>MPI_Neighbor_allgather: my block to every out-neighbour; block i of recvbuf from in-neighbour i.</summary>
    public static int Neighbor_allgather<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Neighbor_allgather";
        var ctx = Ctx(call);
        var (ins, outs) = Neighbors(call, ctx, comm);
        BeginCollective(ctx, call, comm, -1, -1, null);
        var send = Buffers.Data(call, sendbuf, sendoffset, sendcount, sendtype).Bytes.ToArray();
        var recv = Buffers.Data(call, recvbuf, recvoffset, recvcount * ins.Length, recvtype);
        for (int i = 0; i < outs.Length; i++) NeighborSend(ctx, comm, outs[i].Rank, outs[i].Tag, send);
        NeighborReceive(ctx, call, comm, ins, recv.Bytes, recvcount * recvtype.Size);
        recv.Commit();
        return SUCCESS;
    }

    /// <summary>MPI_Neighbor_alltoall: block i of sendbuf to out-neighbour i; block i of recvbuf from in-neighbour i.</summary>
    public static int Neighbor_alltoall<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int recvcount, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Neighbor_alltoall";
        var ctx = Ctx(call);
        var (ins, outs) = Neighbors(call, ctx, comm);
        BeginCollective(ctx, call, comm, -1, -1, null);
        var send = Buffers.Data(call, sendbuf, sendoffset, sendcount * outs.Length, sendtype);
        var recv = Buffers.Data(call, recvbuf, recvoffset, recvcount * ins.Length, recvtype);
        int block = sendcount * sendtype.Size;
        for (int i = 0; i < outs.Length; i++) NeighborSend(ctx, comm, outs[i].Rank, outs[i].Tag, send.Bytes.Slice(i * block, block).ToArray());
        NeighborReceive(ctx, call, comm, ins, recv.Bytes, recvcount * recvtype.Size);
        recv.Commit();
        return SUCCESS;
    }

    /// <summary>MPI_Neighbor_allgatherv: my block to every out-neighbour; in-neighbour i's block lands at displs[i] with recvcounts[i] elements.</summary>
    public static int Neighbor_allgatherv<TS, TR>(TS[] sendbuf, int sendoffset, int sendcount, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Neighbor_allgatherv";
        var ctx = Ctx(call);
        var (ins, outs) = Neighbors(call, ctx, comm);
        BeginCollective(ctx, call, comm, -1, -1, null);
        var send = Buffers.Data(call, sendbuf, sendoffset, sendcount, sendtype).Bytes.ToArray();
        for (int i = 0; i < outs.Length; i++) NeighborSend(ctx, comm, outs[i].Rank, outs[i].Tag, send);
        NeighborReceiveV(ctx, call, comm, ins, recvbuf, recvoffset, recvcounts, displs, recvtype);
        return SUCCESS;
    }

    /// <summary>MPI_Neighbor_alltoallv: sendcounts[i] elements from sdispls[i] to out-neighbour i; in-neighbour i's block at rdispls[i].</summary>
    public static int Neighbor_alltoallv<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
        TR[] recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Neighbor_alltoallv";
        var ctx = Ctx(call);
        var (ins, outs) = Neighbors(call, ctx, comm);
        BeginCollective(ctx, call, comm, -1, -1, null);
        var send = Buffers.Data(call, sendbuf, sendoffset, SlotsExtent(call, sendcounts, sdispls, outs.Length, "out-neighbours"), sendtype);
        int size = sendtype.Size;
        for (int i = 0; i < outs.Length; i++)
            NeighborSend(ctx, comm, outs[i].Rank, outs[i].Tag, send.Bytes.Slice(sdispls[i] * size, sendcounts[i] * size).ToArray());
        NeighborReceiveV(ctx, call, comm, ins, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
        return SUCCESS;
    }

    /// <summary>
    /// MPI_Neighbor_alltoallw: sendcounts[i] elements of sendtypes[i] at byte sdispls[i] to out-neighbour i; in-neighbour
    /// i's block into recvcounts[i] elements of recvtypes[i] at byte rdispls[i]. The byte displacements count from the
    /// buffer position (array and offset), or are addresses when the buffer is MPI_BOTTOM.
    /// </summary>
    public static int Neighbor_alltoallw<TS, TR>(TS[] sendbuf, int sendoffset, int[] sendcounts, long[] sdispls, Datatype[] sendtypes,
        TR[] recvbuf, int recvoffset, int[] recvcounts, long[] rdispls, Datatype[] recvtypes, Comm comm) where TS : unmanaged where TR : unmanaged
    {
        const string call = "MPI_Neighbor_alltoallw";
        var ctx = Ctx(call);
        var (ins, outs) = Neighbors(call, ctx, comm);
        BeginCollective(ctx, call, comm, -1, -1, null);
        CheckPerNeighbor(call, "send", outs.Length, sendcounts, sdispls, sendtypes);
        CheckPerNeighbor(call, "recv", ins.Length, recvcounts, rdispls, recvtypes);
        if (outs.Length > 0)
        {
            var sraw = Buffers.RawBytes(call, sendbuf, sendoffset, out long sorigin);
            for (int i = 0; i < outs.Length; i++)
            {
                byte[] block = Buffers.Block(call, sendbuf, sraw, sorigin, sdispls[i], sendcounts[i], sendtypes[i]).Bytes.ToArray();
                NeighborSend(ctx, comm, outs[i].Rank, outs[i].Tag, block);
            }
        }
        if (ins.Length > 0)
        {
            var rraw = Buffers.RawBytes(call, recvbuf, recvoffset, out long rorigin);
            for (int i = 0; i < ins.Length; i++)
            {
                var slot = Buffers.Block(call, recvbuf, rraw, rorigin, rdispls[i], recvcounts[i], recvtypes[i]);
                NeighborReceive(ctx, call, comm, [ins[i]], slot.Bytes, slot.Length);
                slot.Commit();
            }
        }
        return SUCCESS;
    }

    private static void CheckPerNeighbor(string call, string side, int neighbors, int[] counts, long[] displs, Datatype[] types)
    {
        CheckArray(call, side + "counts", counts, neighbors);
        if (displs is null || displs.Length < neighbors)
            throw new MpiException(call, ERR_ARG, $"{side} displacements: {displs?.Length ?? 0} given, {neighbors} neighbours");
        if (types is null || types.Length < neighbors)
            throw new MpiException(call, ERR_TYPE, $"{side}types: {types?.Length ?? 0} given, {neighbors} neighbours");
    }

    /// <summary>In-neighbour i's block into counts[i] elements at displs[i] (in extents of the receive type); MPI_PROC_NULL leaves it.</summary>
    private static void NeighborReceiveV<TR>(RankContext ctx, string call, Comm comm, (int Rank, int Tag)[] ins,
        TR[] recvbuf, int recvoffset, int[] counts, int[] displs, Datatype recvtype) where TR : unmanaged
    {
        var recv = Buffers.Data(call, recvbuf, recvoffset, SlotsExtent(call, counts, displs, ins.Length, "in-neighbours"), recvtype);
        int size = recvtype.Size;
        for (int i = 0; i < ins.Length; i++)
            NeighborReceive(ctx, call, comm, [ins[i]], recv.Bytes.Slice(displs[i] * size, counts[i] * size), counts[i] * size);
        recv.CommitSlots(counts, displs, ins.Length);
    }

    /// <summary>
    /// In- and out-neighbours in MPI's order, each with the tag its message travels with. In a Cartesian grid the
    /// order is (-1, +1) per dimension; a block sent upwards is tagged as such and received as the lower
    /// neighbour's, so where both neighbours are one rank (a periodic dimension of size 1 or 2) each block still
    /// pairs with its direction, as in Open MPI.
    /// </summary>
    private static ((int Rank, int Tag)[] In, (int Rank, int Tag)[] Out) Neighbors(string call, RankContext ctx, Comm comm)
    {
        CheckComm(call, comm);
        int rank = comm.RankIn(ctx);
        switch (comm.Topology)
        {
            case CartTopology cart:
            {
                var ins = new List<(int, int)>();
                var outs = new List<(int, int)>();
                var coords = cart.CoordsOf(rank);
                for (int d = 0; d < cart.NDims; d++)
                {
                    int c = coords[d];
                    coords[d] = c - 1;
                    int down = cart.RankOf(coords);
                    coords[d] = c + 1;
                    int up = cart.RankOf(coords);
                    coords[d] = c;
                    down = down < 0 ? PROC_NULL : down;
                    up = up < 0 ? PROC_NULL : up;
                    int upwards = NeighborTagBase + 2 * d + 1, downwards = NeighborTagBase + 2 * d;
                    ins.Add((down, upwards));  // what the lower neighbour sent up
                    ins.Add((up, downwards));
                    outs.Add((down, downwards));
                    outs.Add((up, upwards));
                }
                return (ins.ToArray(), outs.ToArray());
            }
            case GraphTopology graph:
            {
                var n = graph.NeighborsOf(rank).Select(r => (r, NeighborTagBase)).ToArray();
                return (n, n);
            }
            case DistGraphTopology dist:
                return (dist.Sources.Select(r => (r, NeighborTagBase)).ToArray(),
                        dist.Destinations.Select(r => (r, NeighborTagBase)).ToArray());
            default:
                throw new MpiException(call, ERR_TOPOLOGY, $"communicator {comm.Name} has no topology");
        }
    }

    private static void NeighborSend(RankContext ctx, Comm comm, int dest, int tag, byte[] data)
    {
        if (dest == PROC_NULL) return;
        var m = new cMPIMessage { Data = StampCollective(ctx, data), Source = comm.RankIn(ctx), Tag = tag, Context = comm.CollectiveContext };
        ctx.SendData(comm.ToWorld(ctx, dest), m);
    }

    private static void NeighborReceive(RankContext ctx, string call, Comm comm, (int Rank, int Tag)[] ins, Span<byte> recv, int block)
    {
        for (int i = 0; i < ins.Length; i++)
        {
            var (source, tag) = ins[i];
            if (source == PROC_NULL) continue; // the block is left as it was
            ctx.Wait.Set(call, comm, "source", source, false, 0);
            var m = ReceiveMessage(ctx, source, tag, comm.CollectiveContext);
            m = PayloadOf(ctx, comm, source, m);
            if (m.Data.Length != block)
                throw new MpiException(call, ERR_TRUNCATE, $"neighbour {source} sent {m.Data.Length} bytes, {block} expected");
            m.Data.CopyTo(recv.Slice(i * block, block));
        }
    }

    private static DistGraphTopology GetDistGraph(string call, Comm comm)
    {
        CheckComm(call, comm);
        return comm.Topology as DistGraphTopology
               ?? throw new MpiException(call, ERR_TOPOLOGY, $"communicator {comm.Name} has no distributed graph topology");
    }
}
