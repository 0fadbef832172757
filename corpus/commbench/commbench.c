/* Communication micro-benchmarks in C with MPI, the measurements of the
 * cloudMPI thesis's chapter 4 (Figures 4.1-4.8): ping-pong latency and
 * bandwidth between two ranks, barrier, broadcast and scatter.
 *
 * usage: commbench [all|pingpong|barrier|bcast|scatter] [-m max_bytes] [-r max_reps]
 *   -m  largest message in bytes (default 4194304 = 4 MiB; sizes are 1, 2, 4, ... up to it)
 *   -r  repetitions for small messages (default 1000); large messages get
 *       fewer, in proportion to their size, but never fewer than MIN_REPS
 *       (or max_reps when that is smaller)
 *
 * Each benchmark prints, on rank 0, a header line starting with '#' and a table
 * "size time_us MB/s": time_us is the time of one operation in microseconds
 * (one way for ping-pong: half the round trip; for the collectives, the mean
 * time per call on the slowest rank), MB/s = size / time_us (10^6 bytes per second).
 * The timed repetitions run in BATCHES batches and the median batch is
 * reported, so a rank descheduled for a moment (cores are shared) spoils one
 * batch, not the row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

#define DEFAULT_MAX_BYTES 4194304
#define DEFAULT_MAX_REPS 1000
#define MIN_REPS 10
/* Messages up to this size get max_reps repetitions. */
#define SMALL_MESSAGE 4096
#define BATCHES 5

static int rank, nprocs;

static int find_option(int argc, char **argv, const char *option)
{
    int i;
    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], option) == 0)
            return i;
    return -1;
}

static int read_int(int argc, char **argv, const char *option, int default_value)
{
    int at = find_option(argc, argv, option);
    if (at >= 0 && at < argc - 1)
        return atoi(argv[at + 1]);
    return default_value;
}

/* Fewer repetitions for large messages keep every size at about the same
 * number of bytes moved. */
static int repetitions(int size, int max_reps)
{
    int reps = max_reps;
    int floor_reps = max_reps < MIN_REPS ? max_reps : MIN_REPS;
    if (size > SMALL_MESSAGE)
        reps = (int)((long)max_reps * SMALL_MESSAGE / size);
    if (reps < floor_reps)
        reps = floor_reps;
    return reps;
}

/* A few untimed rounds first, so connections and buffers are set up. */
static int warmups(int reps)
{
    int w = reps / 10;
    return w < 1 ? 1 : w;
}

static void print_header(const char *name, int max_bytes, int max_reps)
{
    if (rank == 0) {
        printf("# %s ranks=%d max_bytes=%d max_reps=%d\n", name, nprocs, max_bytes, max_reps);
        printf("%10s %14s %12s\n", "size", "time_us", "MB/s");
    }
}

static void print_row(int size, double seconds_per_op)
{
    double us = seconds_per_op * 1e6;
    if (rank == 0)
        printf("%10d %14.3f %12.3f\n", size, us, us > 0.0 ? size / us : 0.0);
}

