/* long double through text: printf's %Lf %Le %Lg %La (flags, widths, precisions), sprintf, and back with strtold and
 * sscanf's %Lf / %Lg, each value rounded once from its decimal to 80 bits as glibc's strtold rounds it. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const char *texts[] = {"0.1", "3.14159265358979323846264338327950288", "-2.5e-3", "1e4000", "1e-4940",
                           "0x1.fffffffffffffffep+0", "  +123456789012345678901234567890", "1e5000", "-inf", "nan",
                           "0.30000000000000000001", "18446744073709551615.5", "4.9406564584124654e-324", "12abc"};
    char buf[128], *end;
    int i;
    for (i = 0; i < (int)(sizeof texts / sizeof texts[0]); i++) {
        long double v = strtold(texts[i], &end), w = 0;
        int got = sscanf(texts[i], "%Lf", &w);
        printf("%-40s %La %.21Lg rest '%s' sscanf %d %La\n", texts[i], v, v, end, got, w);
    }
    {
        long double third = 1.0L / 3, big = 12345678.875L;
        printf("[%Lf] [%20.10Lf] [%-12.3Le] [%+Lg] [%#.0Lf] [%010.2Lf] [%.0Le] [%LG] [%.30Lg]\n", third, third, big,
               big, big, -third, third * 1e30L, third * 1e-30L, third);
        sprintf(buf, "%.25Lg", third);
        printf("%s -> %La\n", buf, strtold(buf, NULL));
        sscanf("2.718281828459045235360287 7", "%Lg %d", &third, &i);
        printf("%La %d\n", third, i);
    }
    return 0;
}
