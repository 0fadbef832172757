/* Conversions of doubles and floats to int and long at run time, written and implicit: the integer part (toward
 * zero) wherever C defines the conversion, and, where it does not (NaN, infinities, values outside the type),
 * what gcc's x86-64 code gives, cvttsd2si's "integer indefinite" (the type's minimum), not a saturated value.
 * The values come from strtod, so gcc cannot fold the conversions at compile time. */
#include <stdio.h>
#include <stdlib.h>

static const char *texts[] = {
    "0", "-0", "0.5", "-0.5", "1.9999", "-1.9999", "12345.678", "-12345.678", "2147483647.9", "-2147483648.9",
    "2147483648", "-2147483649", "3e9", "-3e9", "9.2e18", "-9.2e18", "1e19", "-1e19", "1e300", "-1e300",
    "inf", "-inf", "nan", "-nan", "4.9e-324",
};

static int bin(double x, double width)
{
    return (int)(x / width); /* a histogram's bin, the shape of NPB EP's annulus count */
}

int main(void)
{
    int n = (int)(sizeof texts / sizeof texts[0]);
    int i, histogram[4] = {0, 0, 0, 0};
    long sum = 0;
    for (i = 0; i < n; i++) {
        double d = strtod(texts[i], NULL);
        float f = (float)d;
        int implicit_int = d;
        long implicit_long = f;
        printf("%-14s int %d long %ld float->int %d float->long %ld implicit %d %ld\n", texts[i], (int)d,
               (long)d, (int)f, (long)f, implicit_int, implicit_long);
    }
    for (i = 0; i < 1000; i++) {
        double x = (i * 37 % 1000) / 1000.0;
        histogram[bin(x, 0.25)]++;
        sum += (long)(x * 1e6);
    }
    printf("histogram %d %d %d %d sum %ld\n", histogram[0], histogram[1], histogram[2], histogram[3], sum);
    return 0;
}
