#include <stdio.h>
/* A function given where a pointer to a function of other parameter types goes (fuzz seed 3 input 1881: derivs
 * retyped to take `const long long *`): C converts it with a warning and the call through it is undefined; C#'s
 * delegates of two types do not convert (CS1503). */
static void step(double t, const double *y, double *dydt, void (*f)(double, const double *, double *)) { f(t, y, dydt); }
static void derivs(double t, const long long y[], double dydt[]) { dydt[0] = t + (double)y[0]; }
int main(void) {
  double y[1] = {1.0}, dydt[1];
  step(0.5, y, dydt, derivs);
  printf("%g\n", dydt[0]);
  return 0;
}
