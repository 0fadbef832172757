/* Neighbor_allgatherv and Neighbor_alltoallv with counts and displacements that differ per neighbour, on a
 * periodic 1-D grid (where 1 or 2 ranks make both neighbours one rank) and on a distributed graph (a ring).
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

static int errs = 0;

static void expect(const char *what, int got, int want)
{
    if (got != want) { errs++; printf("%s: %d, expected %d\n", what, got, want); }
}

int main(int argc, char **argv)
{
    int rank, size, i, left, right, toterrs, dims[1], periods[1] = {1};
    int mine[3], in[16], counts[2], displs[2], scounts[2], sdispls[2], out[8];
    int srcs[1], dsts[1];
    MPI_Comm ring, graph;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    dims[0] = size;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Cart_shift(ring, 0, 1, &left, &right);

    /* allgatherv: rank r sends r % 3 + 1 ints; neighbours (left, right) land at 10 and 2 */
    for (i = 0; i < 3; i++) mine[i] = 100 * rank + i;
    for (i = 0; i < 16; i++) in[i] = -1;
    counts[0] = left % 3 + 1;  displs[0] = 10;
    counts[1] = right % 3 + 1; displs[1] = 2;
    MPI_Neighbor_allgatherv(mine, rank % 3 + 1, MPI_INT, in, counts, displs, MPI_INT, ring);
    for (i = 0; i < counts[0]; i++) expect("allgatherv from the left", in[10 + i], 100 * left + i);
    for (i = 0; i < counts[1]; i++) expect("allgatherv from the right", in[2 + i], 100 * right + i);
    expect("allgatherv leaves gaps", in[0], -1);

    /* alltoallv: 1 int to the left (from out[5]), 2 ints to the right (from out[0]) */
    for (i = 0; i < 8; i++) out[i] = 1000 * rank + i;
    for (i = 0; i < 16; i++) in[i] = -1;
    scounts[0] = 1; sdispls[0] = 5;
    scounts[1] = 2; sdispls[1] = 0;
    counts[0] = 2; displs[0] = 3;   /* the left neighbour sent 2 to its right */
    counts[1] = 1; displs[1] = 0;   /* the right neighbour sent 1 to its left */
    MPI_Neighbor_alltoallv(out, scounts, sdispls, MPI_INT, in, counts, displs, MPI_INT, ring);
    expect("alltoallv from the left [0]", in[3], 1000 * left);
    expect("alltoallv from the left [1]", in[4], 1000 * left + 1);
    expect("alltoallv from the right", in[0], 1000 * right + 5);

    /* the same on a distributed graph: a ring to the right */
    srcs[0] = (rank + size - 1) % size;
    dsts[0] = (rank + 1) % size;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, srcs, MPI_UNWEIGHTED, 1, dsts, MPI_UNWEIGHTED,
                                   MPI_INFO_NULL, 0, &graph);
    for (i = 0; i < 16; i++) in[i] = -1;
    counts[0] = srcs[0] % 3 + 1; displs[0] = 1;
    MPI_Neighbor_allgatherv(mine, rank % 3 + 1, MPI_INT, in, counts, displs, MPI_INT, graph);
    for (i = 0; i < counts[0]; i++) expect("graph allgatherv", in[1 + i], 100 * srcs[0] + i);
    scounts[0] = 3; sdispls[0] = 4;
    counts[0] = 3; displs[0] = 6;
    MPI_Neighbor_alltoallv(out, scounts, sdispls, MPI_INT, in, counts, displs, MPI_INT, graph);
    for (i = 0; i < 3; i++) expect("graph alltoallv", in[6 + i], 1000 * srcs[0] + 4 + i);

    MPI_Comm_free(&graph);
    MPI_Comm_free(&ring);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
