/* long double complex: the port has no 80-bit complex type (round 13: once a double one, other digits than gcc's) */
#include <complex.h>
#include <stdio.h>
int main(void) { long double complex z = 1.0L + 2.0L * I; printf("%Lg\n", creall(z * z)); return 0; }
