/* Persistent requests: Send_init, Recv_init, Start, Startall, Wait, Waitall over several rounds; the request
 * stays allocated between rounds; Request_free at the end.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define N 4
#define ROUNDS 5

int main(int argc, char **argv)
{
    int rank, size, next, prev, round, i, count, toterrs, errs = 0;
    int out[N], in[N];
    MPI_Request reqs[2];
    MPI_Status st[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    MPI_Recv_init(in, N, MPI_INT, prev, 7, MPI_COMM_WORLD, &reqs[0]);
    MPI_Send_init(out, N, MPI_INT, next, 7, MPI_COMM_WORLD, &reqs[1]);
    for (round = 0; round < ROUNDS; round++) {
        for (i = 0; i < N; i++) out[i] = round * 1000 + rank * 10 + i;
        if (round % 2 == 0) {
            MPI_Startall(2, reqs);
            MPI_Waitall(2, reqs, st);
        } else {
            MPI_Start(&reqs[0]);
            MPI_Start(&reqs[1]);
            MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
            MPI_Wait(&reqs[0], &st[0]);
        }
        if (reqs[0] == MPI_REQUEST_NULL || reqs[1] == MPI_REQUEST_NULL) { errs++; printf("round %d: a persistent request became null\n", round); }
        for (i = 0; i < N; i++)
            if (in[i] != round * 1000 + prev * 10 + i) { errs++; printf("round %d: in[%d] = %d\n", round, i, in[i]); }
        MPI_Get_count(&st[0], MPI_INT, &count);
        if (st[0].MPI_SOURCE != prev || st[0].MPI_TAG != 7 || count != N) {
            errs++;
            printf("round %d: status %d %d %d\n", round, st[0].MPI_SOURCE, st[0].MPI_TAG, count);
        }
    }
    /* An inactive persistent request completes at once with an empty status. */
    MPI_Wait(&reqs[0], &st[0]);
    if (st[0].MPI_SOURCE != MPI_ANY_SOURCE || st[0].MPI_TAG != MPI_ANY_TAG) {
        errs++;
        printf("inactive wait: status %d %d\n", st[0].MPI_SOURCE, st[0].MPI_TAG);
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    if (reqs[0] != MPI_REQUEST_NULL) { errs++; printf("Request_free does not set MPI_REQUEST_NULL\n"); }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
