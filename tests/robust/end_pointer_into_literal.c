/* strtol/strtod of a string literal with an end pointer: the end points into the literal, so the port passes its
   char array (a .NET string chose the runtime's `out int` overload: CS1620). Found by hand, round 10. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *end;
    long v = strtol("123xyz", &end, 10);
    printf("%ld [%s]\n", v, end);
    double d = strtod("2.5e1 rest", &end);
    printf("%g [%s]\n", d, end);
    unsigned long u = strtoul("0x1fZ", &end, 16);
    printf("%lu [%s] %lld\n", u, end, strtoll("-42", NULL, 10));
    return 0;
}
