/* The address of a compound literal of a scalar or a struct (C99: an unnamed object, automatic in a block, static at
 * file scope): `int *p = &(int){7}`, `&(struct pt){1, 2}`, passed to a function that writes through it, a field of
 * one (`&(struct pt){3, 4}.y`), in a static pointer's initializer. Refused before round 11 (probe11); writes into
 * a compound literal: tests/c/compound_literal_writes.c. */
#include <stdio.h>

struct pt { int x, y; };

static int *origin = &(int){42};

static void scale(struct pt *p, int k) { p->x *= k; p->y *= k; }
static int sum(const int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }
static void bump(int *v) { ++*v; }

int main(void)
{
    int *p = &(int){7};
    *p += 1;
    struct pt *q = &(struct pt){1, 2};
    scale(q, 10);
    int *yy = &(struct pt){3, 4}.y;
    double *dd = &(double){2.5};
    bump(&(int){0});
    int *counter = &(int){0};
    for (int k = 0; k < 3; k++)
        bump(counter);
    printf("%d %d %d %d %g %d %d\n", *p, q->x, q->y, *yy, *dd * 2, *counter, *origin);
    printf("%d\n", sum(&(int){5}, 1) + sum((int[]){1, 2, 3}, 3));
    return 0;
}
