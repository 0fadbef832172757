/* Reads decl.h only, so settings_io.h (IMB_init_file.c): the unit read decl.h for a.c already. */
#include <stdio.h>
#include <stdlib.h>
#include "decl.h"

void show_b(struct buffers *b)
{
    value_t v = 2.75;
    int i;
    b->data = malloc(3 * sizeof(value_t));
    for (i = 0; i < 3; i++) b->data[i] = BUF_VALUE(i) + v;
    printf("b: MAXLOG %d, value %g, BUF_VALUE(3) %g, data %d %d %d, n %d\n", MAXLOG, (double)v, (double)BUF_VALUE(3),
           (int)b->data[0], (int)b->data[1], (int)b->data[2], b->n);
#ifdef FILENAME
    printf("b: FILENAME %s\n", FILENAME);
#endif
#ifdef WARMUP
    printf("b: WARMUP %d\n", WARMUP);
#else
    printf("b: no WARMUP\n");
#endif
    free(b->data);
}
