/* Number parsing with end pointers and errno: strtol in bases 0, 2, 16, 36, strtoul of a negative, strtod of
 * scientific and hex floats, overflow to LONG_MAX with ERANGE, atoi/atol/atof of partial strings. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    const char *inputs[] = {"0x1F rest", "0777", "42abc", "  -17", "zz", "1010"};
    int bases[] = {0, 0, 10, 10, 36, 2}, i;
    for (i = 0; i < 6; i++) {
        char *end;
        long v = strtol(inputs[i], &end, bases[i]);
        printf("%ld used=%ld rest=<%s>\n", v, (long)(end - inputs[i]), end);
    }
    errno = 0;
    long big = strtol("99999999999999999999", NULL, 10);
    printf("%d %d\n", big == LONG_MAX, errno == ERANGE);
    errno = 0;
    unsigned long u = strtoul("-1", NULL, 10);
    printf("%lu %d\n", u, errno);
    char *end;
    double d = strtod("6.02e23xyz", &end);
    printf("%g <%s> %g %g\n", d, end, strtod("0x1.8p1", NULL), strtod("  .5", NULL));
    printf("%d %ld %g %d\n", atoi("123xyz"), atol("-99 bottles"), atof("2.5e-1 m"), atoi("x1"));
    char *none;
    strtol("abc", &none, 10);
    printf("%s\n", none);
    return 0;
}
