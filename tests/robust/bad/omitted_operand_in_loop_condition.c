#include <stdio.h>
static int n = 3;
static int next(void) { return n--; }
int main(void) {
  int k = 0;
  while (next() ?: k) k++;
  for (int i = 0; (i < 2 ? i : 0) ?: (k > 100); i++) k += 10;
  printf("%d %d\n", k, n ?: -1);
  return 0;
}
