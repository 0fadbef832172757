/* MPI_IN_PLACE chosen at run time, `rank == root ? MPI_IN_PLACE : buf`, in statements and in an expression
 * whose error code is read, and a receive buffer that is NULL away from the root.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, errs = 0, toterrs, rc, sum, x;
    int *all, mine[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    x = rank + 1;
    MPI_Reduce(rank == 0 ? MPI_IN_PLACE : &x, &x, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && x != size * (size + 1) / 2) {
        errs++;
        printf("Reduce in place: got %d\n", x);
    }

    all = malloc(2 * size * sizeof(int));
    mine[0] = rank;
    mine[1] = -rank;
    all[2 * rank] = rank;
    all[2 * rank + 1] = -rank;
    rc = MPI_Gather(rank == 0 ? MPI_IN_PLACE : mine, 2, MPI_INT, rank == 0 ? all : NULL, 2, MPI_INT, 0,
                    MPI_COMM_WORLD);
    if (rc != MPI_SUCCESS)
        errs++;
    if (rank == 0)
        for (i = 0; i < size; i++)
            if (all[2 * i] != i || all[2 * i + 1] != -i) {
                errs++;
                printf("Gather in place: block %d is %d %d\n", i, all[2 * i], all[2 * i + 1]);
            }

    sum = rank;
    MPI_Allreduce((size > 1) ? MPI_IN_PLACE : &rank, &sum, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (sum != size - 1) {
        errs++;
        printf("[%d] Allreduce: got %d\n", rank, sum);
    }
    free(all);

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
