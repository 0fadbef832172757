#include <stdio.h>
struct pt { int x, y; };
struct seg { struct pt a, b; };
int main(void) {
  struct seg s = { .a.x = 1, 2 };
  printf("%d\n", s.a.y);
  return 0;
}
