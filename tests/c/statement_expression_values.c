/* GNU statement expressions that only compute a value from their own initialized locals (the side-effect-safe max
 * macro; csmith's safe-math macros with -DUSE_MATH_MACROS) are a call of a function of their own, evaluated where
 * they stand: in a loop's condition and step, after another effect of their expression, on one side of && or ?:,
 * nested in each other (csmith tier 4 -DUSE_MATH_MACROS seeds 1650000-1650009 were -Wstatement-expression errors).
 * A statement expression that changes state keeps the move out of its expression (statement_expressions.c). */
#include <stdio.h>
#include <stdint.h>

#define SAFE_ADD(_a, _b) ({ int8_t a1 = (_a); int8_t b1 = (_b); \
    (((a1 > 0) && (b1 > 0) && (a1 > (INT8_MAX - b1))) || ((a1 < 0) && (b1 < 0) && (a1 < (INT8_MIN - b1)))) \
    ? a1 : (int8_t)(a1 + b1); })
#define MAX(x, y) ({ long mx = (x); long my = (y); mx > my ? mx : my; })
#define SCALE(v) ({ double sv = (v); sv * 0.5 + 1.0; })

static int calls;
static int next(void) { return ++calls * 7 % 11; }

int main(void)
{
    int8_t g = 100;
    int i, n = 0;
    for (i = 0; SAFE_ADD(i, 3) < 12; i = SAFE_ADD(i, SAFE_ADD(1, 1)))
        n += i;
    int r = next() + MAX(next(), next() * 2);
    int s = n > 3 && SAFE_ADD(g, g) == 100;
    int t = calls > 100 ? (int)MAX(calls, 5) : SAFE_ADD(SAFE_ADD(g, 20), SAFE_ADD(-g, -g));
    double d = 0;
    while (SCALE(d) < 4.0)
        d = SCALE(d) * 2 + 0.25;
    printf("%d %d %d %d %.4f %d\n", n, r, s, t, d, calls);
    printf("%d %d\n", SAFE_ADD(next(), 120), next());
    return 0;
}
