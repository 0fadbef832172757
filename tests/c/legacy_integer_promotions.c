/* Integer promotions and conversions that legacy code relies on: unsigned char sums in int, signed/unsigned
 * comparisons with sizeof, size_t countdown loops, ptrdiff_t, double to int truncation, big ints through float,
 * and short arithmetic wrapping on store. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
    unsigned char a = 200, b = 100;
    int sum = a + b;
    unsigned char wrapped = a + b;
    printf("%d %d %d\n", sum, wrapped, (a + b) > 255);
    printf("%d %d\n", -1 < (int)sizeof(int), (long)-1 < (long)sizeof(int));
    size_t n = 4, i;
    for (i = n; i-- > 0;) printf("%zu ", i);
    printf("\n");
    int arr[10];
    int *p = &arr[7], *q = &arr[2];
    ptrdiff_t d = q - p;
    printf("%td %td\n", d, p - q);
    double x = -3.99, y = 3.99;
    printf("%d %d %ld\n", (int)x, (int)y, (long)(x * 1e9));
    printf("%.1f %.1f\n", (float)16777217, (double)(float)0.1);
    short s = 30000;
    s += 10000;
    unsigned short us = 1;
    us -= 2;
    printf("%d %u\n", s, us);
    int8_t i8 = 127;
    i8++;
    uint64_t big = UINT64_MAX;
    printf("%d %llu %d\n", i8, (unsigned long long)(big + 2), (int)(uint32_t)-1);
    long long ll = 3000000000LL * 3;
    printf("%lld %d\n", ll, (int)(ll % 7));
    return 0;
}
