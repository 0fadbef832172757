/* A window over one scalar, MPI_Win_create(&x, ...): the window keeps x after the call returns, so x must be
 * memory the window reaches (a one-element array), not passed by `ref` (which cMPI.Win_create has no
 * overload for: CS7036). Each rank reads the next rank's x, then adds its rank into rank 0's.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, x, got = -1, expect, toterrs, errs = 0;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    x = 100 + rank;
    MPI_Win_create(&x, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    MPI_Get(&got, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (got != 100 + (rank + 1) % size) {
        printf("rank %d got %d from rank %d\n", rank, got, (rank + 1) % size);
        errs++;
    }
    MPI_Accumulate(&rank, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    expect = 100 + size * (size - 1) / 2;
    if (rank == 0 && x != expect) {
        printf("rank 0's x is %d, expected %d\n", x, expect);
        errs++;
    }
    MPI_Win_free(&win);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
