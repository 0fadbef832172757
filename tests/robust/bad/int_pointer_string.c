#include <stdio.h>
int main(void) {
  int *s = "abcd";
  printf("%d\n", s[0]);
  return 0;
}
