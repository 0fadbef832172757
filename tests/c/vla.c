/* Variable-length arrays sized at run time (C99), as MPI codes size buffers by the rank count; sizeof
 * of one is its length times the element size. */
#include <stdio.h>
#include <string.h>
static double sum(int n, const double v[n])
{
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}
int main(void)
{
    for (int n = 1; n <= 4; n++) {
        double buf[n];
        int counts[n + 1];
        memset(counts, 0, sizeof counts);
        for (int i = 0; i < n; i++) { buf[i] = i * 0.5; counts[i] = i * i; }
        printf("n=%d sum %g sizes %zu %zu last %d\n", n, sum(n, buf), sizeof buf, sizeof(counts), counts[n]);
    }
    return 0;
}
