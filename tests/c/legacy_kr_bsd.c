/* Pre-ANSI C as legacy codes have it: K&R parameter declarations, implicit int (main() and a static
 * function without a type), BSD's bzero and bcopy (strings.h), srandom/random, atexit, getenv of an unset name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/time.h>

double scale(x, k)
double x;
int k;
{
    return x * k;
}

static sum_to(n)
{
    int s = 0, i;
    for (i = 1; i <= n; i++) s += i;
    return s;
}

static void bye(void) { printf("atexit handler\n"); }

main(argc, argv)
int argc;
char **argv;
{
    char buf[32], copy[32];
    struct timeval tv;
    char *home = getenv("CMPI_SURELY_UNSET_VAR");
    bzero(buf, sizeof buf);
    strcpy(buf, "legacy");
    bcopy(buf, copy, sizeof buf);
    gettimeofday(&tv, NULL);
    atexit(bye);
    srandom(7);
    printf("%.2f %d %s %s %d\n", scale(1.5, 4), sum_to(10), copy, home ? home : "(unset)", tv.tv_sec > 0);
    printf("%ld\n", random() % 1000);
    return 0;
}
