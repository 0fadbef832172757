/* MPI_Dist_graph_create with edges named by ranks other than their ends (the general, non-adjacent form), its
 * queries (Dist_graph_neighbors_count, Dist_graph_neighbors) and neighbour collectives over it, including
 * MPI_Neighbor_alltoallw with byte displacements and a datatype per neighbour. MPI leaves the order of a rank's
 * neighbours to the implementation, so lists are compared sorted and data is checked against the order
 * Dist_graph_neighbors reports.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define MAXN 64

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The graph every rank agrees on: s -> s+1 (named by rank 0 for every s), s -> 2s+1 (named by s itself), and
 * s -> s (named by the rank after s), all mod size; the weight of s -> d is 100*s + d. */
static int expected_in(int me, int size, int *src)
{
    int s, n = 0;
    for (s = 0; s < size; s++) {
        if ((s + 1) % size == me) src[n++] = s;
        if ((2 * s + 1) % size == me) src[n++] = s;
        if (s == me) src[n++] = s;
    }
    return n;
}

static int expected_out(int me, int size, int *dst)
{
    dst[0] = (me + 1) % size;
    dst[1] = (2 * me + 1) % size;
    dst[2] = me;
    return 3;
}

int main(int argc, char **argv)
{
    int rank, size, i, n = 0, errs = 0, toterrs;
    int sources[MAXN], degrees[MAXN], dests[MAXN], weights[MAXN];
    int indeg, outdeg, weighted, insrc[MAXN], inw[MAXN], outdst[MAXN], outw[MAXN], want[MAXN], got[MAXN], k;
    int sendbuf[MAXN], recvbuf[MAXN], scounts[MAXN], rcounts[MAXN];
    MPI_Aint sdispls[MAXN], rdispls[MAXN];
    MPI_Datatype stypes[MAXN], rtypes[MAXN];
    MPI_Comm graph;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Rank 0 names s -> s+1 for every s; each rank names its own s -> 2s+1 and the edge of the rank before it. */
    if (rank == 0) {
        for (i = 0; i < size; i++) {
            sources[n] = i; degrees[n] = 1; dests[n] = (i + 1) % size; weights[n] = 100 * i + dests[n]; n++;
        }
    }
    sources[n] = rank; degrees[n] = 1; dests[n] = (2 * rank + 1) % size; weights[n] = 100 * rank + dests[n]; n++;
    k = (rank + size - 1) % size;
    sources[n] = k; degrees[n] = 1; dests[n] = k; weights[n] = 100 * k + k; n++;
    MPI_Dist_graph_create(MPI_COMM_WORLD, n, sources, degrees, dests, weights, MPI_INFO_NULL, 0, &graph);

    MPI_Topo_test(graph, &k);
    if (k != MPI_DIST_GRAPH) { errs++; printf("Topo_test gives %d\n", k); }
    MPI_Dist_graph_neighbors_count(graph, &indeg, &outdeg, &weighted);
    k = expected_in(rank, size, want);
    if (indeg != k || outdeg != 3 || !weighted) {
        errs++;
        printf("rank %d: indegree %d (expected %d), outdegree %d, weighted %d\n", rank, indeg, k, outdeg, weighted);
    }
    MPI_Dist_graph_neighbors(graph, MAXN, insrc, inw, MAXN, outdst, outw);
    for (i = 0; i < indeg; i++) {
        got[i] = insrc[i];
        if (inw[i] != 100 * insrc[i] + rank) { errs++; printf("in-edge from %d has weight %d\n", insrc[i], inw[i]); }
    }
    qsort(got, indeg, sizeof(int), cmp_int);
    qsort(want, k, sizeof(int), cmp_int);
    for (i = 0; i < indeg && i < k; i++)
        if (got[i] != want[i]) { errs++; printf("rank %d: sorted in-neighbour %d is %d, expected %d\n", rank, i, got[i], want[i]); }
    expected_out(rank, size, want);
    for (i = 0; i < outdeg; i++) {
        got[i] = outdst[i];
        if (outw[i] != 100 * rank + outdst[i]) { errs++; printf("out-edge to %d has weight %d\n", outdst[i], outw[i]); }
    }
    qsort(got, outdeg, sizeof(int), cmp_int);
    qsort(want, 3, sizeof(int), cmp_int);
    for (i = 0; i < outdeg && i < 3; i++)
        if (got[i] != want[i]) { errs++; printf("rank %d: sorted out-neighbour %d is %d, expected %d\n", rank, i, got[i], want[i]); }

    /* Neighbor_alltoall: block i goes to out-neighbour i; block j comes from in-neighbour j. */
    for (i = 0; i < outdeg; i++) sendbuf[i] = 1000 * rank + outdst[i];
    for (i = 0; i < indeg; i++) recvbuf[i] = -1;
    MPI_Neighbor_alltoall(sendbuf, 1, MPI_INT, recvbuf, 1, MPI_INT, graph);
    for (i = 0; i < indeg; i++)
        if (recvbuf[i] != 1000 * insrc[i] + rank) { errs++; printf("alltoall: block %d is %d\n", i, recvbuf[i]); }

    /* Neighbor_alltoallw: to out-neighbour i, (d % 2) + 1 ints at a byte displacement; from in-neighbour j,
     * (me % 2) + 1 ints, stored back to front; the datatype per neighbour is MPI_INT or a contiguous pair. */
    {
        MPI_Datatype pair;
        int off = 0;
        MPI_Type_contiguous(2, MPI_INT, &pair);
        MPI_Type_commit(&pair);
        for (i = 0; i < outdeg; i++) {
            int cnt = outdst[i] % 2 + 1;
            sdispls[i] = (MPI_Aint)(off * sizeof(int));
            scounts[i] = 1; /* one pair or one int */
            stypes[i] = cnt == 2 ? pair : MPI_INT;
            for (k = 0; k < cnt; k++) sendbuf[off + k] = 10000 * rank + 10 * outdst[i] + k;
            off += cnt;
        }
        off = 0;
        for (i = indeg - 1; i >= 0; i--) {
            int cnt = rank % 2 + 1;
            rdispls[i] = (MPI_Aint)(off * sizeof(int));
            rcounts[i] = cnt;
            rtypes[i] = MPI_INT;
            off += cnt;
        }
        for (i = 0; i < off; i++) recvbuf[i] = -1;
        MPI_Neighbor_alltoallw(sendbuf, scounts, sdispls, stypes, recvbuf, rcounts, rdispls, rtypes, graph);
        for (i = 0; i < indeg; i++) {
            int at = (int)(rdispls[i] / sizeof(int));
            for (k = 0; k < rcounts[i]; k++)
                if (recvbuf[at + k] != 10000 * insrc[i] + 10 * rank + k) {
                    errs++;
                    printf("alltoallw: from %d element %d is %d\n", insrc[i], k, recvbuf[at + k]);
                }
        }
        MPI_Type_free(&pair);
    }

    MPI_Comm_free(&graph);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
