/* random() called from several threads at once (LLNL's hello512.c: 512 threads each adding 1000 random() values):
 * here 8 threads draw together from a barrier on. glibc's random() takes a lock, so every call takes the next value of
 * the one sequence and the values drawn by all threads together are the sequence's first ones, whichever thread drew
 * which: their sum does not depend on the interleaving. (The port's generator had no lock: other sums each run, and
 * hello512.c's indices went past the end of its state, IndexOutOfRangeException.) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 8
#define DRAWS 200000

static unsigned long long sums[THREADS];
static int ids[THREADS];
static pthread_barrier_t start;

static void *draw(void *arg)
{
    int id = *(int *)arg;
    int i;
    pthread_barrier_wait(&start); /* all draw at once */
    for (i = 0; i < DRAWS; i++)
        sums[id] += (unsigned long long)random();
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS];
    unsigned long long total = 0;
    int i;
    srandom(12345);
    pthread_barrier_init(&start, NULL, THREADS);
    for (i = 0; i < THREADS; i++)
    {
        ids[i] = i;
        pthread_create(&t[i], NULL, draw, &ids[i]);
    }
    for (i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        total += sums[i];
    }
    printf("%d draws, sum %llu, next %ld\n", THREADS * DRAWS, total, random());
    return 0;
}
