/* One MPI operation repeated, for the storage-transport scale model (bench/scale.py, docs/scale.md).
 *
 *   collectives OP REPS [BYTES]
 *
 * OP is pingpong (ranks 0 and 1), barrier, bcast (root 0), scatter (root 0) or allgather; it runs once untimed,
 * then REPS times, and rank 0 prints "OP SIZE REPS US" with the time per operation in microseconds. OP idle waits
 * REPS seconds: rank 0 sleeps, every other rank is blocked in MPI_Recv, then rank 0 sends each one byte. So the
 * job's messages are exactly (REPS + 1) times the operation's (idle: size - 1), which the model predicts. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void run_op(const char *op, char *buf, char *all, int bytes, int rank, int size)
{
    if (strcmp(op, "pingpong") == 0) {
        if (rank == 0) {
            MPI_Send(buf, bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(buf, bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(buf, bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        }
    } else if (strcmp(op, "barrier") == 0) {
        MPI_Barrier(MPI_COMM_WORLD);
    } else if (strcmp(op, "bcast") == 0) {
        MPI_Bcast(buf, bytes, MPI_CHAR, 0, MPI_COMM_WORLD);
    } else if (strcmp(op, "scatter") == 0) {
        MPI_Scatter(all, bytes, MPI_CHAR, buf, bytes, MPI_CHAR, 0, MPI_COMM_WORLD);
    } else if (strcmp(op, "allgather") == 0) {
        MPI_Allgather(buf, bytes, MPI_CHAR, all, bytes, MPI_CHAR, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3) {
        if (rank == 0) fprintf(stderr, "usage: collectives OP REPS [BYTES]\n");
        MPI_Finalize();
        return 2;
    }
    const char *op = argv[1];
    int reps = atoi(argv[2]);
    int bytes = argc > 3 ? atoi(argv[3]) : 8;
    char *buf = calloc(bytes, 1);
    char *all = calloc((size_t)bytes * size, 1);

    if (strcmp(op, "idle") == 0) {
        double t0 = MPI_Wtime();
        if (rank == 0) {
            sleep(reps);
            for (int r = 1; r < size; r++) MPI_Send(buf, 1, MPI_CHAR, r, 0, MPI_COMM_WORLD);
        } else {
            MPI_Recv(buf, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        if (rank == 0) printf("%s %d %d %.1f\n", op, size, reps, (MPI_Wtime() - t0) * 1e6);
    } else {
        run_op(op, buf, all, bytes, rank, size);
        double t0 = MPI_Wtime();
        for (int i = 0; i < reps; i++) run_op(op, buf, all, bytes, rank, size);
        double t = MPI_Wtime() - t0;
        if (rank == 0) printf("%s %d %d %.1f\n", op, size, reps, t / reps * 1e6);
    }
    free(buf);
    free(all);
    MPI_Finalize();
    return 0;
}
