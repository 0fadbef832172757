/* A program's own types named as library types the runtime has (<sched.h>'s cpu_set_t, <pthread.h>'s
 * pthread_mutex_t, neither header included): the program's, not the runtime's (found by fuzz_probe.py names, kind
 * field-and-type: exit 0, then CS0029). */
#include <stdio.h>

typedef struct cpu_set_t { int cpu_set_t; struct cpu_set_t *next; } cpu_set_t;
typedef int pthread_mutex_t;
struct pthread_cond_t { double wait; };

int main(void) {
    cpu_set_t first = {4, 0};
    cpu_set_t second = {5, &first};
    pthread_mutex_t lock = 7;
    struct pthread_cond_t c = {1.5};
    printf("%d %d %d %g\n", second.cpu_set_t, second.next->cpu_set_t, lock, c.wait);
    return 0;
}
