/* A `void *` read as several number types: a work buffer from malloc, and a generic parameter that
 * casts by a kind tag. Its memory is bytes; each cast is a view of them. A `void *` read as one type
 * (here a struct) is that type's pointer. */
#include <stdio.h>
#include <stdlib.h>

enum kind { INT, DOUBLE };

struct pt { int x, y; };

/* A `void *` read as one struct type: the struct's own pointer. */
static int getx(const void *p) { return ((const struct pt *)p)->x; }

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

    struct pt one = {3, 4};
    struct pt arr[2] = {{5, 6}, {7, 8}};
    printf("%d %d\n", getx(&one), getx(&arr[1]));
    return 0;
}
