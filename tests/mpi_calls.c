/* Calls every MPI function the rules table maps, with each argument shape the
 * table promises (scalar address, array, element address, array + offset,
 * MPI_STATUS_IGNORE), so the translation must compile against CloudMpi. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, flag;
    int a[4] = {1, 2, 3, 4}, b[4];
    double x = 1.0, y;
    double t;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Initialized(&flag);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    t = MPI_Wtime() + MPI_Wtick();
    MPI_Send(a, 4, MPI_INT, rank, 1, MPI_COMM_WORLD);
    MPI_Recv(b, 4, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Ssend(&a[1], 2, MPI_INT, MPI_PROC_NULL, 2, MPI_COMM_WORLD);
    MPI_Sendrecv(&x, 1, MPI_DOUBLE, rank, 3, &y, 1, MPI_DOUBLE, rank, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(a + 1, 1, MPI_INT, rank, 4, b + 2, 1, MPI_INT, rank, 4, MPI_COMM_WORLD, &st);
    MPI_Bcast(&x, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Bcast(a, 4, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Reduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(a, b, 4, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(a, b, 4, MPI_INT, MPI_PROD, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == size)
        MPI_Abort(MPI_COMM_WORLD, 3);
    MPI_Finalize();
    MPI_Finalized(&flag);
    printf("ok %d %g %d\n", b[0], y, t > 0);
    return 0;
}
