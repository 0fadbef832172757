/* Buffers of one kind of number described by a datatype of another kind, as the ATPESC unintended-sync codes send
 * their `double` halos as 2 x COUNT MPI_INT: MPI moves count * size bytes from the buffer's address whatever its C
 * type, so the doubles arrive bit for bit. Here: double arrays sent and received as MPI_INT (blocking and
 * nonblocking), a double broadcast as two MPI_INT, ints gathered as MPI_FLOAT, and reductions whose datatype is
 * MPI_INT over double buffers (MPI_BAND of equal values, MPI_SUM of zeros but the root's: the root's bits).
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define N 5

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, i, next, prev;
    double *send, *recv, scalar, band_in[N], band_out[N], sum_in[N], sum_out[N];
    int numbers[3], *gathered;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    send = malloc(sizeof(double) * N);
    recv = malloc(sizeof(double) * N);
    for (i = 0; i < N; i++) {
        send[i] = rank * 100.25 + i / 3.0;
        recv[i] = -1.0;
    }
    /* a ring of doubles as twice as many ints */
    MPI_Irecv(recv, 2 * N, MPI_INT, prev, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(send, 2 * N, MPI_INT, next, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    for (i = 0; i < N; i++)
        if (recv[i] != prev * 100.25 + i / 3.0) {
            errs++;
            printf("rank %d: Irecv recv[%d] = %g\n", rank, i, recv[i]);
        }
    /* blocking, half the array: the other half keeps its value */
    for (i = 0; i < N; i++)
        recv[i] = -1.0;
    MPI_Sendrecv(send, 4, MPI_INT, next, 1, recv, 4, MPI_INT, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++)
        if (recv[i] != (i < 2 ? prev * 100.25 + i / 3.0 : -1.0)) {
            errs++;
            printf("rank %d: Sendrecv recv[%d] = %g\n", rank, i, recv[i]);
        }

    /* a double as two ints */
    scalar = rank == 0 ? 3.0625 : 0.0;
    MPI_Bcast(&scalar, 2, MPI_INT, 0, MPI_COMM_WORLD);
    if (scalar != 3.0625) {
        errs++;
        printf("rank %d: Bcast %g\n", rank, scalar);
    }

    /* ints as floats: their bits travel */
    for (i = 0; i < 3; i++)
        numbers[i] = rank * 1000 + i;
    gathered = malloc(sizeof(int) * 3 * size);
    MPI_Allgather(numbers, 3, MPI_FLOAT, gathered, 3, MPI_FLOAT, MPI_COMM_WORLD);
    for (i = 0; i < 3 * size; i++)
        if (gathered[i] != (i / 3) * 1000 + i % 3) {
            errs++;
            printf("rank %d: Allgather gathered[%d] = %d\n", rank, i, gathered[i]);
        }

    /* reductions over the doubles' bits as ints */
    for (i = 0; i < N; i++) {
        band_in[i] = 1.5 + i;
        sum_in[i] = rank == 0 ? -7.75 * i : 0.0;
    }
    MPI_Allreduce(band_in, band_out, 2 * N, MPI_INT, MPI_BAND, MPI_COMM_WORLD);
    MPI_Reduce(sum_in, sum_out, 2 * N, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    for (i = 0; i < N; i++) {
        if (band_out[i] != 1.5 + i) {
            errs++;
            printf("rank %d: MPI_BAND band_out[%d] = %g\n", rank, i, band_out[i]);
        }
        if (rank == 0 && sum_out[i] != -7.75 * i) {
            errs++;
            printf("rank %d: MPI_SUM sum_out[%d] = %g\n", rank, i, sum_out[i]);
        }
    }

    free(send);
    free(recv);
    free(gathered);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
