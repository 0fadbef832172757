#include <stdio.h>
/* A table of function pointers initialized with a function of another parameter type (fuzz seed 3 input 3354:
 * inc retyped to take `unsigned *`; an initializer's items reach the converter without their implicit cast, CS0123) */
typedef int (*handler)(int *);
static int inc(unsigned *c) { return (int)++*c; }
static int peek(int *c) { return *c; }
int main(void) {
  static const handler table[2] = { inc, peek };
  int v = 1;
  printf("%d\n", table[0](&v) + table[1](&v));
  return 0;
}
