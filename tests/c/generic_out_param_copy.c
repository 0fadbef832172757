/* A generic setter whose two buffers are both `void *` parameters: `*v = malloc(n); memcpy(*v, values, n);` called
 * for ints, doubles, a struct, a struct's `void *` field and a float table given double bytes. `*v` of the `void **`
 * out-parameter is its type parameter, the values another: the port copied Ptr<TV> from Ptr<TValues>, which C#
 * cannot infer (CS0411); the values' memory is read as the destination's type, as C copies bytes. memmove and
 * memcmp take the same pair. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int id; double w; } item;
typedef struct { void *data; size_t n; } blob;

static void set_values(void **v, const void *values, size_t n)
{
    *v = malloc(n);
    memcpy(*v, values, n);
}

/* copies into memory the caller owns, then checks it */
static int refill(void **v, const void *values, size_t n)
{
    memmove(*v, values, n);
    return memcmp(*v, values, n);
}

int main(void)
{
    int a[3] = {1, 2, 3};
    double d[2] = {0.5, 1.5};
    item it[2] = {{7, 0.25}, {8, 0.75}};
    int *ia = NULL;
    double *da = NULL;
    item *pa = NULL;
    set_values((void **)&ia, a, sizeof a);
    set_values((void **)&da, d, sizeof d);
    set_values((void **)&pa, it, sizeof it);
    printf("%d %d %d | %g %g | %d %g %d %g\n", ia[0], ia[1], ia[2], da[0], da[1], pa[0].id, pa[0].w, pa[1].id, pa[1].w);

    blob b1, b2;
    set_values(&b1.data, a, sizeof a);
    set_values(&b2.data, d, sizeof d);
    printf("%d %g\n", ((int *)b1.data)[2], ((double *)b2.data)[1]);

    /* a float table filled with a double's bytes: 8 bytes as two floats, compared as bytes */
    float *fa = malloc(2 * sizeof(float));
    double one = 1.0;
    printf("%d\n", refill((void **)&fa, &one, sizeof one));
    unsigned char bytes[8];
    memcpy(bytes, fa, 8);
    for (int i = 0; i < 8; i++)
        printf("%02x", bytes[i]);
    printf("\n");
    int back[3] = {9, 9, 9};
    int *pb = back;
    int same = refill((void **)&pb, a, 2 * sizeof(int));
    printf("%d %d %d %d\n", same, back[0], back[1], back[2]);
    free(ia);
    free(da);
    free(pa);
    free(b1.data);
    free(b2.data);
    free(fa);
    return 0;
}
