/* A pointer made from an integer made from a pointer, with arithmetic on the way, as real codes align their
 * buffers: `void *align_buffer(void *p, unsigned long a)` returns (void *)(((unsigned long)p + a - 1) / a * a),
 * called for char, double and int buffers (static arrays and malloc'ed ones), and a typed variant that steps a
 * pointer forward by bytes through uintptr_t. Only what C defines the same everywhere is printed (alignments
 * that hold, distances from the start, values read and written through the results). */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ALIGN 64

static char pool[4096 + ALIGN];

void *align_buffer(void *ptr, unsigned long align_size)
{
    return (void *)(((unsigned long)ptr + (align_size - 1)) / align_size * align_size);
}

static double *skip_bytes(double *p, size_t bytes)
{
    return (double *)((uintptr_t)p + bytes);
}

int main(void)
{
    char *s;
    double *d = malloc(32 * sizeof(double)), *d2, *e;
    int *k = malloc(16 * sizeof(int)), *k2;
    int i;

    s = (char *)align_buffer((void *)pool, ALIGN);
    printf("char: aligned %d, less than one alignment from the start %d\n", (int)((uintptr_t)s % ALIGN),
           (int)(s - pool) < ALIGN);
    memset(s, 'a', 16);
    s[16] = '\0';
    printf("written through it: %s, pool sees %c\n", s, pool[s - pool + 3]);

    d2 = align_buffer(d, 16);
    for (i = 0; i < 32; i++)
        d[i] = i * 0.25;
    printf("double: aligned %d, first %g\n", (int)((uintptr_t)d2 % 16), d2[0]);
    e = skip_bytes(d, 3 * sizeof(double));
    printf("three doubles on: %g, then %g\n", *e, e[2]);
    e[1] = -1.0;
    printf("written back: %g\n", d[4]);

    k2 = (int *)align_buffer(k + 1, sizeof(int));
    k[1] = 42;
    printf("int: already aligned, same place %d, reads %d\n", k2 == k + 1, *k2);

    free(d);
    free(k);
    return 0;
}
