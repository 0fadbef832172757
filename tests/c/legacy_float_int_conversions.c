/* Conversions between floating and integer values: truncation toward zero of positives and negatives, rint and
 * nearbyint (round-half-even), lround and round (half away from zero), floor/ceil of negatives giving -0,
 * large doubles to long, float rounding of 0.1, and integer division/modulo of negatives beside fmod. */
#include <stdio.h>
#include <math.h>

int main(void) {
    double xs[] = {3.99, -3.99, 2.5, -2.5, 0.5, -0.5, 1e18 + 1};
    for (int i = 0; i < 7; i++) {
        double x = xs[i];
        printf("%g: (int)%d (long)%ld rint %g nearbyint %g lround %ld round %g floor %g ceil %g trunc %g\n", x,
               (int)(x > 3e9 ? 0 : x), (long)x, rint(x), nearbyint(x), lround(x), round(x), floor(x), ceil(x), trunc(x));
    }
    float f = 0.1f;
    printf("%d %.9g %.17g %d\n", f == 0.1, f, (double)f, (float)0.1 == f);
    printf("%d %d %d %d %g %g\n", -7 / 2, -7 % 2, 7 / -2, 7 % -2, fmod(-7, 2), remainder(-7, 2));
    printf("%d %u %lld\n", (int)-0.9, (unsigned)3.7, (long long)-9.2e15);
    printf("%g %g %g\n", (double)(float)16777217, (double)(long)1e15, (double)9007199254740993LL);
    return 0;
}
