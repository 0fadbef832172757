/* `x > y ? x : y` and `x < y ? x : y` of doubles and floats (the MAX and MIN macros, a larger() function) on NaNs,
 * signed zeros and infinities: the port turns the strict forms into one maxsd or minsd (CMath.IfGreater, IfLess),
 * which must give the operand C's conditional gives, bit for bit; the forms with >= and <= stay conditionals. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static double larger(double a, double b)
{
    return a > b ? a : b;
}

static float smaller_f(float a, float b)
{
    return a < b ? a : b;
}

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

int main(void)
{
    int n = (int)(sizeof texts / sizeof texts[0]);
    int i, j, counts[8] = {0};
    double v[16], top = -1.0;
    float f[16];
    for (i = 0; i < n; i++) {
        v[i] = strtod(texts[i], NULL);
        f[i] = (float)v[i];
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            double x = v[i], y = v[j];
            float fx = f[i], fy = f[j];
            printf("%s %s: %016llx %016llx %016llx %016llx %016llx %016llx | %08x %08x %08x\n", texts[i], texts[j],
                   bits(larger(x, y)), bits(MIN(x, y)), bits(x < y ? y : x), bits(x > y ? y : x),
                   bits(x >= y ? x : y), bits(v[i] > v[j] ? v[i] : v[j]), bits_f(smaller_f(fx, fy)),
                   bits_f(MAX(fx, fy)), bits_f(fx > fy ? fy : fx));
        }
    for (i = 0; i < 1000; i++) {
        double t3 = sin(i * 0.37), t4 = cos(i * 0.91);
        double a = fabs(t3) * 7.0, b = fabs(t4) * 7.0;
        int l = (int)larger(a, b);
        counts[l]++;
        top = MAX(top, a - b);
    }
    for (i = 0; i < 8; i++)
        printf("%d ", counts[i]);
    printf("%.17g\n", top);
    return 0;
}
