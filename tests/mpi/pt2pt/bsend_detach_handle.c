/* MPI_Buffer_detach into a `void *` the program only compares with the pointer it attached and frees through that
 * pointer (the `void *` stays an opaque handle in the port): the same address and size come back.
 * ranks: 1 2 3 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, errs = 0, all, packed, bytes, got[10], detached_size = -1;
    int data[10];
    void *detached;
    char *mine;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Pack_size(10, MPI_INT, MPI_COMM_WORLD, &packed);
    bytes = packed + MPI_BSEND_OVERHEAD;
    mine = malloc(bytes);
    MPI_Buffer_attach(mine, bytes);
    for (int i = 0; i < 10; i++) data[i] = rank * 100 + i;
    MPI_Bsend(data, 10, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
    MPI_Recv(got, 10, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (got[9] != (rank + size - 1) % size * 100 + 9) { errs++; printf("rank %d: got %d\n", rank, got[9]); }
    MPI_Buffer_detach(&detached, &detached_size);
    if (detached != (void *)mine || detached_size != bytes) {
        errs++; printf("rank %d: detached another pointer or %d bytes of %d\n", rank, detached_size, bytes);
    }
    free(mine);

    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
