/* Bit manipulation of old and new codes: lowest set bit x & -x, clearing it with x & (x - 1), popcount by
 * hand and by __builtin_popcount, __builtin_clz/ctz/ffs, parity, byte swaps by shifts and __builtin_bswap32,
 * a power-of-two test, next power of two by shifts, and rotates. */
#include <stdio.h>
#include <stdint.h>

static int popcount(unsigned x) { int c = 0; while (x) { x &= x - 1; c++; } return c; }
static uint32_t next_pow2(uint32_t v) { v--; v |= v >> 1; v |= v >> 2; v |= v >> 4; v |= v >> 8; v |= v >> 16; return v + 1; }
static uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

int main(void) {
    unsigned xs[] = {1, 12, 0x80000000u, 0xF0F0u, 255, 0x12345678u};
    for (int i = 0; i < 6; i++) {
        unsigned x = xs[i];
        printf("%#x: low %#x clear %#x pop %d %d clz %d ctz %d ffs %d parity %d pow2 %d next %u\n", x, x & -x,
               x & (x - 1), popcount(x), __builtin_popcount(x), __builtin_clz(x), __builtin_ctz(x), __builtin_ffs((int)x),
               __builtin_parity(x), (x & (x - 1)) == 0, next_pow2(x));
    }
    uint32_t w = 0x12345678u;
    uint32_t swapped = (w >> 24) | ((w >> 8) & 0xff00) | ((w << 8) & 0xff0000) | (w << 24);
    printf("%#x %#x %#x %#x\n", swapped, __builtin_bswap32(w), rotl(w, 8), rotl(w, 28));
    printf("%d %d %llu\n", __builtin_ffs(0), __builtin_popcountll(~0ULL), (unsigned long long)__builtin_bswap64(1));
    return 0;
}
