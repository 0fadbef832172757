/* Constant arithmetic whose C type is not what C# computes it in (fuzz seed 7 input 5004: a `long` constant times
 * sizeof's `size_t`, C's unsigned long, was C#'s negative long given to a size_t parameter, CS1503): each value is
 * what C computes, modulo 2^n of C's type. */
#include <stdio.h>
#include <stdlib.h>

struct bench { double a[4]; };

static size_t show(size_t n) { return n; }
static unsigned narrow(unsigned n) { return n; }

int main(void) {
    size_t big = 0x7fffffffffffffff * sizeof(struct bench);
    size_t next = 0x7fffffffffffffffL + sizeof(char);
    unsigned u = 4000000000u * 2;
    printf("%zu %zu %u\n", big, next, u);
    printf("%zu %zu %zu\n", show(0x7fffffffffffffff * sizeof(struct bench)), show(sizeof(int) - 8),
           show(1 - sizeof(double)));
    printf("%u %u\n", narrow(4000000000u + 500000000), narrow(3u - 5));
    printf("%zu\n", show(3 * sizeof(struct bench)));
    char *p = malloc(0x7fffffffffffffff * sizeof(struct bench) > 1000 ? 16 : 0x7fffffffffffffff * sizeof(struct bench));
    printf("%d\n", p != NULL);
    free(p);
    return 0;
}
