/* long double's exactly rounded library functions (sqrtl, fabsl, fmodl, floorl, ceill, truncl, roundl), the
 * classification macros and float.h's limits (HUGE_VALL, LDBL_MAX, ...), as gcc's x87 code and glibc compute them:
 * every bit printed with %La and %.21Lg. */
#include <float.h>
#include <math.h>
#include <stdio.h>

static void show(const char *what, long double v) { printf("%-8s %La %.21Lg\n", what, v, v); }

int main(void)
{
    long double xs[] = {2.0L, 0.1L, 1e-4940L, 12345678901234567890.5L, -7.5L, 2.5L, -0.5L, 1e4000L};
    int i, n = sizeof xs / sizeof xs[0];
    for (i = 0; i < n; i++) {
        long double x = xs[i];
        printf("x = %La\n", x);
        show("sqrtl", sqrtl(fabsl(x)));
        show("fabsl", fabsl(x));
        show("fmodl", fmodl(x, 0.3L));
        show("floorl", floorl(x));
        show("ceill", ceill(x));
        show("truncl", truncl(x));
        show("roundl", roundl(x));
        printf("class %d %d %d %d %d\n", isnan(x) != 0, isinf(x * x) != 0, isfinite(x) != 0, isnormal(x) != 0,
               signbit(x) != 0);
    }
    show("sqrt(-1)", sqrtl(-1.0L));
    printf("nan %d\n", isnan(sqrtl(-1.0L)) != 0);
    {
        long double huge = HUGE_VALL, inf = INFINITY, nan = NAN;
        printf("limits %La %La %La %La %La %d %d %d %d\n", huge, LDBL_MAX, LDBL_MIN, LDBL_EPSILON, LDBL_MAX - huge,
               LDBL_MANT_DIG, LDBL_DIG, LDBL_MAX_EXP, isinf(inf) && isnan(nan));
    }
    return 0;
}
