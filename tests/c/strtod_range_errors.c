/* strtod and strtof as glibc sets errno and rounds: ERANGE for a result that is zero or subnormal and inexact (an exact
 * subnormal such as 0x1p-1074 is none), for an overflow of a float (strtof of 1e39 or DBL_MAX's text) and for a
 * hexadecimal float beyond the range; EINVAL for strtol's and strtoul's bases 1 and 37; strtof rounds the text once,
 * to a float, never through a double (the text just above 1 + 2^-24 is 1 + 2^-23). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static void show_double(const char *text)
{
    char *end;
    errno = 0;
    double d = strtod(text, &end);
    int e = errno;
    printf("strtod(\"%s\") = %.17g (%a), %d chars, errno %s\n", text, d, d, (int)(end - text), e == ERANGE ? "ERANGE" : e ? "other" : "0");
}

static void show_float(const char *text)
{
    char *end;
    errno = 0;
    float f = strtof(text, &end);
    int e = errno;
    printf("strtof(\"%s\") = %.9g (%a), %d chars, errno %s\n", text, f, f, (int)(end - text), e == ERANGE ? "ERANGE" : e ? "other" : "0");
}

int main(void)
{
    const char *texts[] = {
        "1e-310", "4.9e-324", "2.4e-324", "2.5e-324", "1e-400", "2.2250738585072011e-308", "2.2250738585072014e-308",
        "0x1p-1074", "0x1.8p-1074", "0x1p-1080", "0x1p-1022", "0x0.8p-1022", "0x1.fffffffffffff8p1023", "0x1p1024",
        "1e308", "1e309", "-1e309", "1.7976931348623157e308", "1.7976931348623159e308", "0.0", "0e-999", "1e-45",
        "1.4e-45", "7e-46", "1e-38", "1.1754943508222875e-38", "3.4028235e38", "3.4028236e38", "1e39", "0x1p-149",
        "0x1.8p-149", "0x1p-150", "0x1p128", "0x1.fffffffp127", "1.00000005960464477550", "1.000000059604644775390625",
        "16777217", "16777217.000000001", "0.1", "-0.0", "inf", "nan", "42abc",
    };
    for (unsigned i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        show_double(texts[i]);
        show_float(texts[i]);
    }
    int bases[] = {1, 37, -1, 36, 0};
    for (unsigned i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        char *end = NULL;
        const char *text = "  11";
        errno = 0;
        long l = strtol(text, &end, bases[i]);
        int e1 = errno;
        errno = 0;
        unsigned long u = strtoul(text, NULL, bases[i]);
        int e2 = errno;
        /* glibc leaves the end pointer as it was for a base it refuses: it is read only for a valid one */
        printf("base %d: strtol %ld (%d chars, errno %s), strtoul %lu (errno %s)\n", bases[i], l,
               e1 ? -1 : (int)(end - text), e1 == EINVAL ? "EINVAL" : e1 ? "other" : "0", u,
               e2 == EINVAL ? "EINVAL" : e2 ? "other" : "0");
    }
    return 0;
}
