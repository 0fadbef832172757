/* POSIX threads as the tutorials write them (LLNL's mpithreads_both.c and hello.c, Pacheco's pth_hello.c): the
 * thread's number passed in the `void *` argument itself (`(void *)i`, read back as `(long)arg`), a joinable
 * attribute (pthread_attr_init, pthread_attr_setdetachstate, pthread_attr_destroy), pthread_exit with a value and
 * pthread_join reading it into a `void *status` (real11: mpithreads_both.c stopped at its `(long)arg`; pthr12: the
 * `void *` slots that only carry integers are C# nint, passes/void_integers.py). */
#include <pthread.h>
#include <stdio.h>

#define N 4
static long squares[N];
static pthread_mutex_t lock;
static long total;

static void *square(void *arg)
{
    long id = (long)arg;
    squares[id] = id * id;
    pthread_mutex_lock(&lock);
    total += squares[id];
    pthread_mutex_unlock(&lock);
    if (id % 2)
        pthread_exit((void *)(id + 100));
    return (void *)(id + 200);
}

int main(void)
{
    pthread_t t[N];
    pthread_attr_t attr;
    void *status;
    long i;

    pthread_mutex_init(&lock, NULL);
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);
    for (i = 0; i < N; i++)
        pthread_create(&t[i], &attr, square, (void *)i);
    pthread_attr_destroy(&attr);
    for (i = 0; i < N; i++) {
        pthread_join(t[i], &status);
        printf("thread %ld: square %ld, returned %ld\n", i, squares[i], (long)status);
    }
    printf("total %ld\n", total);
    pthread_mutex_destroy(&lock);
    return 0;
}
