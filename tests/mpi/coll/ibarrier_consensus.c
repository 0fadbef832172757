/* MPI_Ibarrier as the nonblocking consensus needs it (NBX, Hoefler et al. 2010; graph500's aml_barrier): a rank
 * tests its barrier in a loop while it goes on receiving and answering the others' messages, and the others
 * start the barrier only once it answered. Each rank sends to the ranks above it, so the top rank has nothing to
 * send and starts its barrier first: its Test must not wait for the others to start theirs.
 * Part 1: synchronous sends (Issend) found by Iprobe. Part 2: graph500's active messages: persistent receives
 * (Recv_init, Start) polled by Testany, each message acknowledged at once by a blocking empty send whose tag the
 * sender subtracts from its count of unacknowledged messages. Part 3: two barriers in flight at once, completed
 * in the opposite order and by Waitany, beside a nonblocking and a blocking collective on the same communicator.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <mpi.h>

#define NRECV 3
#define M 4 /* ints per message */

static int errs = 0;
static int recvbuf[NRECV * M];
static MPI_Request rqrecv[NRECV];
static int unacked = 0;
static long received_sum = 0;
static int received_count = 0;

static void check(int rank, const char *what, long got, long want)
{
    if (got != want) {
        errs++;
        printf("[%d] %s: %ld, expected %ld\n", rank, what, got, want);
    }
}

/* one step of the active-message loop: a message is counted and acknowledged at once, an acknowledgement
 * (empty, tag 1) settles one message sent */
static void poll_messages(void)
{
    int flag, index, length, i;
    MPI_Status status;
    MPI_Testany(NRECV, rqrecv, &index, &flag, &status);
    if (flag) {
        MPI_Get_count(&status, MPI_INT, &length);
        unacked -= status.MPI_TAG;
        if (length > 0) {
            MPI_Send(NULL, 0, MPI_INT, status.MPI_SOURCE, 1, MPI_COMM_WORLD);
            for (i = 0; i < length; i++)
                received_sum += recvbuf[M * index + i];
            received_count++;
        }
        MPI_Start(rqrecv + index);
    }
}

int main(int argc, char **argv)
{
    int rank, size, i, dest, flag, done, index, toterrs;
    int payload[64][M];
    MPI_Request sends[64], barrier, two[2];
    long want_sum;
    int sum_in, sum_out;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* part 1: NBX. Rank r sends r * 100 + d to every rank d above it */
    for (dest = rank + 1; dest < size; dest++) {
        payload[dest][0] = rank * 100 + dest;
        MPI_Issend(&payload[dest][0], 1, MPI_INT, dest, 7, MPI_COMM_WORLD, &sends[dest - rank - 1]);
    }
    done = 0;
    flag = 0;
    {
        int started = 0, nsent = size - rank - 1, got = 0;
        long sum = 0;
        while (!done) {
            MPI_Status st;
            MPI_Iprobe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &flag, &st);
            if (flag) {
                int value;
                MPI_Recv(&value, 1, MPI_INT, st.MPI_SOURCE, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                check(rank, "nbx value from its source", value, st.MPI_SOURCE * 100 + rank);
                sum += value;
                got++;
            }
            if (!started) {
                MPI_Testall(nsent, sends, &flag, MPI_STATUSES_IGNORE);
                if (flag) {
                    MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
                    started = 1;
                }
            } else {
                MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
            }
        }
        check(rank, "nbx messages received", got, rank);
        check(rank, "nbx sum received", sum, 100L * rank * (rank - 1) / 2 + (long)rank * rank);
    }

    /* part 2: active messages acknowledged at once, as graph500's aml.c does inside its barrier */
    for (i = 0; i < NRECV; i++)
        MPI_Recv_init(recvbuf + M * i, M, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, rqrecv + i);
    for (i = 0; i < NRECV; i++)
        MPI_Start(rqrecv + i);
    for (dest = rank + 1; dest < size; dest++) {
        for (i = 0; i < M; i++)
            payload[dest][i] = rank + dest + i;
        /* tag 0: a message that carries no acknowledgement of its own */
        MPI_Isend(payload[dest], M, MPI_INT, dest, 0, MPI_COMM_WORLD, &sends[dest - rank - 1]);
        unacked++;
    }
    while (unacked != 0)
        poll_messages();
    MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
    done = 0;
    while (!done) {
        MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
        poll_messages();
    }
    MPI_Waitall(size - rank - 1, sends, MPI_STATUSES_IGNORE);
    want_sum = 0;
    for (i = 0; i < rank; i++)
        want_sum += (long)M * (i + rank) + M * (M - 1) / 2;
    check(rank, "active messages received", received_count, rank);
    check(rank, "active messages sum", received_sum, want_sum);
    MPI_Barrier(MPI_COMM_WORLD); /* nobody sends any more: the preposted receives can go */
    for (i = 0; i < NRECV; i++) {
        MPI_Status st;
        MPI_Cancel(rqrecv + i);
        MPI_Wait(rqrecv + i, &st);
        MPI_Test_cancelled(&st, &flag);
        check(rank, "preposted receive cancelled", flag, 1);
        MPI_Request_free(rqrecv + i);
    }

    /* part 3: two barriers in flight, a nonblocking and a blocking collective beside them */
    sum_in = rank + 1;
    MPI_Iallreduce(&sum_in, &sum_out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &sends[0]);
    MPI_Ibarrier(MPI_COMM_WORLD, &two[0]);
    MPI_Ibarrier(MPI_COMM_WORLD, &two[1]);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank % 2) {
        MPI_Wait(&two[1], MPI_STATUS_IGNORE);
        MPI_Wait(&two[0], MPI_STATUS_IGNORE);
    } else {
        MPI_Waitany(2, two, &index, MPI_STATUS_IGNORE);
        MPI_Waitany(2, two, &index, MPI_STATUS_IGNORE);
    }
    check(rank, "barriers null after their waits", two[0] == MPI_REQUEST_NULL && two[1] == MPI_REQUEST_NULL, 1);
    MPI_Wait(&sends[0], MPI_STATUS_IGNORE);
    check(rank, "iallreduce beside the barriers", sum_out, (long)size * (size + 1) / 2);
    done = 0;
    MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
    while (!done)
        MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);

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
