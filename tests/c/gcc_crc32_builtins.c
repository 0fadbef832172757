/* x86's SSE4.2 CRC-32C builtins, which csmith --builtins calls (__builtin_ia32_crc32qi; gcc builds them with
 * -msse4.2, or in a function with that target as here): each step of a running checksum over bytes, half-words,
 * words and double words, values of every sign, the 64-bit form's accumulator with high bits set (only its low 32
 * bits count). A checksum of "123456789" with the usual inversions is CRC-32C's check value, 0xE3069283. */
#include <stdio.h>

__attribute__((target("sse4.2"))) static void steps(void)
{
    const char *text = "123456789";
    unsigned crc = 0xFFFFFFFFu;
    for (const char *p = text; *p; p++)
        crc = __builtin_ia32_crc32qi(crc, (unsigned char)*p);
    printf("check %08X\n", ~crc);
    volatile int values[4] = {0, -1, 0x12345678, -98765};
    unsigned long long wide = 0xDEADBEEF00000000ULL;
    for (int i = 0; i < 4; i++) {
        int v = values[i];
        printf("%08X %08X %08X %016llX\n", __builtin_ia32_crc32qi(v, v), __builtin_ia32_crc32hi(v * 3, v),
               __builtin_ia32_crc32si(v ^ 0x5A5A5A5A, v + 1), __builtin_ia32_crc32di(wide | (unsigned)v, (long long)v * 977));
    }
}

int main(void)
{
    steps();
    return 0;
}
