/* Dist_graph_create_adjacent with its queries, and the neighbourhood collectives on a distributed graph
 * (a ring with a chord) and on a periodic 2-D grid, where small dimensions make both neighbours one rank.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXN 8

int main(int argc, char **argv)
{
    int rank, size, i, indeg, outdeg, weighted, toterrs, errs = 0;
    int srcs[3], dsts[3], wts[3], gsrcs[3], gdsts[3], gsw[3], gdw[3];
    int mine[3], got[2 * MAXN], sendblocks[3];
    int dims[2] = {0, 0}, periods[2] = {1, 1};
    MPI_Comm dg, grid;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* In from rank-1 and rank+2, out to rank+1 and rank-2 (mod size): consistent on every rank. */
    srcs[0] = (rank + size - 1) % size;
    srcs[1] = (rank + 2) % size;
    dsts[0] = (rank + 1) % size;
    dsts[1] = ((rank - 2) % size + size) % size;
    wts[0] = 5;
    wts[1] = 7;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, srcs, wts, 2, dsts, wts, MPI_INFO_NULL, 0, &dg);
    MPI_Dist_graph_neighbors_count(dg, &indeg, &outdeg, &weighted);
    if (indeg != 2 || outdeg != 2 || !weighted) { errs++; printf("counts %d %d %d\n", indeg, outdeg, weighted); }
    MPI_Dist_graph_neighbors(dg, 2, gsrcs, gsw, 2, gdsts, gdw);
    for (i = 0; i < 2; i++)
        if (gsrcs[i] != srcs[i] || gdsts[i] != dsts[i] || gsw[i] != wts[i] || gdw[i] != wts[i]) {
            errs++;
            printf("neighbour %d: %d %d %d %d\n", i, gsrcs[i], gdsts[i], gsw[i], gdw[i]);
        }

    mine[0] = rank * 10;
    MPI_Neighbor_allgather(mine, 1, MPI_INT, got, 1, MPI_INT, dg);
    if (got[0] != srcs[0] * 10 || got[1] != srcs[1] * 10) { errs++; printf("dist allgather %d %d\n", got[0], got[1]); }
    sendblocks[0] = 100 + rank;    /* to rank+1 */
    sendblocks[1] = 200 + rank;    /* to rank-2 */
    MPI_Neighbor_alltoall(sendblocks, 1, MPI_INT, got, 1, MPI_INT, dg);
    if (got[0] != 100 + srcs[0] || got[1] != 200 + srcs[1]) { errs++; printf("dist alltoall %d %d\n", got[0], got[1]); }

    /* A periodic grid: 4 neighbours per rank (-x, +x, -y, +y). */
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    for (i = 0; i < 4; i++) sendblocks[i % 3] = 0;
    mine[0] = rank;
    MPI_Neighbor_allgather(mine, 1, MPI_INT, got, 1, MPI_INT, grid);
    if (rank == 0) printf("grid %dx%d, rank 0's neighbours: %d %d %d %d\n", dims[0], dims[1], got[0], got[1], got[2], got[3]);
    for (i = 0; i < 4; i++) got[MAXN + i] = 1000 * rank + i;
    MPI_Neighbor_alltoall(&got[MAXN], 1, MPI_INT, got, 1, MPI_INT, grid);
    if (rank == 0) printf("rank 0 received: %d %d %d %d\n", got[0], got[1], got[2], got[3]);

    MPI_Comm_free(&grid);
    MPI_Comm_free(&dg);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
