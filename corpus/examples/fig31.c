/* The cloudMPI paper's Figure 3.1: rank 0 sends four integers to rank 1,
 * which prints them. */
#include <stdio.h>
#include <mpi.h>

#define COUNT 4
#define TAG 123

int main(int argc, char **argv)
{
    int rank, size, i;
    int buffer[COUNT];
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (size < 2) {
        printf("Please run with at least two ranks.\n");
        MPI_Finalize();
        return 1;
    }
    if (rank == 0) {
        for (i = 0; i < COUNT; i++)
            buffer[i] = i * 10 + 7;
        MPI_Send(buffer, COUNT, MPI_INT, 1, TAG, MPI_COMM_WORLD);
    } else if (rank == 1) {
        for (i = 0; i < COUNT; i++)
            buffer[i] = 0;
        MPI_Recv(buffer, COUNT, MPI_INT, 0, TAG, MPI_COMM_WORLD, &status);
        printf("Rank 1 received from rank %d with tag %d:", status.MPI_SOURCE, status.MPI_TAG);
        for (i = 0; i < COUNT; i++)
            printf(" %d", buffer[i]);
        printf("\n");
    }
    MPI_Finalize();
    return 0;
}
