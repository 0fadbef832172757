/* C99/C11 declarations a port meets in newer codes: _Static_assert at file scope and in a block (clang checks
 * them; nothing is left to run), restrict, register, volatile, __attribute__((unused)), designated
 * initializers out of order, a compound literal as an argument. */
#include <stdio.h>

_Static_assert(sizeof(int) == 4, "int is 4 bytes");

typedef struct {
    const char *name;
    int value;
    double w[2];
} entry_t;

static const entry_t table[] = {
    [2] = {.name = "two", .value = 2, .w = {0.5, 1.5}},
    [0] = {"zero", 0, {0}},
    [1] = {.value = 1, .name = "one"},
};

static inline double axpy(int n, double a, const double *restrict x, double *restrict y)
{
    register double s = 0;
    for (int i = 0; i < n; i++) {
        y[i] += a * x[i];
        s += y[i];
    }
    return s;
}

static int sum3(const int *v) { return v[0] + v[1] + v[2]; }

int main(void)
{
    int marked __attribute__((unused)) = 5;
    volatile int spin = 0;
    _Static_assert(sizeof(double) == 8, "double is 8 bytes");
    double x[4] = {1, 2, 3, 4}, y[4] = {0};
    for (int i = 0; i < 3; i++)
        spin += table[i].value;
    printf("%d %g %d %s %s %s %g %d\n", marked, axpy(4, 2.0, x, y), spin, table[0].name, table[1].name, table[2].name,
           table[2].w[1], sum3((int[]){7, 8, 9}));
    return 0;
}
