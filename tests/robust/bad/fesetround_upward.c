/* a directed rounding mode: a port computes in round-to-nearest only, so it is refused where it is set (csmith20) */
#include <fenv.h>
#include <stdio.h>
int main(void) {
    volatile double a = 1.0, b = 3.0;
    if (fesetround(FE_UPWARD) != 0) return 1;
    printf("%.17g\n", a / b);
    return 0;
}
