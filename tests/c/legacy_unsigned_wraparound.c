/* Unsigned and integer idioms: wrap-around of unsigned arithmetic, ~0u masks, shifts and rotations by
 * hand, the sign of mixed comparisons (-1 < 0u is false), integer division and modulo of negatives, and
 * hashes that rely on 32-bit unsigned overflow (djb2, FNV-1a). */
#include <stdio.h>
#include <stdint.h>

static unsigned djb2(const char *s) {
    unsigned h = 5381;
    int c;
    while ((c = (unsigned char)*s++)) h = ((h << 5) + h) + c;
    return h;
}

static uint32_t fnv1a(const char *s) {
    uint32_t h = 2166136261u;
    while (*s) { h ^= (unsigned char)*s++; h *= 16777619u; }
    return h;
}

static uint32_t rotl(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

int main(void) {
    unsigned u = 0;
    u--;
    printf("%u %u %x\n", u, ~0u, ~0u >> 4);
    printf("%d %d\n", -1 < 0u, (int)-1 < (int)0u);
    printf("%d %d %d %d\n", -7 / 2, -7 % 2, 7 / -2, 7 % -2);
    unsigned short us = 65535;
    us += 2;
    unsigned char uc = 255;
    uc <<= 1;
    printf("%u %u\n", us, uc);
    printf("%u %u\n", djb2("hello world"), fnv1a("hello world"));
    printf("%08x %08x\n", rotl(0x80000001u, 1), rotl(0x12345678u, 8));
    long long big = 1LL << 62;
    printf("%lld %llu\n", big / 2 + big / 4, (unsigned long long)big * 4);
    int mask = (1 << 12) - 1;
    printf("%d %d\n", 0x12345 & mask, -1 >> 4);
    return 0;
}
