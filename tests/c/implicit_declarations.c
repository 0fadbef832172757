/* Library functions called without their headers (stdlib.h, string.h, math.h, time.h are not included), as
 * legacy programs do and gcc 12 accepts with a warning: each is translated with its header's declaration. */
#include <stdio.h>

int main(int argc, char **argv)
{
    int n = atoi("42");
    unsigned long len = strlen("seven");
    double r = sqrt(2.0);
    long now = time(0);
    printf("%d %lu %.6f %d %d\n", n, len, r, abs(-5), now > 0);
    if (argc > 5)
        exit(3);
    return 0;
}
