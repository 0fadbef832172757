/* MPI_Graph_create on a ring with chords, and its queries: Topo_test, Graphdims_get, Graph_get,
 * Graph_neighbors_count, Graph_neighbors; a message to every neighbour.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXN 8

int main(int argc, char **argv)
{
    int rank, size, i, j, k, n, topo, nnodes, nedges, nn, toterrs, errs = 0;
    int index[MAXN], edges[3 * MAXN], gindex[MAXN], gedges[3 * MAXN], nbrs[3];
    int got[3];
    MPI_Comm g;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Node i: i+1, i-1 (mod size), and i+size/2 when that is yet another node. */
    k = 0;
    for (i = 0; i < size; i++) {
        edges[k++] = (i + 1) % size;
        edges[k++] = (i + size - 1) % size;
        edges[k++] = (i + size / 2) % size;
        index[i] = k;
    }
    MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &g);

    MPI_Topo_test(g, &topo);
    if (topo != MPI_GRAPH) { errs++; printf("Topo_test = %d\n", topo); }
    MPI_Graphdims_get(g, &nnodes, &nedges);
    if (nnodes != size || nedges != 3 * size) { errs++; printf("Graphdims_get = %d %d\n", nnodes, nedges); }
    MPI_Graph_get(g, MAXN, 3 * MAXN, gindex, gedges);
    for (i = 0; i < size; i++)
        if (gindex[i] != index[i]) { errs++; printf("index[%d] = %d\n", i, gindex[i]); }
    for (i = 0; i < 3 * size; i++)
        if (gedges[i] != edges[i]) { errs++; printf("edges[%d] = %d\n", i, gedges[i]); }

    for (i = 0; i < size; i++) {
        MPI_Graph_neighbors_count(g, i, &nn);
        if (nn != 3) { errs++; printf("node %d has %d neighbours\n", i, nn); }
    }
    MPI_Graph_neighbors(g, rank, 3, nbrs);
    for (j = 0; j < 3; j++)
        if (nbrs[j] != edges[3 * rank + j]) { errs++; printf("neighbour %d of %d = %d\n", j, rank, nbrs[j]); }

    /* Each node sends its rank to each neighbour; the edges are symmetric as a multiset except the chord,
     * so receive from whoever lists me: i+1, i-1 and i - size/2. */
    n = rank;
    for (j = 0; j < 3; j++) MPI_Send(&n, 1, MPI_INT, nbrs[j], j, g);
    MPI_Recv(&got[0], 1, MPI_INT, (rank + size - 1) % size, 0, g, MPI_STATUS_IGNORE);
    MPI_Recv(&got[1], 1, MPI_INT, (rank + 1) % size, 1, g, MPI_STATUS_IGNORE);
    MPI_Recv(&got[2], 1, MPI_INT, (rank - size / 2 + size) % size, 2, g, MPI_STATUS_IGNORE);
    if (got[0] != (rank + size - 1) % size || got[1] != (rank + 1) % size || got[2] != (rank - size / 2 + size) % size) {
        errs++;
        printf("rank %d got %d %d %d\n", rank, got[0], got[1], got[2]);
    }

    MPI_Comm_free(&g);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
