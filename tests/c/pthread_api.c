/* The rest of the pthread API as the tutorials use it (LLNL's posix samples, Pacheco's ch. 4): attributes (detach
 * state, stack size), a detached thread, pthread_self/pthread_equal, pthread_mutex_trylock against a held mutex, a
 * mutex in each node of a list (`&node->mutex`), unnamed semaphores in a malloc'ed array (`&sems[i]`: Pacheco's
 * pth_msg_sem.c), sem_trywait/sem_getvalue, a read-write lock (readers together, tryrdlock against a writer),
 * pthread_once, thread-specific data (keys), a thread's pointer result joined into a `void *status`,
 * static initializers (PTHREAD_MUTEX_INITIALIZER, PTHREAD_RWLOCK_INITIALIZER), and
 * pthread_exit in main, which waits for the threads still running (a detached one) and ends with status 0.
 * Only what does not depend on the interleaving is printed. */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

struct node {
    int value;
    pthread_mutex_t mutex;
};

struct result {
    long sum;
    int id;
};

static struct node nodes[N];
static struct result results[N];
static sem_t *sems;
static pthread_rwlock_t rwlock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_key_t key;
static int once_runs, shared_value;
static pthread_t main_thread;
static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;
static sem_t detached_done;

static void init_once(void)
{
    once_runs++;
}

static void *ring(void *arg)
{
    struct result *r = &results[*(int *)arg];
    int id = r->id, next = (id + 1) % N, i;
    pthread_once(&once, init_once);
    pthread_setspecific(key, r);
    /* pass a token around the ring: each thread waits on its own semaphore and posts the next one's */
    sem_wait(&sems[id]);
    for (i = 0; i < N; i++) {
        pthread_mutex_lock(&nodes[i].mutex);
        nodes[i].value += id + 1;
        pthread_mutex_unlock(&nodes[i].mutex);
    }
    sem_post(&sems[next]);
    pthread_rwlock_rdlock(&rwlock);
    r->sum = shared_value * 10 + id;
    pthread_rwlock_unlock(&rwlock);
    if (((struct result *)pthread_getspecific(key))->id != id)
        printf("thread %d: wrong key value\n", id);
    return (void *)r;
}

static void *try_held(void *arg)
{
    int *busy = (int *)arg;
    *busy = pthread_mutex_trylock(&held) == EBUSY;
    *(busy + 1) = pthread_equal(pthread_self(), main_thread) ? 1 : 0;
    return NULL;
}

static void *detached(void *arg)
{
    int *flag = (int *)arg;
    *flag = 7;
    sem_post(&detached_done);
    return NULL;
}

static void *try_read(void *arg)
{
    int *got = (int *)arg;
    *got = pthread_rwlock_tryrdlock(&rwlock);
    return NULL;
}

int main(void)
{
    pthread_t t[N], other, loose;
    pthread_attr_t attr;
    int ids[N], state, i, value, first, second, flags[2] = {-1, -1}, loose_flag = 0, got = -1;
    size_t stack;
    void *status;

    main_thread = pthread_self();
    printf("main equal to itself: %d\n", pthread_equal(main_thread, pthread_self()) != 0);

    /* attributes */
    pthread_attr_init(&attr);
    pthread_attr_getdetachstate(&attr, &state);
    printf("default detach state joinable: %d\n", state == PTHREAD_CREATE_JOINABLE);
    pthread_attr_setstacksize(&attr, 1 << 20);
    pthread_attr_getstacksize(&attr, &stack);
    printf("stack size %lu\n", (unsigned long)stack);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);

    /* a held mutex tried from another thread; pthread_self there is not main's */
    pthread_mutex_lock(&held);
    pthread_create(&other, &attr, try_held, flags);
    pthread_join(other, NULL);
    pthread_mutex_unlock(&held);
    printf("trylock busy: %d, other thread is main: %d\n", flags[0], flags[1]);

    /* a writer holds the lock: tryrdlock fails */
    pthread_rwlock_wrlock(&rwlock);
    shared_value = 5;
    pthread_create(&other, NULL, try_read, &got);
    pthread_join(other, NULL);
    pthread_rwlock_unlock(&rwlock);
    printf("tryrdlock under a writer: %s\n", got == EBUSY ? "EBUSY" : "acquired");

    /* the ring of semaphores, node mutexes, once, keys, pointer results */
    sems = malloc(N * sizeof(sem_t));
    for (i = 0; i < N; i++) {
        sem_init(&sems[i], 0, i == 0 ? 1 : 0);
        pthread_mutex_init(&nodes[i].mutex, NULL);
        results[i].id = ids[i] = i;
    }
    pthread_key_create(&key, NULL);
    for (i = 0; i < N; i++)
        pthread_create(&t[i], &attr, ring, &ids[i]);
    for (i = 0; i < N; i++) {
        pthread_join(t[i], &status);
        printf("thread %d: sum %ld, same result: %d\n", i, ((struct result *)status)->sum,
               (struct result *)status == &results[i]);
    }
    for (i = 0; i < N; i++)
        printf("node %d: %d\n", i, nodes[i].value);
    printf("once ran %d time(s)\n", once_runs);
    sem_getvalue(&sems[0], &value);
    first = sem_trywait(&sems[0]);
    second = sem_trywait(&sems[0]);
    printf("token back at 0: %d, trywait: %d, then %d (%s)\n", value, first, second, errno == EAGAIN ? "EAGAIN" : "?");
    for (i = 0; i < N; i++) {
        sem_destroy(&sems[i]);
        pthread_mutex_destroy(&nodes[i].mutex);
    }
    free(sems);
    pthread_rwlock_destroy(&rwlock);

    /* a detached thread: joining it fails; main's pthread_exit waits for it */
    sem_init(&detached_done, 0, 0);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_getdetachstate(&attr, &state);
    printf("detached: %d\n", state == PTHREAD_CREATE_DETACHED);
    pthread_create(&loose, &attr, detached, &loose_flag);
    pthread_attr_destroy(&attr);
    sem_wait(&detached_done);
    printf("the detached thread set %d\n", loose_flag);
    fflush(stdout);
    pthread_exit(NULL);
    printf("not reached\n");
    return 3;
}
