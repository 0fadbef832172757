/* frexpl splits an 80-bit long double: the port has no version of it, and the double one would split another
 * number (round 13: the functions with a double twin and long double operands alone, expl, powl, sinl, compute
 * through the twin with a warning instead: tests/c/long_double_through_double.c) */
#include <math.h>
#include <stdio.h>
int main(void) { int e; long double x = 0.5L; printf("%.21Lg\n", frexpl(x, &e)); return 0; }
