/* printf forms of legacy report code: %*d and %-*d with widths from arguments (a negative one left-aligns),
 * %-10s| tables, %#x %#o %#X (0 has no prefix), %+d, % d, %05d of negatives, %.3d, %.0s, %c of 0x41, %%, %5.1f%%,
 * %hhd/%hd of truncated values, %lu %lld %llx of negatives, %zu and %zd. */
#include <stdio.h>

int main(void) {
    const char *names[] = {"alpha", "be", "gamma-delta"};
    int vals[] = {7, -42, 123456};
    for (int i = 0; i < 3; i++)
        printf("|%-10s|%*d|%-*d|\n", names[i], 8, vals[i], 6, vals[i]);
    printf("|%*d|%*s|\n", -6, 42, -4, "x");
    printf("%#x %#o %#X %#x %#o\n", 255, 8, 255, 0, 0);
    printf("%+d % d %05d %.3d %+.2d\n", 5, 5, -42, 7, -3);
    printf("[%.0s] [%.2s] [%10.3s] [%-6.1s]\n", "gone", "abc", "abcdef", "xyz");
    printf("%c%c %% %5.1f%%\n", 0x41, 'b', 99.44);
    printf("%hhd %hhu %hd %hu\n", 300, -1, 70000, -1);
    printf("%lu %lld %llx %lo\n", (unsigned long)-1, -5LL, (unsigned long long)-1, 8UL);
    printf("%zu %zd %td\n", sizeof(double), (long)-3, (long)12);
    printf("%-+6d|%+-6d|% -6d|\n", 3, 4, 5);
    printf("%#10.4x|%-#10o|%#.0x\n", 26, 26, 0);
    return 0;
}
