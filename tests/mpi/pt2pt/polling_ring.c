/* Ranks that poll instead of waiting (graph500's active messages, progress loops): a token goes round the ring
 * `rounds` times, and each rank waits for it by polling alone, never by a blocking call. Part 1: MPI_Iprobe until
 * it is there, then the receive. Part 2: a posted MPI_Irecv tested by MPI_Test, the ring the other way. Part 3:
 * receives from both neighbours tested by MPI_Testany, and MPI_Testall on the pair. With more ranks than cores
 * every hop needs the polling rank to let the rank that holds the token run (tests/test_polling.py times it at
 * 8 ranks; the port's ranks yield after a few checks that found nothing, as Open MPI's do when oversubscribed).
 * ranks: 1 2 4 7
 * args: 50 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int errs = 0;
static long polls = 0; /* checks that found nothing: not printed (they differ from run to run) */

static void check(int rank, const char *what, long got, long want)
{
    if (got != want) {
        errs++;
        printf("[%d] %s: %ld, expected %ld\n", rank, what, got, want);
    }
}

/* Part 1: poll MPI_Iprobe until a message from `source` is there, then receive it. */
static long probe_then_receive(int source, int tag)
{
    int flag = 0;
    long token;
    MPI_Status st;
    while (!flag) {
        MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &st);
        if (!flag)
            polls++;
    }
    MPI_Recv(&token, 1, MPI_LONG, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return token;
}

/* Part 2: a posted receive tested until it completes. */
static long test_receive(int source, int tag)
{
    long token = -1;
    int flag = 0;
    MPI_Request req;
    MPI_Irecv(&token, 1, MPI_LONG, source, tag, MPI_COMM_WORLD, &req);
    while (!flag) {
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        if (!flag)
            polls++;
    }
    return token;
}

int main(int argc, char **argv)
{
    int rank, size, round, rounds = argc > 1 ? atoi(argv[1]) : 50;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    for (round = 0; round < rounds; round++) {
        long token;
        /* part 1: the token goes right, each rank adds its rank + 1 */
        if (rank == 0) {
            token = round;
            MPI_Send(&token, 1, MPI_LONG, right, 1, MPI_COMM_WORLD);
            token = probe_then_receive(left, 1);
            check(rank, "part 1 token", token, round + (long)size * (size + 1) / 2 - 1);
        } else {
            token = probe_then_receive(left, 1);
            token += rank + 1;
            MPI_Send(&token, 1, MPI_LONG, right, 1, MPI_COMM_WORLD);
        }
        /* part 2: the token goes left, each rank doubles it modulo 1000003 */
        if (rank == 0) {
            token = round + 1;
            MPI_Send(&token, 1, MPI_LONG, left, 2, MPI_COMM_WORLD);
            token = test_receive(right, 2);
            long want = round + 1;
            for (int k = 1; k < size; k++)
                want = want * 2 % 1000003;
            check(rank, "part 2 token", token, want);
        } else {
            token = test_receive(right, 2);
            token = token * 2 % 1000003;
            MPI_Send(&token, 1, MPI_LONG, left, 2, MPI_COMM_WORLD);
        }
        /* part 3: rank 0 sends to both neighbours, every other rank passes what it gets on away from rank 0;
         * each rank tests its two receives with Testany until both completed (Testall then says so too) */
        {
            long from[2] = {-1, -1}, value;
            MPI_Request reqs[2];
            int done = 0, index, flag, all = 0;
            MPI_Irecv(&from[0], 1, MPI_LONG, left, 3, MPI_COMM_WORLD, &reqs[0]);
            MPI_Irecv(&from[1], 1, MPI_LONG, right, 4, MPI_COMM_WORLD, &reqs[1]);
            if (rank == 0) {
                value = 1000 + round;
                MPI_Send(&value, 1, MPI_LONG, right, 3, MPI_COMM_WORLD);
                MPI_Send(&value, 1, MPI_LONG, left, 4, MPI_COMM_WORLD);
            }
            while (done < 2) {
                MPI_Testany(2, reqs, &index, &flag, MPI_STATUS_IGNORE);
                if (!flag) {
                    polls++;
                    continue;
                }
                done++;
                /* a message from the left goes on to the right, and the other way, until it reaches rank 0 */
                if (rank != 0 && index == 0)
                    MPI_Send(&from[0], 1, MPI_LONG, right, 3, MPI_COMM_WORLD);
                if (rank != 0 && index == 1)
                    MPI_Send(&from[1], 1, MPI_LONG, left, 4, MPI_COMM_WORLD);
            }
            MPI_Testall(2, reqs, &all, MPI_STATUSES_IGNORE);
            check(rank, "part 3 testall", all, 1);
            check(rank, "part 3 from the left", from[0], 1000 + round);
            check(rank, "part 3 from the right", from[1], 1000 + round);
        }
    }

    int total;
    MPI_Reduce(&errs, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (total == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", total);
    }
    MPI_Finalize();
    return 0;
}
