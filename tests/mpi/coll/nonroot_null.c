/* Buffers MPI ignores at non-roots passed as NULL (Reduce's and Gather's recvbuf, Scatter's sendbuf),
 * and scalar contributions to Gatherv, Allgatherv and Scatterv.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, r, root, toterrs, x, got;
    double d, total;
    int all[MAXP], counts[MAXP], displs[MAXP];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    root = size / 2;

    d = rank + 1.0;
    if (rank == root) {
        MPI_Reduce(&d, &total, 1, MPI_DOUBLE, MPI_SUM, root, MPI_COMM_WORLD);
        if (total != size * (size + 1) / 2.0) {
            errs++;
            printf("[%d] Reduce: %g\n", rank, total);
        }
    } else {
        MPI_Reduce(&d, NULL, 1, MPI_DOUBLE, MPI_SUM, root, MPI_COMM_WORLD);
    }

    x = 3 * rank;
    if (rank == root) {
        MPI_Gather(&x, 1, MPI_INT, all, 1, MPI_INT, root, MPI_COMM_WORLD);
        for (r = 0; r < size; r++)
            if (all[r] != 3 * r) {
                errs++;
                printf("[%d] Gather: all[%d] = %d\n", rank, r, all[r]);
            }
    } else {
        MPI_Gather(&x, 1, MPI_INT, NULL, 1, MPI_INT, root, MPI_COMM_WORLD);
    }

    for (r = 0; r < size; r++) {
        all[r] = 5 * r;
        counts[r] = 1;
        displs[r] = size - 1 - r;
    }
    if (rank == root)
        MPI_Scatter(all, 1, MPI_INT, &got, 1, MPI_INT, root, MPI_COMM_WORLD);
    else
        MPI_Scatter(NULL, 1, MPI_INT, &got, 1, MPI_INT, root, MPI_COMM_WORLD);
    if (got != 5 * rank) {
        errs++;
        printf("[%d] Scatter: %d\n", rank, got);
    }

    /* Scalars into reversed slots, and back out of them. */
    MPI_Allgatherv(&x, 1, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);
    for (r = 0; r < size; r++)
        if (all[size - 1 - r] != 3 * r) {
            errs++;
            printf("[%d] Allgatherv: slot %d = %d\n", rank, size - 1 - r, all[size - 1 - r]);
        }
    MPI_Gatherv(&x, 1, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Scatterv(all, counts, displs, MPI_INT, &got, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (got != 3 * rank) {
        errs++;
        printf("[%d] Scatterv: %d\n", rank, got);
    }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
