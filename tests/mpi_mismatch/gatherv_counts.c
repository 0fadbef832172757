/* Erroneous: rank 1 sends three ints to MPI_Gatherv, but the root's recvcounts leave room for two from it.
 * MPI says the receive is truncated (MPI_ERR_TRUNCATE); the port must fail saying so, never cut the data. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, send[3], recv[64], counts[32], displs[32];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < 3; i++) send[i] = 10 * rank + i;
    for (i = 0; i < size; i++) { counts[i] = 2; displs[i] = 2 * i; }
    MPI_Gatherv(send, rank == 1 ? 3 : 2, MPI_INT, recv, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("gathered %d %d %d\n", recv[0], recv[2], recv[3]);
    MPI_Finalize();
    return 0;
}
