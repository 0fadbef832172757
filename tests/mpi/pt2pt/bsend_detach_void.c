/* The usual buffered-send bracket: a buffer malloc'ed right in MPI_Buffer_attach's argument, and detached into
 * a `void *` that is then freed; detach gives back the address and size that were attached.
 * ranks: 1 2 3
 * transports: tcp */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, x, y, bytes, detached_size, errs = 0, toterrs;
    void *detached;
    char *mine;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    bytes = 4 * (sizeof(int) + MPI_BSEND_OVERHEAD);

    MPI_Buffer_attach(malloc(bytes), bytes);
    x = 100 + rank;
    MPI_Bsend(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
    MPI_Recv(&y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (y != 100 + (rank + size - 1) % size) { errs++; printf("rank %d: got %d\n", rank, y); }
    MPI_Buffer_detach(&detached, &detached_size);
    if (detached_size != bytes) { errs++; printf("rank %d: detached %d bytes of %d\n", rank, detached_size, bytes); }
    free(detached);

    /* attach a named buffer, detach into a void *: the same address comes back */
    mine = malloc(bytes);
    MPI_Buffer_attach(mine, bytes);
    MPI_Bsend(&x, 1, MPI_INT, rank, 1, MPI_COMM_WORLD);
    MPI_Recv(&y, 1, MPI_INT, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Buffer_detach(&detached, &detached_size);
    if (y != x || detached_size != bytes) { errs++; printf("rank %d: self send %d, %d bytes\n", rank, y, detached_size); }
    free(mine);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
