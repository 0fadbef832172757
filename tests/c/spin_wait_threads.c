/* A thread spins on a volatile global other threads change (Sandia SMB's rma_mt_mpi: `volatile int count`, the
 * main thread waiting with `while (count != thread_count) {}` for its workers to check in under a mutex, then
 * `while (count != 0) {}`). C reads a volatile at each test; the port's field (C# types drop the qualifier) was
 * read once by the JIT before the loop, which spun forever (the 4-rank run hung). Also a `while (flag != me);`
 * turn-taking loop and a do-while with an empty body on a volatile long. */
#include <stdio.h>
#include <pthread.h>
#include <time.h>

#define THREADS 3

static volatile int count = 0;
static volatile int flag = 0;
static volatile int go = 0;
static volatile long done_rounds = 0;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void pause_ms(long ms)
{
    struct timespec t = {0, ms * 1000000L};
    nanosleep(&t, NULL);
}

static void *worker(void *arg)
{
    long me = (long)arg;
    pause_ms(100 + 20 * me);  /* the main thread is spinning by now */
    pthread_mutex_lock(&lock);
    count++;
    pthread_mutex_unlock(&lock);
    while (!go)
        ;
    while (flag != me)
        ;
    pthread_mutex_lock(&lock);
    count--;
    flag = me + 1;
    pthread_mutex_unlock(&lock);
    return NULL;
}

static void *rounds(void *arg)
{
    (void)arg;
    pause_ms(50);
    pthread_mutex_lock(&lock);
    done_rounds = 5;
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS], r;
    long i;
    for (i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    while (count != THREADS) {
    }
    printf("all %d checked in\n", count);
    go = 1;
    while (count != 0) {
    }
    printf("all checked out, flag %d\n", flag);
    for (i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    pthread_create(&r, NULL, rounds, NULL);
    do {
    } while (done_rounds < 5);
    pthread_join(r, NULL);
    printf("rounds %ld\n", done_rounds);
    return 0;
}
