/* Erroneous on purpose: each rank names itself the root of MPI_Reduce, so every rank waits for the others.
 * cmpi-run must end the job at once with an error naming the call, the ranks and the roots (never wait for the
 * deadlock timeout). */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, x, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    x = rank;
    MPI_Reduce(&x, &sum, 1, MPI_INT, MPI_SUM, rank, MPI_COMM_WORLD);
    printf("rank %d: sum %d\n", rank, sum);
    MPI_Finalize();
    return 0;
}
