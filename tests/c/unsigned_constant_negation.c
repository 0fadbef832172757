/* Unary minus of an unsigned constant wraps modulo 2^n in C (`-5UL` is 2^64 - 5); C# folds the constant it is given
 * and rejects the wrap at compile time (CS0220) unless it is unchecked (csmith --no-safe-math seed 2520006:
 * `(-(uint64_t)5UL) < g_79`). Literals, casts, sizeof, enum constants, in initializers of globals and locals, in
 * comparisons, as a case label and inside larger constant expressions. */
#include <stdio.h>
#include <stdint.h>

enum { SEVEN = 7 };

static uint64_t g_wide = -5UL;
static uint32_t g_narrow = -(uint32_t)SEVEN;
static const unsigned g_table[3] = {-1u, -2u, -(unsigned)sizeof(int)};

static int classify(unsigned v)
{
    switch (v) {
    case -1u:
        return 1;
    case -(unsigned)SEVEN:
        return 7;
    default:
        return 0;
    }
}

int main(void)
{
    uint64_t g = 3;
    uint64_t a = -5UL;
    uint32_t b = -(uint32_t)5;
    unsigned long long c = -(unsigned long long)1 / 3;
    int below = (-(uint64_t)5UL) < g;
    int above = g < -(uint64_t)5UL;
    uint32_t mixed = -(uint32_t)5 + 10u;
    uint64_t zero = -0UL;

    printf("%lu %u %u %u %u\n", g_wide, g_narrow, g_table[0], g_table[1], g_table[2]);
    printf("%lu %u %llu %d %d %u %lu\n", a, b, c, below, above, mixed, zero);
    printf("%d %d %d\n", classify(0xFFFFFFFFu), classify(0u - 7u), classify(3));
    return 0;
}
