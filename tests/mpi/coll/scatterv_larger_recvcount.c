/* Scatterv and Gatherv with receive counts above what the sender moves: every rank receives `length` elements while
 * the root sends each its share (PDP's quicksort), and a root gathering into slots larger than the blocks. Open MPI
 * 4.1 moves each block as a point-to-point message of the receiver's count, so the block's elements arrive and the
 * rest of the slot keeps its value; the port refused them (MPI_ERR_TRUNCATE at the root, MPI_ERR_COUNT elsewhere).
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int errs = 0;

static void check(int got, int want, const char *what, int rank, int i)
{
    if (got != want) {
        printf("rank %d: %s[%d] = %d, expected %d\n", rank, what, i, got, want);
        errs++;
    }
}

int main(int argc, char **argv)
{
    int rank, size, i, r, length = 20, toterrs;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *data = malloc(length * sizeof(int)), *local = malloc(length * sizeof(int));
    int *counts = malloc(size * sizeof(int)), *displs = malloc(size * sizeof(int));
    for (i = 0; i < length; i++) {
        data[i] = 100 + i;
        local[i] = -1;
    }
    for (i = 0; i < size; i++) {
        counts[i] = length / size + (i < length % size);
        displs[i] = i == 0 ? 0 : displs[i - 1] + counts[i - 1];
    }
    MPI_Scatterv(data, counts, displs, MPI_INT, local, length, MPI_INT, 0, MPI_COMM_WORLD);
    for (i = 0; i < length; i++)
        check(local[i], i < counts[rank] ? 100 + displs[rank] + i : -1, "scattered", rank, i);

    int *slots = malloc(size * 4 * sizeof(int)), *sizes = malloc(size * sizeof(int)), *at = malloc(size * sizeof(int));
    for (i = 0; i < size * 4; i++)
        slots[i] = -1;
    for (i = 0; i < size; i++) {
        sizes[i] = 4;
        at[i] = 4 * i;
    }
    int mine[3] = {10 * rank, 10 * rank + 1, 10 * rank + 2};
    MPI_Gatherv(mine, 1 + rank % 3, MPI_INT, slots, sizes, at, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (r = 0; r < size; r++)
            for (i = 0; i < 4; i++)
                check(slots[4 * r + i], i < 1 + r % 3 ? 10 * r + i : -1, "gathered", rank, 4 * r + i);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    free(data); free(local); free(counts); free(displs); free(slots); free(sizes); free(at);
    MPI_Finalize();
    return 0;
}
