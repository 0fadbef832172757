/* C99 float complex against gcc: products in float (gcc's inline code), quotients by libgcc's __divsc3 (GCC 12
 * computes them in double and rounds), mixed float / double / double complex operands, conversions both ways,
 * a float DFT, and complex.h's float functions (glibc's). */
#include <stdio.h>
#include <complex.h>
#include <math.h>
#include <string.h>

#define N 8

static void show(const char *what, float complex z)
{
    printf("%-8s %.9g %+.9g i\n", what, crealf(z), cimagf(z));
}

static unsigned long long state = 88172645463325252ULL;
static float next_value(void)
{
    static const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, 1e-40f, 3e38f, -2e-38f};
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    unsigned k = (unsigned)(state % 64);
    if (k < 10)
        return special[k];
    float m = (float)(state >> 40) / 16777216.0f - 0.5f;
    int e = (int)((state >> 3) % 30) - 15;
    if (k < 14)
        e *= 8;
    return ldexpf(m, e);
}

int main(void)
{
    float complex z = 1.5f - 2.0f * I, w = -0.25f + 4.0f * I, x[N], X[N];
    float f = 3.0f;
    show("z*w", z * w);
    show("z/w", z / w);
    show("f/z", f / z);
    show("z*f", z * f);
    z *= w;
    z /= 3;
    show("ops=", z);
    double complex d = z * 0.1;  /* promoted to double complex */
    float complex back = d / 7;  /* and rounded back */
    printf("%.17g %+.17g i -> %.9g %+.9g i, sizeof %zu %zu\n", creal(d), cimag(d), crealf(back), cimagf(back),
           sizeof z, sizeof d);
    float re = w;
    printf("real %.9g truth %d eq %d\n", re, w ? 1 : 0, w == -0.25f + 4.0f * I);
    for (int n = 0; n < N; n++)
        x[n] = cosf(2 * (float)M_PI * n / N) + I * sinf(4 * (float)M_PI * n / N) * 0.5f;
    for (int k = 0; k < N; k++) {
        X[k] = 0;
        for (int n = 0; n < N; n++)
            X[k] += x[n] * cexpf(-2.0f * I * (float)M_PI * k * n / N);
    }
    show("X[1]", X[1]);
    show("X[6]", X[6]);
    volatile float wr = -0.25f, wi = 4.0f;
    w = wr + wi * I;
    printf("abs %.9g arg %.9g\n", cabsf(w), cargf(w));
    show("cexpf", cexpf(w));
    show("clogf", clogf(w));
    show("csqrtf", csqrtf(w));
    show("cpowf", cpowf(w, z));
    show("csinf", csinf(w));
    show("conjf", conjf(w));

    unsigned long long sum = 0;
    for (int i = 0; i < 4000; i++) {
        float a = next_value(), b = next_value(), c = next_value(), e = next_value();
        float complex p = a + b * I, q = c + e * I;
        float complex r[5] = {p * q, p / q, a / q, p * c, p / c};
        for (int k = 0; k < 5; k++) {
            float parts[2] = {crealf(r[k]), cimagf(r[k])};
            for (int j = 0; j < 2; j++) {
                unsigned bits;
                if (isnan(parts[j]))
                    bits = 0x7fc00000u;  /* NaN's sign and payload are not C's to fix */
                else
                    memcpy(&bits, &parts[j], 4);
                sum = sum * 31 + bits;
            }
            if (i < 3)
                printf("%d.%d %.9g %+.9g i\n", i, k, parts[0], parts[1]);
        }
    }
    printf("checksum %016llx\n", sum);
    return 0;
}
