#include <stdio.h>
int main(void) {
  int n = 3;
  printf(n, "fmt");
  return 0;
}
