/* C11 _Generic as legacy and newer HPC codes use it: a type-generic macro dispatching to functions (the association's
 * function types differ), one naming the type as a string (several strings of one length: "float", "other"), one
 * giving constants of one type (told apart by the value clang gives the selection), qualified and pointer operands
 * (lvalue conversion: a const int is an int, an array a pointer), typedef'd operands and association types, and the
 * associations that are not chosen never evaluated (their side effects do not happen). Refused before round 11 (probe11). */
#include <stdio.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>

static double twice_d(double v) { return 2 * v; }
static float twice_f(float v) { return 2 * v; }
static long twice_l(long v) { return 2 * v; }
static int twice_i(int v) { return 2 * v; }

#define TWICE(x) _Generic((x), double: twice_d, float: twice_f, long: twice_l, default: twice_i)(x)
#define TYPE_NAME(x) _Generic((x), int: "int", unsigned int: "unsigned", long: "long", unsigned long: "ulong", \
                                   float: "float", double: "double", char: "char", char *: "char *", \
                                   const char *: "const char *", int *: "int *", default: "other")
#define KIND(x) _Generic((x), int: 1, long: 2, long long: 3, unsigned: 4, double: 5, default: 0)
#define ABS(x) _Generic((x), int: abs_i, double: fabs, default: abs_l)(x)
/* names of one length: told apart by the type names, typedefs (the program's and the library's) and a struct */
#define KIND_NAME(x) _Generic((x), count_t: "count", struct point: "point", int64_t: "int64", default: "other")

static int abs_i(int v) { return v < 0 ? -v : v; }
static long abs_l(long v) { return v < 0 ? -v : v; }

typedef unsigned long count_t;
struct point { int x, y; };

int main(void)
{
    int i = -3;
    long l = 40000000000L;
    float f = 1.25f;
    double d = -2.5;
    char c = 'q';
    char buf[8] = "abc";
    const char *cs = "lit";
    const int ci = 7;
    count_t n = 5;
    size_t z = 9;
    unsigned u = 3u;
    struct point p = {1, 2};
    int calls = 0;

    printf("%g %g %ld %d\n", TWICE(d), (double)TWICE(f), TWICE(l), TWICE(i));
    printf("%s %s %s %s %s %s\n", TYPE_NAME(i), TYPE_NAME(l), TYPE_NAME(f), TYPE_NAME(d), TYPE_NAME(c), TYPE_NAME(u));
    printf("%s %s %s %s %s\n", TYPE_NAME(buf), TYPE_NAME(cs), TYPE_NAME(&i), TYPE_NAME(p), TYPE_NAME(n));
    printf("%s %s %s\n", TYPE_NAME(ci), TYPE_NAME(z), TYPE_NAME(1.0f));
    printf("%d %d %d %d %d %d %d\n", KIND(i), KIND(l), KIND(10LL), KIND(u), KIND(d), KIND(c), KIND(ci));
    printf("%d %g %ld\n", ABS(i), ABS(d), ABS(-l));
    int64_t big = 1;
    printf("%s %s %s %s %s\n", KIND_NAME(n), KIND_NAME(p), KIND_NAME(big), KIND_NAME(i), KIND_NAME(z));
    /* only the chosen association is evaluated */
    int r = _Generic(d, int: ++calls, double: calls + 10, default: calls--);
    printf("%d %d\n", r, calls);
    printf("%d\n", (int)sizeof(_Generic(c, char: buf, default: cs)));
    return 0;
}
