/* A label right before a declaration (C23; gcc accepts it since gcc 11, libclang 14 does not): `case 2: double m;`,
 * `default: int k;`, a goto's target declaring a variable, labels in a chain, a label alone on its line over a
 * declaration at the line's start, comments between the label and the declaration, and several case labels on one
 * line. */
#include <stdio.h>

static double median_or_mean(const double *v, int n, int how)
{
    switch (how) {
    case 1: double sum = 0; /* the case's declaration, on the label's line */
        for (int i = 0; i < n; i++)
            sum += v[i];
        return sum / n;
    case 2:
        // the declaration after a comment line
        double middle = v[n / 2];
        return middle;
    case 4: /* a block comment */ double last = v[n - 1];
        return last;
    default: int k = n - 1; return v[k];
    }
}

static int count_down(int from)
{
    int steps = 0;
again: int here = from - steps;
    if (here > 0) {
        steps++;
        goto again;
    }
    return steps;
}

static int chained(int x)
{
    int r = 0;
    switch (x) { case 0: r = 10; break; case 1: case 2: int twice = 2 * x; r = twice; break; }
first: second:
int late = r + 1;
    if (late < 0)
        goto first;
    if (late < -1)
        goto second;
    return late;
}

int main(void)
{
    double v[5] = {1.0, 2.0, 4.0, 8.0, 16.0};
    printf("%.2f %.2f %.2f %.2f\n", median_or_mean(v, 5, 1), median_or_mean(v, 5, 2), median_or_mean(v, 5, 3),
           median_or_mean(v, 5, 4));
    printf("%d %d\n", count_down(7), count_down(0));
    printf("%d %d %d\n", chained(0), chained(1), chained(2));
    return 0;
}
