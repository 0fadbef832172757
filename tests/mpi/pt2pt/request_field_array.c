/* Requests kept in a struct's array field (CSC's heat equation: `MPI_Request requests[4];` in its parallel_data,
 * filled by `&parallel->requests[i]` and completed by `MPI_Waitall(4, &parallel->requests[0], ...)`): the field
 * given to Waitall, Testall, Waitany and Waitsome as `&p->reqs[0]`, `p->reqs` and `&s.reqs[2]`, statuses in a field
 * too, in main and through a `halo *` parameter. The port's C# did not compile (an inline array where Request[] is taken, CS1503).
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <mpi.h>

typedef struct {
    int up, down;
    MPI_Request reqs[4];
    MPI_Status stats[4];
} halo;

static void post(halo *h, int *send, int *recv)
{
    MPI_Irecv(&recv[0], 1, MPI_INT, h->up, 1, MPI_COMM_WORLD, &h->reqs[0]);
    MPI_Irecv(&recv[1], 1, MPI_INT, h->down, 2, MPI_COMM_WORLD, &h->reqs[1]);
    MPI_Isend(&send[0], 1, MPI_INT, h->down, 1, MPI_COMM_WORLD, &h->reqs[2]);
    MPI_Isend(&send[1], 1, MPI_INT, h->up, 2, MPI_COMM_WORLD, &h->reqs[3]);
}

/* completed through the struct's pointer parameter, as the heat code's exchange_finalize does */
static void finish(halo *h)
{
    MPI_Waitall(4, &h->reqs[0], MPI_STATUSES_IGNORE);
}

static void finish_testing(halo *h, int *flag)
{
    MPI_Testall(4, h->reqs, flag, h->stats);
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, send[2], recv[2], flag = 0, index, count, done[4], round, i;
    halo h;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    h.up = (rank + size - 1) % size;
    h.down = (rank + 1) % size;

    for (round = 0; round < 6; round++) {
        send[0] = 100 * rank + round;
        send[1] = -100 * rank - round;
        recv[0] = recv[1] = -1;
        post(&h, send, recv);
        if (round == 0) {
            MPI_Waitall(4, &h.reqs[0], MPI_STATUSES_IGNORE);
        } else if (round == 1) {
            halo *p = &h;
            MPI_Waitall(4, p->reqs, p->stats);
            if (p->stats[0].MPI_SOURCE != h.up || p->stats[1].MPI_TAG != 2) {
                errs++;
                printf("rank %d: statuses %d %d\n", rank, p->stats[0].MPI_SOURCE, p->stats[1].MPI_TAG);
            }
        } else if (round == 2) {
            while (!flag)
                MPI_Testall(4, h.reqs, &flag, MPI_STATUSES_IGNORE);
        } else if (round == 4) {
            finish(&h);
        } else if (round == 5) {
            flag = 0;
            while (!flag)
                finish_testing(&h, &flag);
        } else {
            MPI_Waitany(2, &h.reqs[2], &index, MPI_STATUS_IGNORE);
            MPI_Waitsome(4, h.reqs, &count, done, MPI_STATUSES_IGNORE);
            MPI_Waitall(4, &(&h)->reqs[0], MPI_STATUSES_IGNORE);
        }
        if (recv[0] != 100 * h.up + round || recv[1] != -100 * h.down - round) {
            errs++;
            printf("rank %d round %d: received %d %d\n", rank, round, recv[0], recv[1]);
        }
        for (i = 0; i < 4; i++)
            if (h.reqs[i] != MPI_REQUEST_NULL) {
                errs++;
                printf("rank %d round %d: request %d not null\n", rank, round, i);
            }
    }

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
