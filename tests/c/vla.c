/* Variable-length arrays (C99): buffers sized by a run-time count, as MPI codes size them by the rank
 * count, and matrices whose rows have a run-time length, passed as `double a[n][n]` or `double (*r)[n]`.
 * sizeof of one is taken when evaluated. */
#include <stdio.h>
#include <string.h>

static double trace(int n, double a[n][n])
{
    double t = 0;
    for (int i = 0; i < n; i++)
        t += a[i][i];
    return t;
}

static void fill(int rows, int cols, double m[rows][cols])
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            m[i][j] = i * 10 + j;
}

/* Rows reached through a moving pointer to rows of run-time length. */
static double column_sum(int rows, int cols, double (*r)[cols], int j)
{
    double s = 0;
    for (double (*end)[cols] = r + rows; r < end; r++)
        s += (*r)[j];
    return s;
}

static double sum(int n, const double v[n])
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

int main(void)
{
    for (int n = 1; n <= 4; n++) {
        double buf[n];
        int counts[n + 1];
        memset(counts, 0, sizeof counts);
        for (int i = 0; i < n; i++) {
            buf[i] = i * 0.5;
            counts[i] = i * i;
        }
        printf("n=%d sum %g sizes %zu %zu last %d\n", n, sum(n, buf), sizeof buf, sizeof(counts), counts[n]);
    }
    int n = 4;
    double sq[n][n];
    fill(n, n, sq);
    printf("trace %g, sizeof %zu, a row %zu\n", trace(n, sq), sizeof sq, sizeof sq[0]);
    int m = 3;
    double r[m][2 * m];
    fill(m, 2 * m, r);
    printf("r[2][5] %g, rows %zu, column 4 sums to %g\n", r[2][5], sizeof r / sizeof r[0], column_sum(m, 2 * m, r, 4));
    double fixed_rows[m][4];
    fill(m, 4, fixed_rows);
    double (*second)[4] = fixed_rows + 1;
    printf("%g %g %zu\n", second[1][3], (*second)[2], sizeof fixed_rows);
    return 0;
}
