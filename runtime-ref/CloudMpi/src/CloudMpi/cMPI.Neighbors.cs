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
        var send = Buffers.Array(call, sendbuf, sendoffset, sendcount, sendtype).ToArray();
        var recv = Buffers.Array(call, recvbuf, recvoffset, recvcount * ins.Length, recvtype);
        for (int i = 0; i < outs.Length; i++) NeighborSend(ctx, comm, outs[i].Rank, outs[i].Tag, send);
        NeighborReceive(ctx, call, comm, ins, recv, recvcount * recvtype.Size);
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
        var send = Buffers.Array(call, sendbuf, sendoffset, sendcount * outs.Length, sendtype);
        var recv = Buffers.Array(call, recvbuf, recvoffset, recvcount * ins.Length, recvtype);
        int block = sendcount * sendtype.Size;
        for (int i = 0; i < outs.Length; i++) NeighborSend(ctx, comm, outs[i].Rank, outs[i].Tag, send.Slice(i * block, block).ToArray());
        NeighborReceive(ctx, call, comm, ins, recv, recvcount * recvtype.Size);
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
        var send = Buffers.Array(call, sendbuf, sendoffset, sendcount, sendtype).ToArray();
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
        CheckArray(call, "sendcounts", sendcounts, outs.Length);
        CheckArray(call, "sdispls", sdispls, outs.Length);
        for (int i = 0; i < outs.Length; i++)
        {
            var block = Buffers.Array(call, sendbuf, checked(sendoffset + sdispls[i]), sendcounts[i], sendtype).ToArray();
            NeighborSend(ctx, comm, outs[i].Rank, outs[i].Tag, block);
        }
        NeighborReceiveV(ctx, call, comm, ins, recvbuf, recvoffset, recvcounts, rdispls, recvtype);
        return SUCCESS;
    }

    /// <summary>In-neighbour i's block into counts[i] elements at displs[i] (in elements of the receive type); MPI_PROC_NULL leaves it.</summary>
    private static void NeighborReceiveV<TR>(RankContext ctx, string call, Comm comm, (int Rank, int Tag)[] ins,
        TR[] recvbuf, int recvoffset, int[] counts, int[] displs, Datatype recvtype) where TR : unmanaged
    {
        CheckArray(call, "recvcounts", counts, ins.Length);
        CheckArray(call, "displs", displs, ins.Length);
        for (int i = 0; i < ins.Length; i++)
        {
            var slot = Buffers.Array(call, recvbuf, checked(recvoffset + displs[i]), counts[i], recvtype);
            NeighborReceive(ctx, call, comm, [ins[i]], slot, counts[i] * recvtype.Size);
        }
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
