/* A pointer variable's address passed as a pointer-to-pointer of another element type, `(char **)&p` of a
   `uint64_t *p`, to a function that stores fresh memory in it: an aligned place in a static char array, a malloc'd
   block, or nothing when the caller passes NULL (a test of the parameter itself). The callee only sets, hands on
   and stores through `*p`, so the caller reads the memory as its own type afterwards. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POOL 4096

char pool_a[POOL];
char pool_b[POOL];
uint64_t *ga = NULL, *gb = NULL;

void *align_buffer(void *p, unsigned long align)
{
    return (void *)(((unsigned long)p + (align - 1)) / align * align);
}

void fill(void *buf, int c, int size)
{
    memset(buf, c, size);
}

/* two buffers carved out of static pools, an optional third one from malloc */
void get_buffers(char *orig_a, char *orig_b, char **a, char **b, char **extra, int size)
{
    *a = (char *)align_buffer((void *)orig_a, 64);
    memset(*a, 0, size);
    *b = (char *)align_buffer((void *)orig_b, 64);
    fill(*b, 1, size);
    if (extra != NULL) {
        *extra = malloc(size);
        memset(*extra, 0, size);
    }
}

void release(char **p)
{
    free(*p);
    *p = NULL;
}

int main(void)
{
    int i;
    double *d = NULL;
    get_buffers(pool_a, pool_b, (char **)&ga, (char **)&gb, NULL, 8 * sizeof(uint64_t));
    for (i = 0; i < 8; i++)
        ga[i] += (uint64_t)i * 1000000007ull;
    printf("%llu %llu %llu\n", (unsigned long long)ga[7], (unsigned long long)gb[0], (unsigned long long)gb[7]);

    int *ia = NULL, *ib = NULL;
    get_buffers(pool_a + 100, pool_b + 100, (char **)&ia, (char **)&ib, (char **)&d, 4 * sizeof(double));
    for (i = 0; i < 4; i++) {
        d[i] = i * 0.25;
        ia[i] -= i;
    }
    printf("%d %d %.2f %.2f\n", ia[3], ib[2], d[1], d[3]);
    release((char **)&d);
    printf("%s\n", d == NULL ? "released" : "kept");
    return 0;
}
