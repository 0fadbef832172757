/* MPI_Comm_get_parent in a job mpirun started: MPI_COMM_NULL, on every rank, whatever the call's place (before and
 * after other communicator calls); a program that spawns workers only when it has a parent runs as the parent.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, errs = 0, toterrs;
    MPI_Comm parent = MPI_COMM_WORLD, dup, again;

    MPI_Init(&argc, &argv);
    MPI_Comm_get_parent(&parent);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (parent != MPI_COMM_NULL) {
        errs++;
        printf("[%d] a job mpirun started has a parent\n", rank);
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_parent(&again);
    if (again != parent) {
        errs++;
        printf("[%d] the parent changed\n", rank);
    }
    MPI_Comm_free(&dup);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
