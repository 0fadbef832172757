/* Shifts of negative numbers: gcc's >> of a negative signed value is arithmetic (implementation-defined in C), and
 * gcc documents << of a negative as two's complement; sign masks by `x >> 31`, abs without branches, and
 * rounding division by shifts (toward minus infinity, unlike /). */
#include <stdio.h>
#include <stdint.h>

int main(void) {
    int v[] = {-1, -2, -7, -8, -2147483647, 7};
    int min = -2147483647 - 1;
    for (int i = 0; i < 6; i++) {
        int x = v[i];
        int mask = x >> 31;
        printf("%d: >>1 %d >>3 %d /8 %d mask %d abs %d\n", x, x >> 1, x >> 3, x / 8, mask, (x ^ mask) - mask);
    }
    printf("min: %d %d %u\n", min >> 1, min >> 31, (unsigned)min >> 31);
    long l = -123456789012L;
    int64_t w = INT64_MIN;
    printf("long %ld %ld\n", l >> 4, l >> 63);
    printf("int64 %lld\n", (long long)(w >> 62));
    printf("left %d %d %d\n", -1 << 3, -5 << 2, -3 * (1 << 4));
    signed char sc = -16;
    short sh = -1000;
    printf("narrow %d %d\n", sc >> 2, sh >> 3);
    printf("unsigned view %u %u\n", (unsigned)-8 >> 1, (unsigned)(-8 >> 1));
    return 0;
}
