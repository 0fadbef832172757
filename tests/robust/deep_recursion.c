#include <stdio.h>
int depth(int n) { volatile char pad[64]; pad[0] = (char)n; return n == 0 ? pad[0] : 1 + depth(n - 1); }
int main(int argc, char **argv) {
  int n = argc > 1 ? 0 : 50000;
  int k;
  if (argc > 1) sscanf(argv[1], "%d", &n);
  k = depth(n);
  printf("%d\n", k);
  return 0;
}
