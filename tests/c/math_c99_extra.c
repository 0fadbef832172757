/* C99 math functions: nextafter, nextafterf, ilogb, llrint, modff and nan, against glibc. */
#include <stdio.h>
#include <math.h>
#include <float.h>
#include <limits.h>

int main(void)
{
    double xs[] = {0.0, -0.0, 1.0, -1.5, 2.5, 1e-310, DBL_MAX, 3.75, -7.25, 1e300};
    int i;
    float whole;
    for (i = 0; i < (int)(sizeof xs / sizeof xs[0]); i++) {
        double x = xs[i];
        printf("%g: up %.17g down %.17g ilogb %d llrint %lld\n", x, nextafter(x, INFINITY), nextafter(x, -INFINITY),
               ilogb(x), x < 1e18 && x > -1e18 ? llrint(x) : 0LL);
    }
    printf("%.9g %.9g %g\n", nextafterf(1.0f, 2.0f), nextafterf(0.0f, -1.0f), nextafter(1.0, 1.0));
    printf("ilogb %d %d %d\n", ilogb(0.0) == INT_MIN, ilogb(INFINITY) == INT_MAX, ilogb(NAN) == INT_MIN);
    {
        float fraction = modff(-3.25f, &whole);
        printf("%f %f\n", fraction, whole);
    }
    printf("%f %f %d\n", nan(""), -nan("1"), isnan(nan("")));
    return 0;
}
