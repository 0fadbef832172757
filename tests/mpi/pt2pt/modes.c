/* Buffered and ready sends: Buffer_attach/detach, Bsend, Ibsend, Rsend and Irsend to a posted receive.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define N 8
#define BUFSIZE (4 * (N * 4 + MPI_BSEND_OVERHEAD))

static char attach[BUFSIZE];

int main(int argc, char **argv)
{
    int rank, size, next, prev, i, size_back, toterrs, errs = 0;
    int out[N], in[N], x, y;
    char *detached;
    MPI_Request req, rreq;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    MPI_Buffer_attach(attach, BUFSIZE);
    for (i = 0; i < N; i++) out[i] = rank * N + i;
    MPI_Bsend(out, N, MPI_INT, next, 1, MPI_COMM_WORLD);
    MPI_Recv(in, N, MPI_INT, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++)
        if (in[i] != prev * N + i) { errs++; printf("Bsend: in[%d] = %d\n", i, in[i]); }
    x = rank;
    MPI_Ibsend(&x, 1, MPI_INT, next, 2, MPI_COMM_WORLD, &req);
    MPI_Recv(&y, 1, MPI_INT, prev, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (y != prev) { errs++; printf("Ibsend: got %d\n", y); }
    MPI_Buffer_detach(&detached, &size_back);
    if (size_back != BUFSIZE || detached != attach) { errs++; printf("Buffer_detach gave size %d\n", size_back); }

    /* Ready sends: the receive is posted before the barrier, the send after it. */
    MPI_Irecv(in, N, MPI_INT, prev, 3, MPI_COMM_WORLD, &rreq);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Rsend(out, N, MPI_INT, next, 3, MPI_COMM_WORLD);
    MPI_Wait(&rreq, MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++)
        if (in[i] != prev * N + i) { errs++; printf("Rsend: in[%d] = %d\n", i, in[i]); }
    MPI_Irecv(in, 1, MPI_INT, prev, 4, MPI_COMM_WORLD, &rreq);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Irsend(out, 1, MPI_INT, next, 4, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Wait(&rreq, MPI_STATUS_IGNORE);
    if (in[0] != prev * N) { errs++; printf("Irsend: got %d\n", in[0]); }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
