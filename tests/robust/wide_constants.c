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
  /* unary plus promotes to int, which C# does not (csmith --compile-check seed 2760010: `+(int8 call) > 0x1A014B30L`) */
  signed char sc = 9;
  if (+sc > 0x1A014B30L) printf("h\n");
  if (+sh <= 0x7FFFFFFFFL) printf("i\n");
  /* ... and as a comma's value (csmith --float --compile-check seed 3913004: `(g = x, (+(uint16 call))) == 0x629AA6A4L`) */
  unsigned short us = 4;
  if ((i = 6, (+us)) == 0x629AA6A4L) printf("j\n");
  if ((c = 3, sh) != 0x12345L) printf("k %d %d\n", i, c);
  return 0;
}
