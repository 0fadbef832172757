/* Pointers as integers, as real codes use them: alignment checks of malloc'ed buffers ((uintptr_t)p % 64),
 * byte distances through (size_t) and (char *), intptr_t round trips, pointer hashing into a table. Only what
 * C defines the same everywhere is printed (differences, alignments, round trips), not the addresses. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

struct cell { double v; int id; };

static size_t slot_of(const double *p, size_t slots)
{
    return ((uintptr_t)p >> 4) % slots;   /* a pointer hash: only its consistency is printed */
}

int main(void)
{
    double *a = malloc(100 * sizeof(double));
    int *k = calloc(16, sizeof(int));
    struct cell *cells = malloc(4 * sizeof(struct cell));
    char *bytes = malloc(64);
    double *q;
    intptr_t n;
    int i;

    printf("malloc'ed buffers 16-byte aligned: %d %d %d\n", (int)((uintptr_t)a % 16), (int)((size_t)k % 16),
           (int)((unsigned long)cells % 16));
    printf("element distance %ld bytes, cell stride %ld\n", (long)((uintptr_t)&a[5] - (uintptr_t)a),
           (long)((size_t)&cells[3] - (size_t)&cells[1]));
    printf("char distance %ld\n", (long)((uintptr_t)(bytes + 40) - (uintptr_t)bytes));
    n = (intptr_t)(a + 7);
    q = (double *)n;
    for (i = 0; i < 100; i++)
        a[i] = i * 0.5;
    printf("round trip reads %g, writes ", *q);
    q[1] = -1.0;
    printf("%g\n", a[8]);
    printf("same hash twice %s\n", slot_of(a, 97) == slot_of(a, 97) ? "yes" : "no");
    printf("misaligned by one %d\n", (int)((uintptr_t)(bytes + 1) % 8));
    q = NULL;
    printf("null is %lu\n", (unsigned long)(uintptr_t)q);
    free(a); free(k); free(cells); free(bytes);
    return 0;
}
