/* Compound literals of an array type with a length, `(int[3]){5, 6, 7}`: the length's literal, which libclang lists
 * before the braces, was read as the value (`Ptr<int> q = 3;`, CS0029; an MPI buffer `(int[3]){r, 2, 3}` became 3). */
#include <stdio.h>
struct pt { int x, y; };
int main(void) {
  int *q = (int[3]){5, 6, 7};
  int n = ((int[2]){8, 9})[1];
  struct pt *p = (struct pt[2]){{1, 2}, {3, 4}};
  double *d = (double[4]){1.5};
  printf("%d %d %d %d %g %g\n", q[2], n, p[1].y, p[0].x, d[0], d[3]);
  return 0;
}
