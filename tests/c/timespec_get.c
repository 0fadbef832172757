/* C11's timespec_get (the ENCCS intermediate MPI course times its local loops with `timespec_get(&ts, TIME_UTC)`):
 * "no translation for the library function 'timespec_get'" before. The clock's value is not printed (it differs
 * from run to run); what it gives is checked against time() and clock_gettime's CLOCK_REALTIME. */
#include <stdio.h>
#include <time.h>

int main(void)
{
    struct timespec ts, rt, *p = &rt;
    time_t before = time(NULL);
    int base = timespec_get(&ts, TIME_UTC);
    time_t after = time(NULL);
    printf("base %d (TIME_UTC %d)\n", base, TIME_UTC);
    printf("seconds within time(): %d\n", ts.tv_sec >= before && ts.tv_sec <= after);
    printf("nanoseconds in range: %d\n", ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000L);
    clock_gettime(CLOCK_REALTIME, &rt);
    printf("not after CLOCK_REALTIME: %d\n", ts.tv_sec < rt.tv_sec || (ts.tv_sec == rt.tv_sec && ts.tv_nsec <= rt.tv_nsec));
    printf("through a pointer: %d\n", timespec_get(p, TIME_UTC) == TIME_UTC && p->tv_sec >= before);
    double t0 = (double)(ts.tv_sec) + (double)(ts.tv_nsec) * 1e-9;
    timespec_get(&ts, TIME_UTC);
    double t1 = (double)(ts.tv_sec) + (double)(ts.tv_nsec) * 1e-9;
    printf("elapsed not negative: %d\n", t1 - t0 >= 0.0);
    return 0;
}
