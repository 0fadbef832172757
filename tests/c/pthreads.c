/* POSIX threads as C programs use them: pthread_create/join of a `void *f(void *arg)` with a struct argument, a
 * mutex-protected shared counter, a condition variable handshake (a producer and a waiting consumer, the wait in
 * a loop on its predicate), a barrier whose serial thread is counted, a statically zeroed mutex. Only results
 * that do not depend on the threads' interleaving are printed. */
#include <stdio.h>
#include <pthread.h>

#define THREADS 4
#define ROUNDS 1000

typedef struct {
    int id;
    long sum;
} work_t;

static pthread_mutex_t lock;
static pthread_mutex_t zeroed;   /* never initialised: static storage, as PTHREAD_MUTEX_INITIALIZER */
static pthread_cond_t ready_cond;
static pthread_barrier_t barrier;
static int counter, ready, serial;
static long total;

static void *worker(void *arg)
{
    work_t *w = (work_t *)arg;
    int i;
    for (i = 0; i < ROUNDS; i++) {
        pthread_mutex_lock(&lock);
        counter++;
        pthread_mutex_unlock(&lock);
        w->sum += w->id;
    }
    if (pthread_barrier_wait(&barrier) == PTHREAD_BARRIER_SERIAL_THREAD) {
        pthread_mutex_lock(&zeroed);
        serial++;
        pthread_mutex_unlock(&zeroed);
    }
    return NULL;
}

static void *consumer(void *arg)
{
    int *out = (int *)arg;
    pthread_mutex_lock(&lock);
    while (!ready)
        pthread_cond_wait(&ready_cond, &lock);
    *out = counter;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    pthread_t t[THREADS], c;
    work_t work[THREADS];
    int i, seen = -1;

    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&ready_cond, NULL);
    pthread_barrier_init(&barrier, NULL, THREADS);
    for (i = 0; i < THREADS; i++) {
        work[i].id = i + 1;
        work[i].sum = 0;
        pthread_create(&t[i], NULL, worker, &work[i]);
    }
    for (i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    for (i = 0; i < THREADS; i++)
        total += work[i].sum;
    printf("counter %d, sums %ld, serial threads %d\n", counter, total, serial);

    pthread_create(&c, NULL, consumer, &seen);
    pthread_mutex_lock(&lock);
    counter += 5;
    ready = 1;
    pthread_cond_signal(&ready_cond);
    pthread_mutex_unlock(&lock);
    pthread_join(c, NULL);
    printf("the consumer saw %d\n", seen);

    pthread_barrier_destroy(&barrier);
    pthread_cond_destroy(&ready_cond);
    pthread_mutex_destroy(&lock);
    return 0;
}
