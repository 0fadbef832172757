/* 2-D arrays of old numerical codes: `double **` rows from one contiguous block (a[i] = a[0] + i * m), rows
 * swapped by pointer, a pointer to rows `double (*)[N]`, and a VLA-free 1-based Numerical Recipes matrix. */
#include <stdio.h>
#include <stdlib.h>

#define N 4

static double **alloc2d(int n, int m) {
    double **a = malloc(n * sizeof(double *));
    int i;
    a[0] = calloc((size_t)n * m, sizeof(double));
    for (i = 1; i < n; i++) a[i] = a[0] + i * m;
    return a;
}

static void fill(double (*b)[N], int rows) {
    int i, j;
    for (i = 0; i < rows; i++)
        for (j = 0; j < N; j++) b[i][j] = i * 10 + j;
}

int main(void) {
    double **a = alloc2d(3, 5);
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 5; j++) a[i][j] = i + 0.1 * j;
    double *t = a[0]; a[0] = a[2]; a[2] = t;
    printf("%g %g %g\n", a[0][1], a[2][4], a[1][0]);
    double sum = 0;
    for (i = 0; i < 15; i++) sum += t[i];
    printf("%g\n", sum);
    free(t);
    free(a);
    double b[3][N];
    fill(b, 3);
    double (*row)[N] = b + 1;
    printf("%g %g %zu\n", row[0][2], (*(row + 1))[3], sizeof *row);
    double *flat = &b[0][0];
    printf("%g\n", flat[2 * N + 1]);
    return 0;
}
