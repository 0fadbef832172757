/* A pointer to a struct that no header defines: CoMD's timer calls `gettimeofday(&t, (struct timezone *)NULL)`
 * and builds with -std=c99, under which <sys/time.h> declares no struct timezone (here _POSIX_C_SOURCE hides it
 * as -std=c99 does). The never-defined struct's pointer is a `void *`: nothing can reach into it. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <sys/time.h>

static long long micros(void)
{
    struct timeval t;
    if (gettimeofday(&t, (struct timezone *)NULL) != 0) return -1;
    return 1000000LL * (long long)t.tv_sec + (long long)t.tv_usec;
}

int main(void)
{
    long long a = micros(), b = micros();
    printf("gettimeofday works %d, monotonic %d\n", a > 0, b >= a);
    return 0;
}
