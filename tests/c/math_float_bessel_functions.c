/* The rest of C99's float functions and glibc's Bessel functions, logb, remquo, drem and significand, which legacy
 * scientific codes call: each port's digits are glibc's (the inexact ones are libm's own). */
#include <math.h>
#include <stdio.h>

int main(void)
{
    float fs[] = {0.5f, -0.75f, 1.5f, 2.0f, 10.25f, -3.5f, 1e-3f, 100.0f, 0.0f, -0.0f};
    for (unsigned i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        float x = fs[i];
        int e = 0, q = 0;
        float fr = frexpf(x, &e);
        float rq = remquof(x * 7.0f, 2.5f, &q);
        printf("x=%a acosh %a asinh %a atanh %a erf %a erfc %a exp2 %a expm1 %a log1p %a tgamma %a\n", x,
               acoshf(fabsf(x) + 1.0f), asinhf(x), atanhf(x / 128.0f), erff(x), erfcf(x), exp2f(x), expm1f(x),
               log1pf(fabsf(x)), tgammaf(x + 0.25f));
        printf("  logb %a ilogb %d rint %a nearbyint %a lrint %ld llrint %lld lround %ld llround %lld copysign %a\n",
               logbf(x), x == 0 ? 0 : ilogbf(x), rintf(x), nearbyintf(x), lrintf(x), llrintf(x), lroundf(x),
               llroundf(x), copysignf(2.0f, x));
        printf("  fdim %a frexp %a,%d scalbn %a scalbln %a remainder %a remquo %a,%d drem %a\n", fdimf(x, 1.0f), fr, e,
               scalbnf(x, 5), scalblnf(x, -3L), remainderf(x * 7.0f, 2.5f), rq, q, dremf(x, 0.75f));
        printf("  j0 %a j1 %a y0 %a y1 %a\n", j0f(x), j1f(x), x > 0 ? y0f(x) : 0.0f, x > 0 ? y1f(x) : 0.0f);
    }
    double ds[] = {0.5, 1.0, 2.5, 10.0, 33.3, -4.75, 1e-5, 1e5};
    for (unsigned i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        double x = ds[i];
        int q = 0;
        double rq = remquo(x * 3.0, 0.7, &q);
        printf("x=%g j0 %.17g j1 %.17g jn(3) %.17g y0 %.17g y1 %.17g yn(2) %.17g\n", x, j0(x), j1(x), jn(3, x),
               x > 0 ? y0(x) : 0.0, x > 0 ? y1(x) : 0.0, x > 0 ? yn(2, x) : 0.0);
        printf("  logb %g significand %.17g remquo %.17g,%d drem %.17g scalbln %g\n", logb(x), significand(x), rq, q,
               drem(x, 0.3), scalbln(x, 1000L));
    }
    printf("logb(0) %g logb(inf) %g logbf(-0) %g nanf %f\n", logb(0.0), logb(INFINITY), logbf(-0.0f), nanf(""));
    printf("scalbln(1, 1L << 40) %g scalbln(1, -(1L << 40)) %g\n", scalbln(1.0, 1L << 40), scalbln(1.0, -(1L << 40)));
    return 0;
}
