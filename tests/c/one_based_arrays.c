/* Numerical Recipes' 1-based vectors and matrices: the block's pointer moved below its start (v - nl + 1, m -= nrl,
 * row pointers into one block), indexed from 1, and freed through casts to char * as the book does. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NR_END 1

static double *dvector(long nl, long nh)
{
    double *v = (double *)malloc((size_t)((nh - nl + 1 + NR_END) * sizeof(double)));
    if (!v) { fprintf(stderr, "allocation failure\n"); exit(1); }
    return v - nl + NR_END;
}

static void free_dvector(double *v, long nl, long nh) { free((char *)(v + nl - NR_END)); }

static double **dmatrix(long nrl, long nrh, long ncl, long nch)
{
    long i, nrow = nrh - nrl + 1, ncol = nch - ncl + 1;
    double **m = (double **)malloc((size_t)((nrow + NR_END) * sizeof(double *)));
    m += NR_END;
    m -= nrl;
    m[nrl] = (double *)malloc((size_t)((nrow * ncol + NR_END) * sizeof(double)));
    m[nrl] += NR_END;
    m[nrl] -= ncl;
    for (i = nrl + 1; i <= nrh; i++) m[i] = m[i - 1] + ncol;
    return m;
}

static void free_dmatrix(double **m, long nrl, long nrh, long ncl, long nch)
{
    free((char *)(m[nrl] + ncl - NR_END));
    free((char *)(m + nrl - NR_END));
}

/* Gauss-Jordan style solve of a small system, 1-based as Numerical Recipes */
static void solve(double **a, double *b, int n)
{
    int i, j, k;
    for (k = 1; k <= n; k++) {
        double piv = a[k][k];
        for (j = k; j <= n; j++) a[k][j] /= piv;
        b[k] /= piv;
        for (i = 1; i <= n; i++) {
            if (i == k) continue;
            double f = a[i][k];
            for (j = k; j <= n; j++) a[i][j] -= f * a[k][j];
            b[i] -= f * b[k];
        }
    }
}

int main(void)
{
    int n = 4, i, j;
    double **a = dmatrix(1, n, 1, n), *b = dvector(1, n);
    for (i = 1; i <= n; i++) {
        for (j = 1; j <= n; j++) a[i][j] = 1.0 / (i + j - 1) + (i == j ? 1.0 : 0.0);
        b[i] = i;
    }
    solve(a, b, n);
    for (i = 1; i <= n; i++) printf("x[%d] = %.10f\n", i, b[i]);
    free_dvector(b, 1, n);
    free_dmatrix(a, 1, n, 1, n);
    return 0;
}
