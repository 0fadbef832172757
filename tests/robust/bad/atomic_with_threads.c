/* an _Atomic counter that threads share: the port's plain variable would race (probe11, round 11) */
#include <pthread.h>
#include <stdio.h>
static _Atomic int hits;
static void *work(void *arg) { (void)arg; for (int i = 0; i < 1000; i++) hits++; return NULL; }
int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, work, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    printf("%d\n", hits);
    return 0;
}
