/* A token ring: rank 0 starts a token that every rank increments and passes
 * on; each rank reports who sent it the token and with which tag. */
#include <stdio.h>
#include <mpi.h>

#define ROUNDS 3

int main(int argc, char *argv[])
{
    int rank, size, token = 0, round;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int next = (rank + 1) % size;
    int prev = (rank + size - 1) % size;
    for (round = 0; round < ROUNDS; round++) {
        if (rank == 0) {
            token = token + 1;
            MPI_Send(&token, 1, MPI_INT, next, 100 + round, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        } else {
            MPI_Recv(&token, 1, MPI_INT, prev, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
            token = token + 1;
            MPI_Send(&token, 1, MPI_INT, next, status.MPI_TAG, MPI_COMM_WORLD);
        }
        printf("round %d: rank %d got token %d from rank %d (tag %d)\n",
               round, rank, token, status.MPI_SOURCE, status.MPI_TAG);
    }
    if (rank == 0)
        printf("final token %d after %d rounds on %d ranks\n", token, ROUNDS, size);
    MPI_Finalize();
    return 0;
}
