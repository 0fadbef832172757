/* GCC builtins called by name in bit-twiddling and tuned code: __builtin_popcount/clz/ctz (and the l, ll forms)
 * on values read at run time, and __builtin_expect as a branch hint (its value is its first argument). */
#include <stdio.h>

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

static int log2_floor(unsigned v) { return 31 - __builtin_clz(v); }

int main(void)
{
    volatile unsigned seeds[4] = {1u, 0xF0F0u, 0x80000000u, 12345u};
    volatile unsigned long long wide = 0x00F0000000000100ULL;
    int hits = 0;
    for (int i = 0; i < 4; i++) {
        unsigned v = seeds[i];
        printf("%u: popcount %d clz %d ctz %d log2 %d\n", v, __builtin_popcount(v), __builtin_clz(v),
               __builtin_ctz(v), log2_floor(v));
        if (likely(v != 0)) hits++;
        if (unlikely(v > 100000u)) hits += 10;
    }
    printf("wide: %d %d %d %d\n", __builtin_popcountll(wide), __builtin_clzll(wide), __builtin_ctzll(wide),
           __builtin_popcountl((unsigned long)wide));
    printf("hits %d, expect value %ld\n", hits, __builtin_expect(41L + 1, 0));
    return 0;
}
