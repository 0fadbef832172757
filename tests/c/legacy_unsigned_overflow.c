/* Unsigned arithmetic wraps modulo 2^N: unsigned char and short wrap on store, uint32_t products overflow, a size_t
 * countdown loop `i-- > 0`, conversions of negatives to unsigned and of large unsigned to signed (gcc: modulo), the
 * usual arithmetic conversions in mixed comparisons. */
#include <stdio.h>
#include <stdint.h>
#include <limits.h>

int main(void) {
    unsigned char uc = 250;
    unsigned short us = 65530;
    uint32_t a = 4000000000u, b = 3;
    uint64_t big = UINT64_MAX;
    size_t n = 3;
    unsigned u = 0;
    uc += 10;
    us += 10;
    printf("uc %u us %u\n", uc, us);
    printf("a*b %u a+a %u big+1 %llu\n", a * b, a + a, (unsigned long long)(big + 1));
    for (size_t i = n; i-- > 0;) printf("i=%zu ", i);
    printf("\n");
    u--;
    printf("u %u -1u %u %d\n", u, -1u, (int)(unsigned)-5);
    printf("to signed: %d %d %d\n", (int)3000000000u, (signed char)200, (short)40000);
    printf("mixed: %d %d %d\n", -1 < 0u, -1 < (long)0u, (unsigned char)255 == -1);
    printf("negated: %u %llu\n", -(unsigned)7, -1ULL / 3);
    printf("half: %u %u\n", UINT_MAX / 2 + 1, (UINT_MAX + 1u) == 0);
    return 0;
}
