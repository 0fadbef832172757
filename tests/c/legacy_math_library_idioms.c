/* math.h and stdlib.h idioms of numerical codes: fabs/floor/ceil/round/trunc/fmod of negatives, rint's even
 * rounding, pow of integers, sqrt and hypot, exp/log pairs, isnan/isinf from 0.0/0.0 and 1.0/0.0, abs/labs,
 * div/ldiv, and integer rounding of (int)(x + 0.5). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    double xs[] = {-2.5, -1.5, -0.4, 0.5, 1.5, 2.5};
    int i;
    for (i = 0; i < 6; i++)
        printf("%g: %g %g %g %g %g %g\n", xs[i], floor(xs[i]), ceil(xs[i]), round(xs[i]), trunc(xs[i]), rint(xs[i]),
               fmod(xs[i], 1.0));
    printf("%g %g %g %.10f\n", pow(2, 10), pow(-2, 3), sqrt(2.0), hypot(3, 4));
    printf("%.12g %.12g %.6g\n", exp(log(10.0)), log10(1000.0), atan2(1, 1) * 4);
    double zero = 0.0;
    double nan_value = zero / zero, inf = 1.0 / zero;
    printf("%d %d %d %d %g %g\n", isnan(nan_value) != 0, isinf(inf) != 0, nan_value == nan_value, inf > 1e308, -inf, fabs(-0.0));
    div_t d = div(-7, 2);
    ldiv_t ld = ldiv(1000000007L, 10);
    printf("%d %ld %d %d %ld %ld\n", abs(-5), labs(-7L), d.quot, d.rem, ld.quot, ld.rem);
    printf("%d %d %d\n", (int)(2.5 + 0.5), (int)(-2.5 + 0.5), (int)-2.7);
    return 0;
}
