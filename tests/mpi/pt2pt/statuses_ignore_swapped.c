/* MPI_STATUSES_IGNORE passed where one status goes, and MPI_STATUS_IGNORE where an array of statuses goes:
 * both are MPI_Status * in C, and real codes mix them up; MPI ignores the status either way.
 * ranks: 2 4 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, right, left, in = -1, in2 = -1, errs = 0, toterrs;
    MPI_Request reqs[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    MPI_Sendrecv(&rank, 1, MPI_INT, right, 0, &in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUSES_IGNORE);
    if (in != left) errs++;
    MPI_Irecv(&in2, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(&rank, 1, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Wait(&reqs[1], MPI_STATUSES_IGNORE);
    MPI_Waitall(1, reqs, MPI_STATUS_IGNORE);
    if (in2 != left) errs++;
    printf("rank %d got %d and %d\n", rank, in, in2);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0) printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
