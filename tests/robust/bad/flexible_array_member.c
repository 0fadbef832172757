/* A flexible array member: malloc chooses the struct's size, which no C# struct has. */
#include <stdio.h>
#include <stdlib.h>
struct v { int n; double d[]; };
int main(void) {
  struct v *p = malloc(sizeof *p + 3 * sizeof(double));
  p->n = 3;
  p->d[2] = 1.5;
  printf("%d %g\n", p->n, p->d[2]);
  free(p);
  return 0;
}
