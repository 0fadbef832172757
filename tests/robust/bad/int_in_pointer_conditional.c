#include <stdio.h>
int main(int argc, char **argv) {
  int x = 3, *p = argc > 5 ? &x : 12;
  printf("%d\n", p != 0);
  return 0;
}
