/* nanosleep(&req, &rem) with the remainder in a local struct, as Sandia's Ember motifs (halo3d, halo3d-26, sweep3d)
 * sleep their "compute" phase: `if (nanosleep(&sleepTS, &remainTS) == EINTR) while (nanosleep(&remainTS,
 * &remainTS) == EINTR) ;`. Its translation did not compile before (`ref remainTS` given for the runtime's
 * Ptr<timespec> remainder: CS1615). Linux writes the remainder only when a signal interrupts the sleep, so an
 * uninterrupted or refused sleep leaves it as it was (the runtime zeroed it before). */
#define _POSIX_C_SOURCE 200112L
#include <errno.h>
#include <stdio.h>
#include <time.h>

static int nap(struct timespec *req, struct timespec *rem)
{
    return nanosleep(req, rem);  /* both through pointers */
}

static void through_pointers(void)
{
    struct timespec a = {0, 1000}, b = {2, 42};  /* their own: main's stay locals the calls take by `ref` */
    int rc = nap(&a, &b);
    printf("through pointers: %d, remainder %ld.%09ld\n", rc, (long)b.tv_sec, b.tv_nsec);
}

int main(void)
{
    struct timespec req, rem;
    req.tv_sec = 0;
    req.tv_nsec = 2000;
    rem.tv_sec = 3;
    rem.tv_nsec = 11;
    if (nanosleep(&req, &rem) == EINTR) {
        while (nanosleep(&rem, &rem) == EINTR)
            ;
    }
    printf("slept: remainder %ld.%09ld\n", (long)rem.tv_sec, rem.tv_nsec);
    rem.tv_sec = 0;
    int rc = nanosleep(&rem, &rem);  /* one struct as both: 11 ns */
    printf("the same struct both ways: %d, remainder %ld.%09ld\n", rc, (long)rem.tv_sec, rem.tv_nsec);
    printf("no remainder asked: %d\n", nanosleep(&req, NULL));
    struct timespec bad = {0, 1000000000L};
    rem.tv_sec = 5;
    errno = 0;
    rc = nanosleep(&bad, &rem);
    printf("refused: %d, EINVAL %d, remainder %ld.%09ld\n", rc, errno == EINVAL, (long)rem.tv_sec, rem.tv_nsec);
    through_pointers();
    return 0;
}
