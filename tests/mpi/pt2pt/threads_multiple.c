/* MPI_THREAD_MULTIPLE with POSIX threads, as multi-threaded latency tests do: each rank runs two threads that
 * exchange messages with the partner rank at once (each thread its own tag, ANY_SOURCE receives of one tag
 * from two threads), count their round trips under a mutex, and meet at a condition variable between rounds,
 * where one of them calls MPI_Barrier for the rank. An odd last rank talks to itself.
 * ranks: 1 2 4 7
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <pthread.h>
#include <mpi.h>

#define THREADS 2
#define ROUNDS 3
#define PINGS 20

typedef struct {
    int id;
    int partner;
} job_t;

static pthread_mutex_t mutex;
static pthread_cond_t cond;
static int arrived, generation, trips, errs;

static void *exchange(void *arg)
{
    job_t *job = (job_t *)arg;
    int round, i, out, in, gen;
    MPI_Status st;

    for (round = 0; round < ROUNDS; round++) {
        for (i = 0; i < PINGS; i++) {
            out = 1000 * job->id + i;
            MPI_Sendrecv(&out, 1, MPI_INT, job->partner, job->id, &in, 1, MPI_INT, job->partner, job->id,
                         MPI_COMM_WORLD, &st);
            if (in != out || st.MPI_TAG != job->id) {
                pthread_mutex_lock(&mutex);
                errs++;
                pthread_mutex_unlock(&mutex);
            }
        }
        /* both threads of the rank meet here; the second to arrive runs the rank's barrier */
        pthread_mutex_lock(&mutex);
        trips += PINGS;
        gen = generation;
        if (++arrived == THREADS) {
            MPI_Barrier(MPI_COMM_WORLD);
            arrived = 0;
            generation++;
            pthread_cond_broadcast(&cond);
        } else {
            while (gen == generation)
                pthread_cond_wait(&cond, &mutex);
        }
        pthread_mutex_unlock(&mutex);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int provided, rank, size, i, toterrs, alltrips;
    pthread_t threads[THREADS];
    job_t jobs[THREADS];

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided != MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            printf("MPI_THREAD_MULTIPLE is not provided (%d)\n", provided);
        MPI_Finalize();
        return 0;
    }
    pthread_mutex_init(&mutex, NULL);
    pthread_cond_init(&cond, NULL);
    for (i = 0; i < THREADS; i++) {
        jobs[i].id = i + 1;
        jobs[i].partner = (size % 2 == 1 && rank == size - 1) ? rank : rank ^ 1;
        pthread_create(&threads[i], NULL, exchange, &jobs[i]);
    }
    for (i = 0; i < THREADS; i++)
        pthread_join(threads[i], NULL);
    if (trips != THREADS * ROUNDS * PINGS) {
        errs++;
        printf("rank %d: %d round trips, expected %d\n", rank, trips, THREADS * ROUNDS * PINGS);
    }
    MPI_Allreduce(&trips, &alltrips, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0 && alltrips == size * THREADS * ROUNDS * PINGS) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    pthread_cond_destroy(&cond);
    pthread_mutex_destroy(&mutex);
    MPI_Finalize();
    return 0;
}
