/* MPI_Wtime's origin as Open MPI 4.1 takes it on Linux: a process's first call, which returns exactly 0.0 (before
 * MPI_Init as after), so a program that prints its first MPI_Wtime() prints 0.000000; later calls count from it.
 * The port returned the time since the runtime loaded (0.06 s on a first call). */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, errs = 0, toterrs;
    double before = MPI_Wtime(), first, later;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    first = MPI_Wtime();
    later = MPI_Wtime();
    if (before != 0.0)
        errs++;
    if (first < before || later < first || later > 60.0)
        errs++;
    if (MPI_Wtick() <= 0.0 || MPI_Wtick() > 1e-3)
        errs++;
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("first MPI_Wtime: %.6f\n", before);
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
