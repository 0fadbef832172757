/* A `void *` read as several number types: a work buffer from malloc, and a generic parameter that
 * casts by a kind tag. Its memory is bytes; each cast is a view of them. */
#include <stdio.h>
#include <stdlib.h>

enum kind { INT, DOUBLE };

static double first(const void *buf, enum kind k)
{
    if (k == INT)
        return ((const int *)buf)[0];
    return *(const double *)buf;
}

int main(void)
{
    int a[2] = {7, 8};
    double b[2] = {2.5, 3.5};
    void *p = b;
    printf("%g %g %g\n", first(a, INT), first(b, DOUBLE), first(p, DOUBLE));

    void *work = malloc(64);
    double *d = (double *)work;
    d[0] = 1.5;
    d[1] = -2.0;
    unsigned char *bytes = (unsigned char *)work;
    int *words = (int *)work;
    printf("%d %d %08x %g\n", bytes[7], bytes[15], (unsigned)words[3], first(work, DOUBLE));
    work = calloc(4, sizeof(int));
    ((int *)work)[2] = 42;
    printf("%g\n", first((int *)work + 2, INT));
    free(work);
    return 0;
}
