#include <stdio.h>
struct s { int v[3]; double m[2][2]; };
int main(int argc, char **argv) {
  struct s a = {{1, 2, 3}, {{1, 2}, {3, 4}}};
  if (argc > 5) a.v[3] = 4;
  printf("%d %g\n", a.v[2], a.m[1][-1]);
  return 0;
}
