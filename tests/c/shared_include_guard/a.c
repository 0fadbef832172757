/* Reads settings.h first, then decl.h, whose settings_io.h its guard then skips (IMB_init.c). It does not name
 * value_t itself: the translation would give it the other files' type. */
#include <stdio.h>
#include "settings.h"
#include "decl.h"

void show_a(struct buffers *b)
{
    b->data = NULL;
    b->n = MAXLOG;
    printf("a: MAXLOG %d, BUF_VALUE(3) %g\n", MAXLOG, (double)BUF_VALUE(3));
#ifdef FILENAME
    printf("a: FILENAME %s\n", FILENAME);
#else
    printf("a: no FILENAME\n");
#endif
#ifdef WARMUP
    printf("a: WARMUP %d\n", WARMUP);
#endif
}
