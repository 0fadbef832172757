/* C99 double complex against gcc: mixed real/complex operands (kept real, as gcc lowers them), products with
 * Annex G's infinity recovery, quotients by libgcc's __divdc3 (GCC 12's scaling of huge and tiny operands),
 * compound assignments, comparisons, conversions, and complex.h's functions (glibc's). */
#include <stdio.h>
#include <complex.h>
#include <math.h>
#include <string.h>

static void show(const char *what, double complex z)
{
    printf("%-8s %.17g %+.17g i\n", what, creal(z), cimag(z));
}

/* a reproducible stream of doubles across magnitudes, with the special values mixed in */
static unsigned long long state = 88172645463325252ULL;
static double next_value(void)
{
    static const double special[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, 1e-310, 1e308, -3e-300};
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    unsigned k = (unsigned)(state % 64);
    if (k < 10)
        return special[k];
    double m = (double)(state >> 11) / 9007199254740992.0 - 0.5;
    int e = (int)((state >> 3) % 40) - 20;
    if (k < 14)
        e *= 15;  /* now and then far from 1 */
    return ldexp(m, e);
}

int main(void)
{
    double complex z = 1.5 - 2.0 * I, w = -0.25 + 4.0 * I;
    double x = 3.0;
    int n = 7;
    show("z+w", z + w);
    show("z-w", z - w);
    show("z*w", z * w);
    show("z/w", z / w);
    show("x+z", x + z);
    show("z-x", z - x);
    show("x-z", x - z);
    show("x*z", x * z);
    show("z/x", z / x);
    show("x/z", x / z);
    show("n*z", n * z);
    show("-z", -z);
    show("conj", conj(z));
    z += w;
    z *= 2;
    z /= w;
    z -= 1;
    show("ops=", z);
    printf("eq %d %d %d neq %d\n", z == z, (1.0 + 0.0 * I) == 1.0, w == -0.25, z != w);
    double re = z;  /* the real part */
    int truth = w ? 1 : 0, falsity = (0.0 * I) ? 1 : 0;
    printf("real %.17g truth %d %d sizeof %zu\n", re, truth, falsity, sizeof(double complex));
    /* gcc folds functions of constants with correctly rounded results; data are not constants */
    volatile double wr = -0.25, wi = 4.0;
    w = wr + wi * I;
    printf("abs %.17g arg %.17g\n", cabs(w), carg(w));
    show("cexp", cexp(w));
    show("cexp(-I * x)", cexp(-I * wr));  /* a negated float complex I widened to double complex */
    show("clog", clog(w));
    show("csqrt", csqrt(w));
    show("cpow", cpow(w, z));
    show("csin", csin(w));
    show("ccos", ccos(w));
    show("ctanh", ctanh(w));
    show("cproj", cproj(INFINITY - 2.0 * I));

    /* the same operations over 4000 pairs of the stream: a checksum of the bits and the first ones printed */
    unsigned long long sum = 0;
    for (int i = 0; i < 4000; i++) {
        double a = next_value(), b = next_value(), c = next_value(), d = next_value();
        double complex p = a + b * I, q = c + d * I;
        double complex r[6] = {p * q, p / q, a / q, p * c, p / c, c - p};
        for (int k = 0; k < 6; k++) {
            double parts[2] = {creal(r[k]), cimag(r[k])};
            for (int j = 0; j < 2; j++) {
                unsigned long long bits;
                if (isnan(parts[j]))
                    bits = 0x7ff8000000000000ULL;  /* NaN's sign and payload are not C's to fix */
                else
                    memcpy(&bits, &parts[j], 8);
                sum = sum * 31 + bits;
            }
            if (i < 3)
                printf("%d.%d %.17g %+.17g i\n", i, k, parts[0], parts[1]);
        }
    }
    printf("checksum %016llx\n", sum);
    return 0;
}
