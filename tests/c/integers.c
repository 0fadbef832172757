/* C's integer arithmetic: promotions, unsigned wraparound, mixed comparisons,
 * division and modulo of negatives, shifts, char arithmetic. */
#include <stdio.h>

#define BIG 4000000000u
#define MASK 0x7F

static unsigned int scramble(unsigned int x)
{
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

int main(void)
{
    int i = -7, j = 2;
    unsigned int u = 3;
    long l = -123456789012L;
    unsigned long ul = 18446744073709551615UL;
    char c = 'z';
    signed char sc = -100;
    unsigned char uc = 250;
    short s = -32768;

    printf("%d %d %d %d\n", i / j, i % j, -i / j, i % -j);
    printf("%u %u\n", u - 5, (unsigned)i);
    printf("%d\n", i < u);              /* -7 converts to a huge unsigned */
    printf("%ld %lu %lu\n", l * 3, ul + 2, ul >> 3);
    printf("%d %d %d\n", c + 1, sc * 2, uc + uc);
    uc += 10;                            /* wraps to 4 */
    sc -= 100;                           /* wraps to 56 */
    printf("%d %d %d\n", uc, sc, (char)(c + 10));
    printf("%d %d\n", s - 1, (short)(s - 1));
    printf("%u %u\n", BIG + BIG, scramble(12345u));
    printf("%d %d %d\n", 1 << 30, -16 >> 2, MASK & 0x1F3);
    printf("%x %o %X\n", 255u, 8, 0xBEEFu);
    printf("%d %d %d\n", !5, !0, ~7);
    printf("%d %d\n", (i > 0) + (j > 0), i && j || 0);
    int k = 5;
    k += 2.75;                           /* k = (int)(5 + 2.75) */
    printf("%d\n", k);
    double d = 7 / 2 + 7 / 2.0;
    printf("%.2f %d\n", d, (int)-3.99);
    unsigned int acc = 0;
    for (i = 0; i < 40; i++)
        acc = acc * 31u + (unsigned)i;
    printf("%u\n", acc);
    return 0;
}