/* The slowest rank's mean time per operation, known on rank 0. */
static double slowest(double elapsed, int reps)
{
    double per_op = elapsed / reps, worst = 0.0;
    MPI_Reduce(&per_op, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    return worst;
}

/* The median of the BATCHES batch times (sorts them in place). */
static double median_batch(double *times)
{
    int i, j;
    for (i = 1; i < BATCHES; i++) {
        double t = times[i];
        for (j = i - 1; j >= 0 && times[j] > t; j--)
            times[j + 1] = times[j];
        times[j + 1] = t;
    }
    return times[BATCHES / 2];
}

/* Timed repetitions per batch: reps spread over the batches, at least one each. */
static int per_batch(int reps)
{
    return reps / BATCHES > 0 ? reps / BATCHES : 1;
}

static void pingpong(char *buffer, int max_bytes, int max_reps)
{
    int size, i, batch;
    double times[BATCHES];
    MPI_Status status;

    if (nprocs < 2) {
        if (rank == 0)
            printf("# pingpong needs at least 2 ranks; skipped\n");
        return;
    }
    print_header("pingpong", max_bytes, max_reps);
    for (size = 1; size <= max_bytes; size *= 2) {
        int reps = per_batch(repetitions(size, max_reps));
        int warm = warmups(reps * BATCHES);
        MPI_Barrier(MPI_COMM_WORLD);
        for (batch = -1; batch < BATCHES; batch++) {
            /* Batch -1 is the untimed warm-up. */
            int count = batch < 0 ? warm : reps;
            double t0 = MPI_Wtime();
            for (i = 0; i < count; i++) {
                if (rank == 0) {
                    MPI_Send(buffer, size, MPI_CHAR, 1, 10, MPI_COMM_WORLD);
                    MPI_Recv(buffer, size, MPI_CHAR, 1, 11, MPI_COMM_WORLD, &status);
                } else if (rank == 1) {
                    MPI_Recv(buffer, size, MPI_CHAR, 0, 10, MPI_COMM_WORLD, &status);
                    MPI_Send(buffer, size, MPI_CHAR, 0, 11, MPI_COMM_WORLD);
                }
            }
            /* One way is half a round trip. */
            if (batch >= 0)
                times[batch] = (MPI_Wtime() - t0) / reps / 2.0;
        }
        print_row(size, median_batch(times));
    }
}

static void barrier(int max_bytes, int max_reps)
{
    int reps = per_batch(max_reps), warm = warmups(max_reps), i, batch;
    double times[BATCHES];
    print_header("barrier", max_bytes, max_reps);
    MPI_Barrier(MPI_COMM_WORLD);
    for (batch = -1; batch < BATCHES; batch++) {
        int count = batch < 0 ? warm : reps;
        double t0 = MPI_Wtime();
        for (i = 0; i < count; i++)
            MPI_Barrier(MPI_COMM_WORLD);
        if (batch >= 0)
            times[batch] = slowest(MPI_Wtime() - t0, reps);
    }
    print_row(0, median_batch(times));
}

static void bcast(char *buffer, int max_bytes, int max_reps)
{
    int size, i, batch;
    double times[BATCHES];
    print_header("bcast", max_bytes, max_reps);
    for (size = 1; size <= max_bytes; size *= 2) {
        int reps = per_batch(repetitions(size, max_reps));
        int warm = warmups(reps * BATCHES);
        MPI_Barrier(MPI_COMM_WORLD);
        for (batch = -1; batch < BATCHES; batch++) {
            int count = batch < 0 ? warm : reps;
            double t0 = MPI_Wtime();
            for (i = 0; i < count; i++)
                MPI_Bcast(buffer, size, MPI_CHAR, 0, MPI_COMM_WORLD);
            if (batch >= 0)
                times[batch] = slowest(MPI_Wtime() - t0, reps);
        }
        print_row(size, median_batch(times));
    }
}

/* size is the block each rank receives; the root sends nprocs blocks. */
static void scatter(char *all_blocks, char *buffer, int max_bytes, int max_reps)
{
    int size, i, batch;
    double times[BATCHES];
    print_header("scatter", max_bytes, max_reps);
    for (size = 1; size <= max_bytes; size *= 2) {
        int reps = per_batch(repetitions(size, max_reps));
        int warm = warmups(reps * BATCHES);
        MPI_Barrier(MPI_COMM_WORLD);
        for (batch = -1; batch < BATCHES; batch++) {
            int count = batch < 0 ? warm : reps;
            double t0 = MPI_Wtime();
            for (i = 0; i < count; i++)
                MPI_Scatter(all_blocks, size, MPI_CHAR, buffer, size, MPI_CHAR, 0, MPI_COMM_WORLD);
            if (batch >= 0)
                times[batch] = slowest(MPI_Wtime() - t0, reps);
        }
        print_row(size, median_batch(times));
    }
}

int main(int argc, char **argv)
{
    const char *which = "all";
    int max_bytes, max_reps, all;
    char *buffer;
    char *all_blocks = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (argc > 1 && argv[1][0] != '-')
        which = argv[1];
    max_bytes = read_int(argc, argv, "-m", DEFAULT_MAX_BYTES);
    max_reps = read_int(argc, argv, "-r", DEFAULT_MAX_REPS);
    if (max_bytes < 1)
        max_bytes = 1;
    if (max_reps < 1)
        max_reps = 1;
    all = strcmp(which, "all") == 0;

    buffer = (char *)malloc(max_bytes);
    memset(buffer, 'x', max_bytes);
    if (rank == 0 && (all || strcmp(which, "scatter") == 0)) {
        all_blocks = (char *)malloc((size_t)max_bytes * nprocs);
        memset(all_blocks, 'y', (size_t)max_bytes * nprocs);
    }

    if (all || strcmp(which, "pingpong") == 0)
        pingpong(buffer, max_bytes, max_reps);
    if (all || strcmp(which, "barrier") == 0)
        barrier(max_bytes, max_reps);
    if (all || strcmp(which, "bcast") == 0)
        bcast(buffer, max_bytes, max_reps);
    if (all || strcmp(which, "scatter") == 0)
        scatter(all_blocks, buffer, max_bytes, max_reps);
    if (!all && strcmp(which, "pingpong") != 0 && strcmp(which, "barrier") != 0 &&
        strcmp(which, "bcast") != 0 && strcmp(which, "scatter") != 0 && rank == 0)
        printf("commbench: unknown benchmark '%s' (all, pingpong, barrier, bcast, scatter)\n", which);

    free(buffer);
    if (all_blocks != NULL)
        free(all_blocks);
    MPI_Finalize();
    return 0;
}
