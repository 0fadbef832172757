#include <stdio.h>
/* the C library's srandom takes an unsigned and returns nothing: this prototype cannot bind to it */
int srandom(char *seed);
int main(void) { printf("%d\n", srandom("x")); return 0; }
