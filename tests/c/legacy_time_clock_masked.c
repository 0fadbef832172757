/* time, clock, difftime, gettimeofday and localtime as old codes time themselves: the values are masked
 * (only their relations printed), and a fixed time_t goes through gmtime and strftime. */
#include <stdio.h>
#include <sys/time.h>
#include <time.h>

int main(void) {
    time_t t0 = time(NULL), t1;
    clock_t c0 = clock();
    struct timeval tv0, tv1;
    gettimeofday(&tv0, NULL);
    volatile double x = 0;
    long i;
    for (i = 0; i < 2000000; i++) x += i * 0.5;
    clock_t c1 = clock();
    gettimeofday(&tv1, NULL);
    time(&t1);
    double elapsed = (tv1.tv_sec - tv0.tv_sec) + (tv1.tv_usec - tv0.tv_usec) * 1e-6;
    printf("%d %d %d %d\n", t1 >= t0, c1 >= c0, elapsed >= 0, difftime(t1, t0) >= 0);
    printf("%d\n", t0 > 1700000000);
    time_t fixed = 1000000000;
    struct tm *g = gmtime(&fixed);
    char buf[64];
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %j %a", g);
    printf("%s %d\n", buf, g->tm_wday);
    printf("%.1f\n", (double)CLOCKS_PER_SEC);
    return 0;
}
