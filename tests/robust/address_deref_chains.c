/* `&*E` is E and `*&E` is E (C11 6.5.3.2p3), also in chains a careless macro or a generator writes: the chain hid
   the `&` a library call takes by reference (fuzz seed 14 input 5699: pthread_mutex_lock(&*&*&mutex), CS1620). */
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

struct pt { int x, y; };

static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

int main(void) {
    static pthread_mutex_t mutex;
    int y = 1, v[4] = {4, 3, 2, 1};
    struct pt s = {1, 2};
    int *p = &*&*&y;
    pthread_mutex_init(&*&mutex, NULL);
    pthread_mutex_lock(&*&*&mutex);
    *&*&y = 3;
    (&*&s)->x += 10;
    (*&s).y *= 5;
    qsort(&*v, 4, sizeof *&v[0], cmp);
    pthread_mutex_unlock(&*&mutex);
    pthread_mutex_destroy(&mutex);
    printf("%d %d %d %d %d %d\n", y, *p, s.x, s.y, v[0], *&*&v[3]);
    return 0;
}
