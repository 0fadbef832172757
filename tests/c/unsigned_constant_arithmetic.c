/* Unsigned arithmetic of constants whose value the translator does not compute but C# folds at compile time, where
 * C wraps modulo 2^n and C# rejected the wrap (CS0220): a comparison of constants converted to uint64_t (csmith
 * --no-safe-math seed 2520018: `(uint64_t)(0x5E2EL != ((uint8_t)0x1EL << (uint8_t)0)) - 0x90F69E3C95EAEA01UL`),
 * enum constants, a conditional of constants; in initializers, comparisons and a case label. */
#include <stdio.h>
#include <stdint.h>

enum { SEVEN = 7, BIG = 0x40000000 };

static const uint64_t g_folded = (uint64_t)(0x5E2EL != ((uint8_t)0x1EL << (uint8_t)0)) - 0x90F69E3C95EAEA01UL;

static int classify(unsigned v)
{
    switch (v) {
    case SEVEN - 8u:
        return 1;
    default:
        return 0;
    }
}

int main(void)
{
    uint64_t g = 5;
    unsigned below = SEVEN - 8u;
    unsigned product = (unsigned)SEVEN * (unsigned)BIG;
    uint64_t chosen = (uint64_t)(SEVEN > 3 ? 1 : 2) - 4UL;
    int less = ((uint64_t)(1 == 2) - 1UL) < g;
    uint32_t sum = (uint32_t)(3 < 4) + 0xFFFFFFFFu;

    printf("%lu %u %u %lu %d %u\n", g_folded, below, product, chosen, less, sum);
    printf("%d %d\n", classify(0xFFFFFFFFu), classify(1));
    return 0;
}
