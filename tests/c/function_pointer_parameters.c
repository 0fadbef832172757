/* A function used as a function pointer takes pointer parameters as the pointer's type says, whatever the
 * function does with them (Numerical Recipes' derivs callbacks, handler tables, a struct's "method"). */
#include <stdio.h>

typedef int (*handler)(int *);

typedef struct shape {
    double a, b;
    double (*area)(const struct shape *);
    const char *(*name)(void);
} shape;

static void derivs(double t, const double y[], double dydt[])
{
    dydt[0] = y[1] * t;
    dydt[1] = -y[0];
}

static void euler(double y[], int n, double t, double h, void (*d)(double, const double *, double *))
{
    double k[8];
    int i;
    d(t, y, k);
    for (i = 0; i < n; i++)
        y[i] += h * k[i];
}

static int inc(int *c) { return ++*c; }
static int peek(int *c) { (void)c; return -1; }
static const handler table[2] = { inc, peek };

static double rect_area(const shape *s) { return s->a * s->b; }
static double tri_area(const shape *s) { return 0.5 * s->a * s->b; }
static const char *rect_name(void) { return "rect"; }
static const char *tri_name(void) { return "triangle"; }

static int *largest(int *v, int n)
{
    int *best = v, i;
    for (i = 1; i < n; i++)
        if (v[i] > *best)
            best = v + i;
    return best;
}

int main(void)
{
    double y[2] = { 1.0, 2.0 };
    int c = 0, i, v[5] = { 3, 9, 4, 9, 1 };
    int *(*pick)(int *, int) = largest;
    shape shapes[2] = { { 3.0, 4.0, rect_area, rect_name }, { 3.0, 4.0, tri_area, tri_name } };

    for (i = 0; i < 3; i++)
        euler(y, 2, 0.1 * i, 0.1, derivs);
    printf("%.6f %.6f\n", y[0], y[1]);
    for (i = 0; i < 4; i++)
        printf("%d ", table[i % 2](&c));
    printf("c=%d\n", c);
    for (i = 0; i < 2; i++)
        printf("%s %g\n", shapes[i].name(), shapes[i].area(&shapes[i]));
    printf("largest at %d\n", (int)(pick(v, 5) - v));
    return 0;
}
