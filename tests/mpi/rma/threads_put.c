/* One-sided operations from several threads of a rank at once (MPI_THREAD_MULTIPLE), as Sandia SMB's rma_mt_mpi
 * measures them: the main thread opens an epoch (a fence, or a lock on the target), its threads each put or
 * accumulate their own slice of a window on the next rank, and the main thread closes the epoch. The port's list
 * of the window's pending operations was not safe for two threads (the 4-rank run died in List.Add: "capacity was
 * less than the current size"), and a completion could drop the operations another thread started meanwhile.
 * ranks: 2 4 7
 * native-env: OMPI_MCA_osc=rdma OMPI_MCA_btl_vader_single_copy_mechanism=emulated */
#include <stdio.h>
#include <pthread.h>
#include <mpi.h>

#define THREADS 4
#define PER_THREAD 300

static MPI_Win win;
static int next_rank, use_accumulate;
static double window_buf[THREADS * PER_THREAD];
static double origin[THREADS * PER_THREAD];

static void *putter(void *arg)
{
    long t = (long)arg;
    int i;
    for (i = 0; i < PER_THREAD; i++) {
        int k = (int)t * PER_THREAD + i;
        if (use_accumulate)
            MPI_Accumulate(&origin[k], 1, MPI_DOUBLE, next_rank, k, 1, MPI_DOUBLE, MPI_SUM, win);
        else
            MPI_Put(&origin[k], 1, MPI_DOUBLE, next_rank, k, 1, MPI_DOUBLE, win);
    }
    return NULL;
}

static void run_threads(void)
{
    pthread_t th[THREADS];
    long t;
    for (t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, putter, (void *)t);
    for (t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
}

int main(int argc, char **argv)
{
    int provided, rank, size, i, errs = 0, toterrs, prev;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided != MPI_THREAD_MULTIPLE) {
        printf("MPI_THREAD_MULTIPLE not provided\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    next_rank = (rank + 1) % size;
    prev = (rank + size - 1) % size;
    for (i = 0; i < THREADS * PER_THREAD; i++) {
        origin[i] = rank * 100000.0 + i;
        window_buf[i] = -1.0;
    }
    MPI_Win_create(window_buf, sizeof(window_buf), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    /* puts in a fence epoch */
    use_accumulate = 0;
    MPI_Win_fence(0, win);
    run_threads();
    MPI_Win_fence(0, win);
    for (i = 0; i < THREADS * PER_THREAD; i++)
        if (window_buf[i] != prev * 100000.0 + i) {
            if (errs++ < 5)
                printf("[%d] fence put %d: %g\n", rank, i, window_buf[i]);
        }

    /* accumulates under a lock on the target */
    use_accumulate = 1;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_SHARED, next_rank, 0, win);
    run_threads();
    MPI_Win_unlock(next_rank, win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
    for (i = 0; i < THREADS * PER_THREAD; i++)
        if (window_buf[i] != 2 * (prev * 100000.0 + i)) {
            if (errs++ < 10)
                printf("[%d] locked accumulate %d: %g\n", rank, i, window_buf[i]);
        }
    MPI_Win_unlock(rank, win);

    MPI_Win_free(&win);
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
