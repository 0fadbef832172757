/* C99 math (fmax, round, frexp...), glibc's classification macros (isnan, isinf, fpclassify: compiler
 * builtins under clang) and the timing structs legacy codes read (gettimeofday, clock_gettime). */
#include <stdio.h>
#include <math.h>
#include <time.h>
#include <sys/time.h>

static const char *class_name(double x)
{
    switch (fpclassify(x)) {
    case FP_NAN: return "nan";
    case FP_INFINITE: return "infinite";
    case FP_ZERO: return "zero";
    case FP_SUBNORMAL: return "subnormal";
    default: return "normal";
    }
}

int main(void)
{
    double values[] = {2.5, -2.5, 0.49999999999999994, -0.0, 1e-310, 7.0 / 3.0};
    for (int i = 0; i < 6; i++) {
        double x = values[i];
        int e = 0;
        double ip = 0;
        double m = frexp(x, &e);
        double f = modf(x, &ip);
        printf("%.17g: round %g trunc %g rint %g lround %ld frexp %.17g*2^%d modf %.17g+%.17g %s\n", x, round(x),
               trunc(x), rint(x), lround(x), m, e, ip, f, class_name(x));
    }
    printf("fmax %g fmin %g fdim %g hypot %.17g cbrt %.17g log2 %.17g\n", fmax(1.0, NAN), fmin(-1.0, 3.0),
           fdim(5.0, 3.0), hypot(3.0, 4.0), cbrt(-8.0), log2(10.0));
    printf("copysign %g ldexp %g expm1 %.17g log1p %.17g erf %.17g\n", copysign(3.0, -0.0), ldexp(0.75, 4),
           expm1(1e-8), log1p(1e-8), erf(0.5));
    double inf = 1.0 / 0.0, nan = 0.0 / 0.0;
    float nf = -1.5f;
    printf("isnan %d %d isinf %d %d %d isfinite %d %d isnormal %d %d signbit %d %d %d\n", isnan(nan) != 0,
           isnan(inf) != 0, isinf(inf), isinf(-inf), isinf(1.0), isfinite(1.0) != 0, isfinite(inf) != 0,
           isnormal(1.0) != 0, isnormal(1e-310) != 0, signbit(-0.0) != 0, signbit(nf) != 0, signbit(2.0) != 0);
    printf("%s %s %s\n", class_name(nan), class_name(-inf), class_name(0.0));

    struct timeval tv;
    gettimeofday(&tv, NULL);
    time_t now = 0;
    time(&now);
    printf("gettimeofday sane: %d\n", tv.tv_sec > 1000000000 && tv.tv_usec >= 0 && tv.tv_usec < 1000000 &&
           tv.tv_sec - now < 2 && now - tv.tv_sec < 2);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double elapsed = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9;
    printf("monotonic sane: %d\n", elapsed >= 0 && elapsed < 10 && a.tv_nsec < 1000000000);
    return 0;
}
