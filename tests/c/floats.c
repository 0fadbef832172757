/* Floating point: math.h, float vs double, conversions, printf of doubles. */
#include <stdio.h>
#include <math.h>

#define STEPS 10

double integrate(double a, double b, int n)
{
    double h = (b - a) / n, sum = 0.0;
    int i;
    for (i = 0; i < n; i++)
        sum += sin(a + (i + 0.5) * h) * h;
    return sum;
}

int main(void)
{
    float f = 1.0f / 3.0f;
    double d = 1.0 / 3.0;
    int i;
    printf("%.10f %.17g %e\n", f, d, d * 1e-10);
    printf("%g %g %g\n", sqrt(2.0), pow(2.0, 0.5), exp(1.0));
    printf("%.6f %.6f %.6f\n", floor(-2.5), ceil(-2.5), fabs(-3.25));
    printf("%.15f\n", integrate(0.0, M_PI, 1000));
    for (i = 0; i < STEPS; i++)
        printf("%d %.4f %.3e\n", i, atan2(i, STEPS - i), log(1.0 + i));
    printf("%d %ld %u\n", (int)2.9e8, (long)-2.5, (unsigned)3.7);
    printf("%f %f\n", fmod(7.5, 2.0), fmod(-7.5, 2.0));
    /* float -> integer -> float: the integer part; -1 < x < 0 gives the integer 0, so +0 */
    {
        double neg = -0.3, big = 123456789.75;
        float fneg = -0.5f;
        printf("%g %g %.2f %g %g\n", (double)(int)neg, (double)(int)(big * 2.0), (double)(long)-big,
               (double)(unsigned char)(big / 1e6), (float)(int)fneg);
    }
    {   /* (_Bool) of a floating value is "not zero" */
        double quarter = 0.25, zero = 0.0;
        float fz = -0.0f;
        printf("%d %d %d %d\n", (_Bool)quarter, (_Bool)zero, (_Bool)fz, (_Bool)quarter + (_Bool)-2.5);
    }
    /* C's NAN has the sign bit clear: it prints "nan", its negation "-nan" (.NET's NaN is the negative one) */
    double not_a_number = NAN;
    float nanf_value = NAN;
    printf("%f %f %g %d %d\n", not_a_number, nanf_value, -not_a_number, signbit(not_a_number) != 0, isnan(nanf_value));
    {   /* glibc's log and log2 of a negative number are the NaN with the sign bit set; log10's and sqrt's are not */
        volatile double minus_one = -1.0, minus_zero = -0.0;
        printf("%g %g %g %g %g %g\n", log(minus_one), log2(minus_one), log10(minus_one), sqrt(minus_one),
               log(minus_zero), log(-INFINITY));
    }
    return 0;
}
