/* float arithmetic as gcc on x86-64 does it (each operation in single precision): a float accumulator of 0.1f,
 * float times double promotions, float division and comparison with a double constant, %a hex output, and the
 * digits of FLT_EPSILON and of a float printed with %.9g. */
#include <float.h>
#include <stdio.h>

int main(void) {
    float s = 0;
    int i;
    for (i = 0; i < 1000; i++) s += 0.1f;
    printf("%.10f %.9g\n", s, s);
    float f = 1.1f;
    double d = f * 2.0, e = f * 2.0f;
    printf("%.17g %.17g %d %d\n", d, e, f == 1.1, f == 1.1f);
    float third = 1.0f / 3.0f;
    printf("%.9g %.17g %a %a\n", third, (double)third, 1.0, 0.1);
    printf("%.9g %g %g\n", FLT_EPSILON, FLT_MAX, (double)FLT_MIN);
    float big = 16777216.0f;
    printf("%.1f %.1f\n", big + 1.0f, big + 2.0f);
    int n = (int)(0.7f * 10);
    printf("%d %d\n", n, (int)(0.7 * 10));
    return 0;
}
