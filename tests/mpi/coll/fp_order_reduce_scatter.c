/* Reduce_scatter_block and Reduce_scatter on doubles whose sums depend on the grouping: each rank prints its
 * block with all 17 digits, so a port must sum each block in Open MPI's tree (recursive doubling, butterfly,
 * recursive halving or ring, chosen by communicator size and message size) to print the same.
 * ranks: 1 2 3 4 5 7 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

/* Magnitudes far apart, so every grouping rounds differently. */
static double value(int rank, int i)
{
    return 1.0 / (3.0 + rank + i % 5) * ((rank + i) % 3 == 0 ? 1e16 : 1.0) + 0.1 * rank + 1e-3 * i;
}

static void show(const char *what, const double *r, int n)
{
    int i;
    printf("%s:", what);
    for (i = 0; i < n; i++) printf(" %.17g", r[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    /* 1, 4 and 40 doubles per rank: Open MPI picks different algorithms for 8, 32 and 320 bytes */
    static const int per[] = {1, 4, 40};
    int rank, size, k, i, total;
    int *counts;
    double *s, *r;
    char what[64];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    s = malloc(sizeof(double) * 40 * size * 2);
    r = malloc(sizeof(double) * 40 * size * 2);
    counts = malloc(sizeof(int) * size);

    for (k = 0; k < 3; k++) {
        for (i = 0; i < per[k] * size; i++) s[i] = value(rank, i);
        MPI_Reduce_scatter_block(s, r, per[k], MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        sprintf(what, "block %d", per[k]);
        show(what, r, per[k]);
    }
    /* Uneven counts: rank j gets j % 3 + 1 doubles, and 30 more in the second round. */
    for (k = 0; k < 2; k++) {
        total = 0;
        for (i = 0; i < size; i++) { counts[i] = i % 3 + 1 + 30 * k; total += counts[i]; }
        for (i = 0; i < total; i++) s[i] = value(rank, i);
        MPI_Reduce_scatter(s, r, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        sprintf(what, "vector %d", k);
        show(what, r, counts[rank]);
    }
    /* In place: the input is the whole receive buffer. */
    for (i = 0; i < 4 * size; i++) r[i] = value(rank, i + 7);
    MPI_Reduce_scatter_block(MPI_IN_PLACE, r, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    show("in place", r, 4);

    free(s);
    free(r);
    free(counts);
    if (rank == 0) printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
