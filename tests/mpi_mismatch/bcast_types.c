/* Erroneous on purpose: rank 0 broadcasts ints that the other ranks receive as floats (same size, another type).
 * cmpi-run must fail with an error naming MPI_Bcast, both ranks and both types, never hand over the bits. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, i = 42;
    float f = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) MPI_Bcast(&i, 1, MPI_INT, 0, MPI_COMM_WORLD);
    else MPI_Bcast(&f, 1, MPI_FLOAT, 0, MPI_COMM_WORLD);
    printf("rank %d: %d %g\n", rank, i, f);
    MPI_Finalize();
    return 0;
}
