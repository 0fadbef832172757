#include <stdlib.h>
typedef int (*cmp_fn)(const void *, const void *);
static int by_key(const void *a(int)(int), const void *b) { return a == b; }
int main(void) {
    int v[2] = {2, 1};
    cmp_fn f = by_key;
    qsort(v, 2, sizeof v[0], f);
    return v[0];
}
