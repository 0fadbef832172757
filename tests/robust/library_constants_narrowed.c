/* A library macro of a constant wider than the type it is cast to: C converts modulo 2^n, C# refused the
   conversion of the runtime's named constant at compile time (fuzz seed 13 input 2961: `(short)CLOCKS_PER_SEC`,
   CS0221). */
#include <stdio.h>
#include <time.h>
#include <limits.h>

int main(void) {
    short s = (short)CLOCKS_PER_SEC;
    unsigned short us = (unsigned short)CLOCKS_PER_SEC;
    signed char c = (signed char)CLOCKS_PER_SEC;
    printf("%d %u %d %ld\n", s, us, c, (long)CLOCKS_PER_SEC);
    printf("%d %d\n", (short)CLOCKS_PER_SEC + 1, (unsigned char)(CLOCKS_PER_SEC / 3));
    printf("%d %d\n", (short)INT_MAX, (signed char)UINT_MAX);
    return 0;
}
