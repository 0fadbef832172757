/* GNU typeof in the usual swap macro (a type the bindings give no kind), and <limits.h>'s long long limits,
 * whose folded values must keep their unsigned bits (ULLONG_MAX is 2^64 - 1, not -1). */
#include <stdio.h>
#include <string.h>
#include <limits.h>

#define SWAP(a, b) do { __typeof__(a) _t = (a); (a) = (b); (b) = _t; } while (0)
#define TWICE(x) ((typeof(x))2 * (x))

int main(void)
{
    int x = 3, y = 9;
    double d = 1.25, e = -2.5;
    const char *words[] = {"pear", "apple", "fig"};
    SWAP(x, y);
    SWAP(d, e);
    for (int p = 0; p < 3; p++)
        for (int q = p + 1; q < 3; q++)
            if (strcmp(words[p], words[q]) > 0)
                SWAP(words[p], words[q]);
    printf("%d %d %g %g %s %s %s\n", x, y, d, e, words[0], words[1], words[2]);
    printf("%d %g\n", TWICE(x), TWICE(d));
    unsigned long long all = ULLONG_MAX, half = ULLONG_MAX / 2 + 1;
    printf("%lld %lld %llu %llu %llu\n", LLONG_MIN, LLONG_MAX, all, half, all - half);
    printf("%u %lu %d\n", UINT_MAX, ULONG_MAX, (int)(ULLONG_MAX >> 63));
    /* the limits are constants: arithmetic on them folds and wraps as C's does */
    printf("%u %u %lu %d\n", UINT_MAX + 1u, UINT_MAX * 3u, ULONG_MAX + 2ul, INT_MAX / 2 + (SHRT_MAX - USHRT_MAX));
    return 0;
}
