/* Functions that take their MPI buffer as `void *` and hand it on, as MPI's own calls do: a broadcast by
 * point-to-point messages (the tutorial's my_bcast), a wrapper that calls it, and an exchange with the
 * neighbours, each called with doubles, ints, a struct array, an element's address and a scalar's address;
 * NULL with a count of 0, and a `void *` the function never reads.
 * The port makes them generic methods (translator/convert/generic_buffers.py).
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

typedef struct { int id; double w; } item;

static void my_bcast(void *data, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, size, i;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (rank == root) {
        for (i = 0; i < size; i++)
            if (i != rank)
                MPI_Send(data, count, type, i, 0, comm);
    } else {
        MPI_Recv(data, count, type, root, 0, comm, MPI_STATUS_IGNORE);
    }
}

/* a wrapper of the wrapper: the buffer's type passes through */
static void bcast_from_last(void *data, int count, MPI_Datatype type)
{
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    my_bcast(data, count, type, size - 1, MPI_COMM_WORLD);
}

/* send one buffer to the next rank, receive the other from the previous one */
static void ring_shift(const void *out, void *in, int count, MPI_Datatype type)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Sendrecv(out, count, type, (rank + 1) % size, 5, in, count, type, (rank + size - 1) % size, 5,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* a message only when there is something to send: callers pass NULL with a count of 0 */
static void send_some(const void *data, int count, MPI_Datatype type, int dest)
{
    if (count > 0)
        MPI_Send(data, count, type, dest, 9, MPI_COMM_WORLD);
}

static void recv_some(void *data, int count, MPI_Datatype type, int source)
{
    if (count > 0)
        MPI_Recv(data, count, type, source, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static int unused_context(void *context, int x) { return 2 * x; }

int main(int argc, char **argv)
{
    int rank, size, i, errs = 0, toterrs, n = -1, got = -1;
    double x[5] = {0};
    item items[3], mine, left;
    MPI_Datatype item_type;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(sizeof(item), MPI_BYTE, &item_type);
    MPI_Type_commit(&item_type);

    if (rank == 0) {
        for (i = 0; i < 5; i++)
            x[i] = 1.5 * i;
        n = 42;
    }
    my_bcast(x, 5, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    my_bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (i = 0; i < 5; i++)
        if (x[i] != 1.5 * i) errs++;
    if (n != 42) errs++;

    for (i = 0; i < 3; i++) {
        items[i].id = rank == size - 1 ? 10 + i : -1;
        items[i].w = rank == size - 1 ? 0.25 * i : -1.0;
    }
    bcast_from_last(items, 3, item_type);
    bcast_from_last(&x[2], 2, MPI_DOUBLE);     /* an element's address: x[2] and x[3] */
    for (i = 0; i < 3; i++)
        if (items[i].id != 10 + i || items[i].w != 0.25 * i) errs++;

    mine.id = rank;
    mine.w = rank / 2.0;
    ring_shift(&mine, &left, 1, item_type);
    ring_shift(&rank, &got, 1, MPI_INT);
    if (left.id != (rank + size - 1) % size || left.w != left.id / 2.0 || got != left.id) errs++;

    if (size > 1 && rank < 2) {
        double pair[2] = {rank == 0 ? 8.5 : 0.0, rank == 0 ? 9.5 : 0.0};
        if (rank == 0) {
            send_some(pair, 2, MPI_DOUBLE, 1);
            send_some(NULL, 0, MPI_INT, 1);
        } else {
            recv_some(pair, 2, MPI_DOUBLE, 0);
            recv_some(NULL, 0, MPI_INT, 0);
            if (pair[0] != 8.5 || pair[1] != 9.5) errs++;
        }
    }
    if (unused_context(NULL, 3) + unused_context(x, 4) != 14) errs++;

    MPI_Type_free(&item_type);
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
