/* printf's conversions as legacy codes use them: widths and precisions from arguments (%*d, %.*f), flags
 * (-, +, space, 0, #), %e/%g/%E/%G, %o/%x/%X, %c, %%, the length modifiers h, hh, l, ll, z, and %5.3s. */
#include <stdio.h>

int main(void) {
    int w = 8, p = 3;
    printf("[%*d] [%-*d] [%.*f] [%*.*f]\n", w, 42, w, 42, p, 3.14159265, w, 2, 2.71828);
    printf("[%+d] [% d] [%05d] [%-5d] [%+.2e] [%#o] [%#x] [%X]\n", 7, 7, -7, 7, 12345.678, 8, 255, 48879);
    printf("[%g] [%g] [%g] [%G] [%e] [%.0f] [%.0f] [%#.0f]\n", 1e-5, 123456789.0, 0.0001234, 1e20, 0.0, 2.5, 3.5, 4.0);
    printf("[%c%c%c] [%%] [%5.3s] [%-6s|] [%.0s]\n", 'a', 66, '0' + 7, "abcdef", "ab", "gone");
    short hs = -2;
    signed char hh = -1;
    unsigned char uc = 250;
    long l = -1234567890123L;
    unsigned long long ull = 18446744073709551615ULL;
    size_t z = 99;
    printf("%hd %hhd %hhu %ld %llu %zu %lx\n", hs, hh, uc, l, ull, z, 3735928559UL);
    printf("%d %u %x\n", -1, -1, -1);
    printf("[%10.4g] [%-10.2e] [%010.3f] [%+08.2f]\n", 3.14159, 0.000123, -1.5, 2.25);
    printf("%s|%5s|%-5s|\n", "", "ab", "cd");
    printf("%d%%\n", 50);
    return 0;
}
