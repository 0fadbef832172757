/* MPI_Alltoallv with a different count to each rank and gaps in the receive buffer, and MPI_Alltoall
 * in place.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8
#define MAXN 64

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, k, d, s, toterrs, expect;
    int sendcounts[MAXP], sdispls[MAXP], recvcounts[MAXP], rdispls[MAXP];
    int sendbuf[MAXN], recvbuf[MAXN], block[MAXP];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Rank r sends d + 1 copies of r * 100 + d to rank d; rank d keeps a one-element gap after each block. */
    k = 0;
    for (d = 0; d < size; d++) {
        sendcounts[d] = d + 1;
        sdispls[d] = k;
        for (i = 0; i <= d; i++)
            sendbuf[k++] = rank * 100 + d;
    }
    for (s = 0; s < size; s++) {
        recvcounts[s] = rank + 1;
        rdispls[s] = s * (rank + 2);
    }
    for (i = 0; i < MAXN; i++)
        recvbuf[i] = -1;
    MPI_Alltoallv(sendbuf, sendcounts, sdispls, MPI_INT, recvbuf, recvcounts, rdispls, MPI_INT, MPI_COMM_WORLD);
    for (s = 0; s < size; s++) {
        for (i = 0; i <= rank; i++) {
            expect = s * 100 + rank;
            if (recvbuf[rdispls[s] + i] != expect) {
                errs++;
                printf("[%d] Alltoallv: from %d element %d = %d, expected %d\n", rank, s, i, recvbuf[rdispls[s] + i], expect);
            }
        }
        if (recvbuf[rdispls[s] + rank + 1] != -1) {
            errs++;
            printf("[%d] Alltoallv wrote into the gap after block %d\n", rank, s);
        }
    }

    for (d = 0; d < size; d++)
        block[d] = rank * 10 + d;
    MPI_Alltoall(MPI_IN_PLACE, 0, MPI_INT, block, 1, MPI_INT, MPI_COMM_WORLD);
    for (s = 0; s < size; s++) {
        expect = s * 10 + rank;
        if (block[s] != expect) {
            errs++;
            printf("[%d] Alltoall in place: block[%d] = %d, expected %d\n", rank, s, block[s], expect);
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
