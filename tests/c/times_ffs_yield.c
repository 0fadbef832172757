/* Legacy timing and bit helpers: times() with struct tms (CPU ticks of the process, elapsed ticks as the result,
 * only differences printed as facts), ffs/ffsl/ffsll (a hypercube code's lowest set bit of a rank) and
 * sched_yield in a polling loop. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/times.h>
#include <unistd.h>

static double work(int n) {
    double s = 0;
    for (int i = 1; i <= n; i++) s += 1.0 / i;
    return s;
}

int main(void) {
    struct tms t0, t1;
    clock_t e0 = times(&t0);
    double s = work(3000000);
    clock_t e1 = times(&t1);
    long tick = sysconf(_SC_CLK_TCK);
    printf("sum %.6f tick %ld\n", s, tick);
    printf("elapsed not negative %d, cpu not negative %d, children 0 %d\n", e1 - e0 >= 0,
           t1.tms_utime - t0.tms_utime >= 0 && t1.tms_stime - t0.tms_stime >= 0,
           t1.tms_cutime == 0 && t1.tms_cstime == 0);
    double cpu = (double)(t1.tms_utime + t1.tms_stime - t0.tms_utime - t0.tms_stime) / tick;
    printf("cpu seconds sane %d\n", cpu >= 0 && cpu < 600);
    printf("times(NULL) %d\n", times(NULL) >= e1);
    int ranks[] = {0, 1, 2, 3, 8, 12, 96, 1 << 30, -1, -2147483647 - 1};
    for (int i = 0; i < 10; i++) printf("ffs(%d) = %d\n", ranks[i], ffs(ranks[i]));
    printf("%d %d %d %d\n", ffsl(0L), ffsl(1L << 40), ffsll(1LL << 62), ffsll(-4LL));
    int dims = 0;
    for (int size = 64; size > 1; size >>= 1) dims++;
    printf("hypercube dims %d, partner of 5 in dim 2: %d, first dim of 12: %d\n", dims, 5 ^ (1 << 2), ffs(12) - 1);
    int polls = 0;
    while (polls < 5) {
        if (sched_yield() != 0) printf("yield failed\n");
        polls++;
    }
    printf("polled %d\n", polls);
    return 0;
}
