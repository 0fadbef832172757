#include <stdio.h>
static int n;
static int next(void) { return ++n; }
int main(void) {
  int a[4] = { [0 ... 3] = next() };
  printf("%d %d\n", a[3], n);
  return 0;
}
