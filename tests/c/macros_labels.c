/* Preprocessor and qualifiers of HPC codes: stringizing (#x), token pasting (##), variadic macros, a column-major
 * index macro, __attribute__((unused)), restrict, M_PI; goto cleanup with labels named like C# keywords (out, lock). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define PRINT(x) printf(#x " = %g\n", (double)(x))
#define CAT(a, b) a##b
#define LOG(fmt, ...) fprintf(stdout, "[log] " fmt "\n", __VA_ARGS__)
#define IDX(i, j, ld) ((j) * (ld) + (i))
#define UNUSED __attribute__((unused))

static inline double dot(int n, const double *restrict x, const double *restrict y)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) s += x[i] * y[i];
    return s;
}

static int process(int n)
{
    int status = 0;
    double *a = malloc(n * sizeof *a), *b = NULL;
    if (!a) { status = 1; goto out; }
    b = malloc(n * sizeof *b);
    if (!b) { status = 2; goto lock; }
    for (int i = 0; i < n; i++) { a[i] = i; b[i] = n - i; }
    LOG("dot %d = %.1f", n, dot(n, a, b));
    free(b);
lock:
    free(a);
out:
    return status;
}

int main(void)
{
    int CAT(var, 1) = 5, UNUSED spare = 0;
    double m[6];
    int ld = 2;
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 2; i++) m[IDX(i, j, ld)] = 10 * i + j;
    PRINT(var1 * 2);
    PRINT(M_PI);
    PRINT(m[IDX(1, 2, ld)]);
    LOG("%s and %d", "two", 2);
    printf("%lld %llu %zu %5.3s|\n", -(1LL << 40), 1ULL << 63, sizeof(double), "abcdef");
    return process(4);
}
