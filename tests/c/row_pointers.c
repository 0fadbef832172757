/* Pointers to rows of a 2-D array (double (*m)[N]): allocated, moved by whole rows, dereferenced,
 * subtracted. The buffer is the flattened array, so every step is a row's length. */
#include <stdio.h>
#include <stdlib.h>
#define N 4
static void scale(double (*m)[N], int rows, double k)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < N; j++)
            m[i][j] *= k;
}
int main(void)
{
    double (*a)[N] = malloc(N * sizeof *a);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            a[i][j] = i + j * 0.5;
    scale(a, N, 2.0);
    scale(a + 2, 2, 10.0);
    double (*row)[N] = &a[1];
    printf("%g %g %g\n", a[3][3], (*row)[2], row[1][1]);
    double (*r)[N] = a;
    r++;
    double (*s)[N] = r++;
    r += 1;
    printf("%g %g %ld %ld\n", (*r)[0], s[0][1], (long)(r - a), (long)(&a[3] - s));
    double (*z)[N] = calloc(2, sizeof(double[N]));
    z[1][3] = 5;
    printf("%g\n", z[1][3] + (z + 1)[0][3]);
    free(a);
    return 0;
}
