/* long double libm functions with no exact 80-bit port (expl, logl, powl, sinl, ...) compute through their double
 * twin (a -Wlong-double-function warning): printed with fewer digits than a double holds, as programs print them,
 * they agree with gcc's x87 results; the exact ones (sqrtl, fmodl, floorl) stay exact */
#include <math.h>
#include <stdio.h>

int main(void)
{
    long double x = 0.5L, sum = 0.0L;
    for (int i = 1; i <= 20; i++) {
        long double t = i * x;
        sum += expl(-t) + logl(t + 1.0L) + powl(t, 1.5L) + sinl(t) * cosl(t) + atanl(t) + sqrtl(t);
    }
    printf("%.9Lf\n", sum);
    printf("%.12Lg %.12Lg %.12Lg\n", expl(1.0L), logl(10.0L), tanhl(0.25L));
    printf("%.10Lf\n", atan2l(1.0L, 2.0L) * 4.0L);
    return 0;
}
