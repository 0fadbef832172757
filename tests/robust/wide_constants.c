#include <stdio.h>
int main(void) {
  int i = 5; unsigned u = 7; short sh = 1; char c = 2; long l = 3;
  if (i < 2147483648) printf("a\n");
  if (i == 4294967296) printf("b\n");
  if (u >= 0) printf("c\n");
  if (sh < 40000) printf("d\n");
  if (c != 300) printf("e\n");
  if (l > 9223372036854775807) printf("f\n");
  if (i != -2147483649) printf("g\n");
  return 0;
}
