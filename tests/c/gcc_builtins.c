/* GCC builtins called by name in bit-twiddling and tuned code: __builtin_popcount/clz/ctz (and the l, ll forms)
 * on values read at run time, and __builtin_expect as a branch hint (its value is its first argument); the byte
 * swaps of endian code, ffs and parity (csmith --builtins calls them with values of every sign and width). */
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
    for (int i = 0; i < 4; i++) {
        int v = (int)seeds[i] * (i % 2 ? -3 : 1);
        long w = (long)wide * (i - 1);
        printf("bswap %u %u %lu; ffs %d %d %d; parity %d %d %d\n", (unsigned)__builtin_bswap16((unsigned short)v),
               __builtin_bswap32(v), __builtin_bswap64(w), __builtin_ffs(v), __builtin_ffsl(w), __builtin_ffsll(w >> 9),
               __builtin_parity(v), __builtin_parityl(w), __builtin_parityll(~w));
    }
    /* the values mix with other types as their declared types do: bswap32 is unsigned, ffs an int */
    printf("%d %d\n", __builtin_bswap32(1u) > -1, __builtin_ffs(0) - 1 < 0);
    return 0;
}
