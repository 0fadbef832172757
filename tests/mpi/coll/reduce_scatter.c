/* MPI_Reduce_scatter with a different count per rank, MPI_Reduce_scatter_block, and both in place.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8
#define MAXN 32

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, r, toterrs, total, start, expect;
    int counts[MAXP];
    int sendbuf[MAXN], recvbuf[MAXN];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Rank k receives k % 3 + 1 elements; element j of the full vector is sum over r of (r * 100 + j). */
    total = 0;
    start = 0;
    for (r = 0; r < size; r++) {
        counts[r] = r % 3 + 1;
        if (r < rank)
            start += counts[r];
        total += counts[r];
    }
    for (i = 0; i < total; i++)
        sendbuf[i] = rank * 100 + i;
    for (i = 0; i < MAXN; i++)
        recvbuf[i] = -1;
    MPI_Reduce_scatter(sendbuf, recvbuf, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < counts[rank]; i++) {
        expect = 100 * size * (size - 1) / 2 + size * (start + i);
        if (recvbuf[i] != expect) {
            errs++;
            printf("[%d] Reduce_scatter: recvbuf[%d] = %d, expected %d\n", rank, i, recvbuf[i], expect);
        }
    }
    if (recvbuf[counts[rank]] != -1) {
        errs++;
        printf("[%d] Reduce_scatter wrote past its block\n", rank);
    }

    /* In place: the input is the whole of recvbuf; the result block lands at its start. */
    for (i = 0; i < total; i++)
        recvbuf[i] = rank + i;
    MPI_Reduce_scatter(MPI_IN_PLACE, recvbuf, counts, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    for (i = 0; i < counts[rank]; i++) {
        expect = size - 1 + start + i;
        if (recvbuf[i] != expect) {
            errs++;
            printf("[%d] Reduce_scatter in place: recvbuf[%d] = %d, expected %d\n", rank, i, recvbuf[i], expect);
        }
    }

    for (i = 0; i < 2 * size; i++)
        sendbuf[i] = (rank + 1) * (i + 1);
    MPI_Reduce_scatter_block(sendbuf, recvbuf, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < 2; i++) {
        expect = size * (size + 1) / 2 * (2 * rank + i + 1);
        if (recvbuf[i] != expect) {
            errs++;
            printf("[%d] Reduce_scatter_block: recvbuf[%d] = %d, expected %d\n", rank, i, recvbuf[i], expect);
        }
    }

    for (i = 0; i < 2 * size; i++)
        recvbuf[i] = rank - i;
    MPI_Reduce_scatter_block(MPI_IN_PLACE, recvbuf, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    for (i = 0; i < 2; i++) {
        expect = -(2 * rank + i);
        if (recvbuf[i] != expect) {
            errs++;
            printf("[%d] Reduce_scatter_block in place: recvbuf[%d] = %d, expected %d\n", rank, i, recvbuf[i], expect);
        }
    }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
