/* Implicit int and pre-ANSI forms: a function without a return type, `unsigned`/`long`/`short` alone as types,
 * an old-style declaration without a prototype called with promoted arguments, and `main()` without void. */
#include <stdio.h>

static twice(x) { return 2 * x; }
static unsigned u_of(long v) { return (unsigned)v; }
double half();

long count = 3;
static short small = -2;

double half(v)
double v;
{
    return v / 2;
}

main()
{
    unsigned total = u_of(-1) % 1000;
    long big = count << 40;
    printf("%d %u %ld %d %g\n", twice(21), total, big, small, half(5.0));
    return 0;
}
