/* Allocations cast to `void *` before they reach a typed pointer, as the Using Advanced MPI window examples write
 * `a = (void *) malloc(1000 * sizeof(int));` for an `int *a`: malloc's result is a `void *` already, so the cast
 * changes nothing C reads. The translation stopped there ("void pointers are not supported yet"). */
#include <stdio.h>
#include <stdlib.h>

struct point {
    double x, y;
};

int main(void)
{
    int *a, i;
    double *d = (void *)calloc(4, sizeof(double));
    struct point *p;
    a = (void *) malloc(10 * sizeof(int));
    p = (void *)(void *)malloc(3 * sizeof *p);
    for (i = 0; i < 10; i++)
        a[i] = i * i;
    for (i = 0; i < 3; i++) {
        p[i].x = i + 0.5;
        p[i].y = -i;
    }
    d[3] = a[9] + p[2].x;
    printf("%d %g %g %g\n", a[7], d[0], d[3], p[1].y);
    free(a);
    free(d);
    free(p);
    return 0;
}
