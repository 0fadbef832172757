/* sizeof of a variable-length array TYPE named (`sizeof(double[n][n])`), the C99 idiom for allocating a
 * matrix behind a pointer to rows: `double (*m)[n] = malloc(sizeof(double[n][n]))`. libclang gives no type for
 * sizeof's operand and lists the bounds as its children, so the port once read `malloc(sizeof(double[k][n]))` as
 * one row (`new double[1 * n]`, indexing past it at run time) and refused `sizeof(double[n][n])` as a value. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = 3 + argc, k = 2;
    double (*m)[n] = malloc(sizeof(double[n][n]));
    double (*m2)[n] = malloc(n * sizeof(double[n]));
    double (*m3)[n] = malloc(sizeof(double[k][n]));
    double (*m4)[n] = malloc(k * sizeof *m4);
    int (*c)[n][2] = malloc(sizeof(int[n][n][2]));
    unsigned long (*u)[k + 1] = calloc(n, sizeof(unsigned long[k + 1]));
    float (*f)[n] = calloc(1, sizeof(float[k][n]));
    for (int r = 0; r < n; r++)
        for (int q = 0; q < n; q++) {
            m[r][q] = r * n + q;
            m2[r][q] = q;
            c[r][q][1] = r;
        }
    for (int r = 0; r < k; r++)
        for (int q = 0; q < n; q++) {
            m3[r][q] = r;
            m4[r][q] = q;
            f[r][q] = 0.5f * (r + q);
        }
    for (int r = 0; r < n; r++)
        u[r][k] = r;
    double t = 0;
    for (int r = 0; r < n; r++)
        t += m[r][r] + m2[r][r] + c[r][r][1] + u[r][k];
    for (int q = 0; q < n; q++)
        t += m3[k - 1][q] + m4[k - 1][q] + f[k - 1][q];
    printf("%.1f %zu %zu %zu %zu\n", t, sizeof(double[n][n]), sizeof(int[k][n][2]), sizeof(const unsigned char[n + 1]),
           sizeof(double[4][n]) / sizeof(double[n]));
    free(m); free(m2); free(m3); free(m4); free(c); free(u); free(f);
    return 0;
}
