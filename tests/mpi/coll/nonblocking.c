/* Nonblocking collectives: started and completed in different orders on different ranks, overlapped with
 * point-to-point traffic and computation, mixed with blocking collectives on the same communicator, on a split
 * communicator, through Wait, Waitall, Waitany, Test loops and Testall, with MPI_IN_PLACE.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <mpi.h>

#define N 8

int errs = 0;

static void check(int rank, const char *what, long got, long want)
{
    if (got != want) {
        errs++;
        printf("[%d] %s: %ld, expected %ld\n", rank, what, got, want);
    }
}

int main(int argc, char **argv)
{
    int rank, size, i, flag, index, toterrs;
    int data[N], sums[N], maxes[N], gathered[64], prefix, token = -1, inplace;
    double values[N];
    MPI_Request reqs[4], req;
    MPI_Comm half;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* two collectives in flight, completed in the opposite order on odd ranks, with a message ring between */
    for (i = 0; i < N; i++) {
        data[i] = rank * 10 + i;
        values[i] = rank == 0 ? i * 0.5 : -1;
    }
    MPI_Iallreduce(data, sums, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &reqs[0]);
    MPI_Ibcast(values, N, MPI_DOUBLE, 0, MPI_COMM_WORLD, &reqs[1]);
    if (size > 1) {
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        MPI_Sendrecv(&rank, 1, MPI_INT, right, 3, &token, 1, MPI_INT, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check(rank, "ring token", token, left);
    }
    if (rank % 2) {
        MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    } else {
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    }
    for (i = 0; i < N; i++) {
        check(rank, "iallreduce sum", sums[i], 10L * size * (size - 1) / 2 + (long)size * i);
        check(rank, "ibcast value * 2", (long)(values[i] * 2), i);
    }
    if (reqs[0] != MPI_REQUEST_NULL || reqs[1] != MPI_REQUEST_NULL) {
        errs++;
        printf("[%d] requests not null after wait\n", rank);
    }

    /* the root goes on to receive what the others send once its broadcast reached them (native Open MPI sends
     * the root's part at once) */
    {
        int word = rank == 0 ? 4242 : 0, reply, r;
        MPI_Ibcast(&word, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        if (rank == 0) {
            for (r = 1; r < size; r++) {
                MPI_Recv(&reply, 1, MPI_INT, r, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                check(rank, "reply after ibcast", reply, 4242 + r);
            }
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        } else {
            MPI_Wait(&req, MPI_STATUS_IGNORE);
            reply = word + rank;
            MPI_Send(&reply, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
        }
    }

    /* started before a blocking collective on the same communicator, completed after it */
    MPI_Iallgather(&rank, 1, MPI_INT, gathered, 1, MPI_INT, MPI_COMM_WORLD, &req);
    MPI_Allreduce(data, maxes, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    check(rank, "allreduce max", maxes[0], (size - 1) * 10);
    flag = 0;
    while (!flag)
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    for (i = 0; i < size; i++)
        check(rank, "iallgather", gathered[i], i);

    /* on a split communicator, with a scan and a barrier, completed by Waitany and Testall */
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Iscan(&rank, &prefix, 1, MPI_INT, MPI_SUM, half, &reqs[0]);
    MPI_Ibarrier(half, &reqs[1]);
    MPI_Waitany(2, reqs, &index, MPI_STATUS_IGNORE);
    if (index != 0 && index != 1) {  /* either may finish first */
        errs++;
        printf("[%d] waitany index %d\n", rank, index);
    }
    flag = 0;
    while (!flag)
        MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
    {
        long want = 0;
        for (i = rank % 2; i <= rank; i += 2)
            want += i;
        check(rank, "iscan on half", prefix, want);
    }
    MPI_Comm_free(&half);

    /* MPI_IN_PLACE on a scalar */
    inplace = rank + 1;
    MPI_Iallreduce(MPI_IN_PLACE, &inplace, 1, MPI_INT, MPI_PROD, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    {
        long want = 1;
        for (i = 1; i <= size; i++)
            want *= i;
        check(rank, "in-place product", inplace, want);
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
