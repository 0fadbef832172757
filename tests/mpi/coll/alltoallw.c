/* MPI_Alltoallw: per-rank datatypes and byte displacements. Each rank sends one int to every rank
 * and receives the ints of even ranks as MPI_INT and those of odd ranks as 4 MPI_BYTEs.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, s, toterrs, expect;
    int sendbuf[MAXP], recvbuf[MAXP];
    int sendcounts[MAXP], sdispls[MAXP], recvcounts[MAXP], rdispls[MAXP];
    MPI_Datatype sendtypes[MAXP], recvtypes[MAXP];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (s = 0; s < size; s++) {
        sendbuf[s] = rank * 1000 + s;
        sendcounts[s] = 1;
        sdispls[s] = s * 4;
        sendtypes[s] = MPI_INT;
        recvbuf[s] = -1;
        /* Receive in reverse order of senders. */
        rdispls[s] = (size - 1 - s) * 4;
        if (s % 2 == 0) {
            recvcounts[s] = 1;
            recvtypes[s] = MPI_INT;
        } else {
            recvcounts[s] = 4;
            recvtypes[s] = MPI_BYTE;
        }
    }
    MPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, MPI_COMM_WORLD);
    for (s = 0; s < size; s++) {
        expect = s * 1000 + rank;
        if (recvbuf[size - 1 - s] != expect) {
            errs++;
            printf("[%d] Alltoallw: from %d got %d, expected %d\n", rank, s, recvbuf[size - 1 - s], expect);
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
