/* A program with one real error and, as CoMD's memUtils.h has, a static helper nobody calls that cannot be
 * translated: the one error is reported, not the helper (it is left out, as C's linker drops it). */
#include <stdlib.h>

static void *resize(void *ptr, size_t size) { return realloc(ptr, size); }

struct point { double x; int tag; const char *name; };
int main(void)
{
    struct point p = {1.0, 2};
    int *words = (int *)&p;
    return words[2] != 2;
}
