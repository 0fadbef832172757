/* Growing arrays with realloc: doubling capacity from NULL (realloc(NULL, n) is malloc), shrinking, calloc's
 * zeroes, memset of ints to -1 bytes (each int -1), and a struct array grown while a saved index (not a pointer)
 * stays valid. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item { int key; double val; };

int main(void) {
    int *v = NULL;
    size_t n = 0, cap = 0;
    for (int i = 0; i < 100; i++) {
        if (n == cap) {
            cap = cap ? cap * 2 : 4;
            v = realloc(v, cap * sizeof *v);
        }
        v[n++] = i * 3;
    }
    printf("n %zu cap %zu v[99] %d\n", n, cap, v[99]);
    v = realloc(v, 10 * sizeof *v);
    printf("shrunk: v[9] %d\n", v[9]);
    int *z = calloc(5, sizeof *z);
    memset(v, 0xff, 10 * sizeof *v);
    printf("calloc %d %d, memset %d %d\n", z[0], z[4], v[0], v[9]);
    struct item *items = NULL;
    size_t saved = 0;
    for (size_t k = 0; k < 20; k++) {
        items = realloc(items, (k + 1) * sizeof *items);
        items[k].key = (int)k;
        items[k].val = k / 4.0;
        if (k == 3) saved = k;
    }
    printf("saved %d %g, last %d %g\n", items[saved].key, items[saved].val, items[19].key, items[19].val);
    free(v);
    free(z);
    free(items);
    return 0;
}
