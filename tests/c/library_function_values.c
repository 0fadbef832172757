/* Library functions used as values: a table of math.h functions, a comparison function pointer set to
 * strcmp, and a function taking `double (*)(double)` called with sqrt and fabs. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <math.h>

typedef double (*unary)(double);

static double (*table[5])(double) = {sin, cos, exp, sqrt, fabs};
static const char *table_names[5] = {"sin", "cos", "exp", "sqrt", "fabs"};

static double integrate(unary f, double a, double b, int n)
{
    double h = (b - a) / n, s = 0.5 * (f(a) + f(b));
    for (int i = 1; i < n; i++)
        s += f(a + i * h);
    return s * h;
}

int main(void)
{
    int (*compare)(const char *, const char *) = strcmp;
    unary chosen = floor;
    const char *words[3] = {"pear", "apple", "plum"};
    for (int i = 0; i < 5; i++)
        printf("%-4s(0.7) = %.12f\n", table_names[i], table[i](0.7));
    printf("integral of sqrt on [0, 2]: %.10f\n", integrate(sqrt, 0.0, 2.0, 1000));
    printf("integral of fabs on [-1, 1]: %.10f\n", integrate(fabs, -1.0, 1.0, 1000));
    printf("floor(-2.5) = %.1f\n", chosen(-2.5));
    chosen = ceil;
    printf("ceil(-2.5) through the same variable = %.1f\n", chosen(-2.5));
    for (int i = 0; i < 2; i++)
        printf("compare(%s, %s) < 0: %d\n", words[i], words[i + 1], compare(words[i], words[i + 1]) < 0);
    return 0;
}
