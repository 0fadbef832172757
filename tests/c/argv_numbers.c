/* Numbers read from the command line and from char buffers with a NULL end pointer, as option parsing
 * does (`n = strtol(argv[1], NULL, 10)`): argv elements, arrays and pointers into them. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char digits[] = "  -42xyz";
    char hex[] = "0x1fG";
    char *real = "2.5e3 rest";
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : -1;
    double d = argc > 2 ? strtod(argv[2], NULL) : -1.0;
    printf("%ld %g\n", n, d);
    printf("%ld %lld %lu %llu\n", strtol(digits, NULL, 10), strtoll(digits + 2, NULL, 10),
           strtoul(hex, NULL, 16), strtoull(hex + 2, NULL, 16));
    printf("%g %g\n", strtod(real, NULL), (double)strtof(real, NULL));
    return 0;
}
