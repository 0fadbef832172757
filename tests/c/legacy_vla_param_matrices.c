/* Variable-length array parameters in C99 numerical code: `double a[n][m]` and `double a[][m]` with the sizes
 * first, a 3-D VLA, sizeof of a row inside the callee, and a row passed on to a 1-D function. */
#include <stdio.h>

static double row_sum(int m, const double r[m]) {
    double s = 0;
    for (int j = 0; j < m; j++) s += r[j];
    return s;
}

static void fill(int n, int m, double a[n][m]) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i * 10 + j;
    printf("row bytes %zu, rows seen as pointer %zu\n", sizeof a[0], sizeof a);
}

static void transpose(int n, int m, double a[][m], double t[m][n]) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            t[j][i] = a[i][j];
}

static int cube_trace(int n, int c[n][n][n]) {
    int s = 0;
    for (int i = 0; i < n; i++) s += c[i][i][i];
    return s;
}

int main(void) {
    int n = 3, m = 4;
    double a[n][m], t[m][n];
    fill(n, m, a);
    transpose(n, m, a, t);
    for (int j = 0; j < m; j++)
        printf("t[%d] = %g %g %g, sum %g\n", j, t[j][0], t[j][1], t[j][2], row_sum(n, t[j]));
    int g[n][n][n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
                g[i][j][k] = i + 2 * j + 3 * k;
    printf("trace %d, sizeof grid %zu\n", cube_trace(n, g), sizeof g);
    printf("a[2] sum %g\n", row_sum(m, a[2]));
    return 0;
}
