/* %e, %f, %g and %a of corner values: infinities, NAN and a computed 0/0 (x86 makes it with the sign bit set,
 * which glibc prints as -nan), -0.0, the smallest denormal and DBL_MIN, DBL_MAX, halfway roundings (%.0f is
 * round-half-even on the binary value), %g's switch to exponent form, and #'s kept trailing zeros. */
#include <stdio.h>
#include <math.h>
#include <float.h>

int main(int argc, char **argv) {
    volatile double zero = argc - argc;
    double inf = 1.0 / zero, nan_div = zero / zero, neg = -zero;
    double den = 4.9406564584124654e-324;
    printf("%f %e %g %E %G\n", inf, -inf, inf, inf, -inf);
    printf("%f %g %f %e\n", NAN, NAN, -NAN, nan_div);
    printf("%5.1f|%-8g|%+e\n", inf, -inf, inf);
    printf("%f %e %g %.0f %a\n", neg, neg, neg, -0.4, neg);
    printf("%g %e %.3g %a\n", den, den, DBL_MIN, DBL_MIN);
    printf("%g %e %.17g\n", DBL_MAX, DBL_MAX, DBL_MAX);
    printf("%.0f %.0f %.0f %.0f %.1f %.2f\n", 0.5, 1.5, 2.5, 3.5, 0.25, 1.005);
    printf("%g %g %g %g %g %g\n", 100000.0, 1000000.0, 0.0001, 0.00001, 123456789.0, 1e-300);
    printf("%#g %#.3g %#.0f %#.0e %#x\n", 1.0, 2.5, 3.0, 4.0, 0);
    printf("%.20f %.17g %.9g\n", 0.1, 0.1, 0.1f);
    printf("%10.3e|%-12.4g|%012.3f|%+.0e\n", 12345.678, 0.000123456, -3.14159, 9.5);
    printf("%a %A %.2a %a\n", 1.0, 255.5, 1.0 / 3, 0.1);
    printf("%d %d %d %d\n", isnan(nan_div) != 0, isinf(-inf) != 0, signbit(neg) != 0, signbit(nan_div) != 0);
    (void)argv;
    return 0;
}
