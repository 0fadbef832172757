/* GNU's __int128 and unsigned __int128 (__int128_t, __uint128_t), as 64-bit codes use them for a full product or a
 * wide accumulator: .NET's Int128 and UInt128. Products and high halves (mulhi), shifts past 64 bits, division and
 * remainder, negative values, conversions to and from double, long and unsigned long, unsigned wrap-around, arrays,
 * struct fields, pointers, parameters and results, constants wider than 64 bits, sizeof. Refused before round 11
 * (probe11; fuzz round9 inputs 6 and 7). */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

typedef unsigned __int128 u128;

struct wide_sum {
    __int128 total;
    int count;
};

static uint64_t mulhi(uint64_t a, uint64_t b) { return (uint64_t)(((u128)a * b) >> 64); }

static void add(struct wide_sum *s, long v)
{
    s->total += (__int128)v * v;
    s->count++;
}

static u128 fact(int n) { return n <= 1 ? 1 : (u128)n * fact(n - 1); }

static void print_u128(u128 v)
{
    char digits[40];
    int n = 0;
    do { digits[n++] = (char)('0' + (int)(v % 10)); v /= 10; } while (v != 0);
    while (n > 0) putchar(digits[--n]);
    putchar('\n');
}

int main(void)
{
    unsigned __int128 u = 1;
    u <<= 100;
    __int128_t a = -5;
    __uint128_t b = 7;
    __int128 big = (__int128)INT64_MAX * 1000 + 7;
    printf("%d %d %d %d\n", (int)(u >> 98), (int)sizeof(__int128), (int)(a * (__int128_t)b), (int)sizeof(struct wide_sum));
    printf("%lld %lld %.6g %d\n", (long long)(big % 1000000007), (long long)(big / ((__int128)1 << 64)), (double)big,
           -big < 0);
    printf("%llu %llu\n", (unsigned long long)mulhi(0xFFFFFFFFFFFFFFFFull, 3), (unsigned long long)(u >> 64));

    struct wide_sum s = {0, 0};
    for (long v = 3000000000L; v < 3000000010L; v++)
        add(&s, v);
    print_u128((u128)s.total);
    printf("%d\n", s.count);

    u128 table[4];
    for (int i = 0; i < 4; i++)
        table[i] = fact(20 + i * 5);
    u128 *p = table + 1;
    print_u128(*p);
    print_u128(table[3]);
    u128 zero = 0;
    print_u128(zero - 1);  /* wraps to 2^128 - 1 */
    double d = 1e30;
    __int128 from_double = (__int128)d;
    printf("%.6g %d\n", (double)from_double, from_double > (__int128)INT64_MAX);
    unsigned long ul = (unsigned long)(table[2] >> 3);
    printf("%lu %d\n", ul, (int)(table[1] & 0xFF));
    return 0;
}
