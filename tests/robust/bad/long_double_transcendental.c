/* expl computes in x87 80 bits with glibc's own code: the port has no exact version, and computing it in double
 * would print other digits than gcc's program (round 13: once a double's Math.Exp) */
#include <math.h>
#include <stdio.h>
int main(void) { long double x = 0.5L; printf("%.21Lg\n", expl(x)); return 0; }
