/* Constants shifted by their type's width or more: undefined in C, and gcc folds them as the mathematical shift would
 * (0; -1 for a negative number shifted right), at -O0 as at -O2, where C# and x86 take the count modulo the width:
 * `1L << 64` printed 1, `8 >> 33` 4, `~0UL >> 64` 18446744073709551615. A negative count gcc takes modulo the width,
 * as C# does. (A variable shifted so far is gcc -O0's shift instruction, which masks as C# does; -O2 folds some.) */
#include <stdio.h>

#define WORD_BITS 64
enum { INT_BITS = 32 };

int main(void)
{
    printf("%d %d %d %d %d %d\n", 1 << 32, 1 << 40, -1 << 32, -8 >> 33, 8 >> 33, -8 >> 100);
    printf("%d %d %d %d\n", 1 << -1, 8 >> -1, -8 >> -1, 3 << -2);
    printf("%ld %ld %ld %ld %ld\n", 1L << 64, -1L >> 64, 1L << 100, -5L >> 70, 5L >> 64);
    printf("%u %u %u %lu %lu\n", 1u << 32, 0x80000000u >> 32, 7u << 40, 1UL << 64, ~0UL >> 64);
    printf("%d %d %u\n", (short)1 << 20, (char)-1 >> 10, (unsigned char)200 << 30);
    printf("%lld %llu %llu %lu\n", 1LL << 63, 3ULL << 63, 1ULL << WORD_BITS, 0xFFUL >> WORD_BITS);
    printf("%d %u %d\n", 6 >> INT_BITS, 5u << INT_BITS, -6 >> (INT_BITS + 1));
    return 0;
}
