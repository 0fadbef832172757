/* strtol/strtoul/strtoll/strtod/atoi at their edges: leading blanks and signs, "0x" with no digits (the end is
 * after the 0), base 0's octal and its stop at 8, LONG_MIN/LONG_MAX with ERANGE, strtoul of "-1", strtod of inf,
 * nan, hex floats, overflow to HUGE_VAL, underflow, "1e" and "1." ends, and atoi/atol of partial strings. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static void l(const char *s, int base) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, base);
    printf("strtol(\"%s\", %d) = %ld, used %d, errno %s\n", s, base, v, (int)(end - s), errno == ERANGE ? "ERANGE" : errno ? "other" : "0");
}

static void d(const char *s) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    printf("strtod(\"%s\") = %g, used %d, errno %s\n", s, v, (int)(end - s), errno == ERANGE ? "ERANGE" : errno ? "other" : "0");
}

int main(void) {
    l("  +42xyz", 10); l("-0x1A", 16); l("0x", 16); l("0x", 0); l("0777", 0); l("08", 0); l("z", 36);
    l("9223372036854775808", 10); l("-9223372036854775809", 10); l("   ", 10); l("-", 10); l("1010", 2);
    char *end;
    errno = 0;
    unsigned long u = strtoul("-1", &end, 10);
    printf("strtoul(-1) = %lu errno %d\n", u, errno);
    printf("strtoull %llu strtoll %lld\n", strtoull("18446744073709551615", NULL, 10), strtoll("-12", NULL, 0));
    d("inf"); d("-Infinity"); d("nan"); d("0x1p-3"); d("  .5e1"); d("1."); d("1e"); d("-0"); d("1e400");
    d("1e-400"); d("2.2250738585072014e-308"); d("abc"); d("+.e1");
    printf("atoi %d %d %d %ld %g\n", atoi("  42abc"), atoi("abc"), atoi("-0012"), atol(" 123456789012"), atof("3.5e2x"));
    return 0;
}
