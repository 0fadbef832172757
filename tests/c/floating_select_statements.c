/* The statement form of a running maximum or minimum, `if (x > m) m = x;`, over doubles and floats with NaNs,
 * signed zeros and infinities: into a local the port makes it one maxsd or minsd (m = CMath.IfGreater(x, m)),
 * which must leave in m what C's if leaves, bit for bit, for every order of the comparison's operands. Into memory
 * (a pointer's target, a global, an element) the store stays conditional, as gcc keeps it; those print too. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long bits(double x)
{
    unsigned long long b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static unsigned int bits_f(float x)
{
    unsigned int b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static const char *texts[] = {"0", "-0", "1", "-1", "2.5", "1e308", "-1e-310", "inf", "-inf", "nan", "-nan"};

static double lowest_seen = 1.0;

/* nbody's statistics: the minimum kept through a pointer */
static void keep_smaller(double d, double *dmin)
{
    if (d < *dmin)
        *dmin = d;
}

int main(void)
{
    int n = (int)(sizeof texts / sizeof texts[0]);
    int i, j;
    double v[16], tops[4];
    float f[16];
    for (i = 0; i < n; i++) {
        v[i] = strtod(texts[i], NULL);
        f[i] = (float)v[i];
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            double x = v[i], a = v[j], b = v[j], c = v[j], d = v[j];
            float fx = f[i], fa = f[j], fb = f[j];
            double through = v[j];
            if (x > a) a = x;      /* a = max(x, a) */
            if (b < x) b = x;      /* the same, the operands the other way */
            if (x < c) {           /* a minimum, braced */
                c = x;
            }
            if (d > x) d = x;      /* the same minimum */
            if (fx > fa) fa = fx;  /* floats */
            if (fx < fb) fb = fx;
            keep_smaller(x, &through);
            printf("%s %s: %016llx %016llx %016llx %016llx %08x %08x %016llx\n", texts[i], texts[j], bits(a), bits(b),
                   bits(c), bits(d), bits_f(fa), bits_f(fb), bits(through));
        }
    /* a running maximum and minimum over the values, in a loop, into locals and into memory */
    {
        double top = -INFINITY, bottom = INFINITY, mid = 0.0;
        tops[0] = -1.0;
        for (i = 0; i < n; i++) {
            if (v[i] > top) top = v[i];
            if (bottom > v[i]) bottom = v[i];
            if (v[i] >= mid) mid = v[i];  /* >= keeps the if: ties and NaNs go the other way than maxsd */
            if (v[i] > tops[0]) tops[0] = v[i];
            if (v[i] < lowest_seen) lowest_seen = v[i];
        }
        printf("top %016llx bottom %016llx mid %016llx element %016llx global %016llx\n", bits(top), bits(bottom),
               bits(mid), bits(tops[0]), bits(lowest_seen));
    }
    return 0;
}
