/* `|` and `|=` with a signed operand narrower than the result: C converts it to the result's type first
   (sign-extending), as C# does; C# warns (CS0675) where C is silent. Negative operands show the extension. */
#include <stdio.h>

struct packed { long key; short low; signed char tiny; };

int main(void) {
  int rank = -3, a = 7;
  short s = -2;
  signed char c = -1;
  unsigned char uc = 0xf0;
  unsigned u = 0x80000000u;
  long l = 0x100000000L;
  struct packed p = { 1L << 40, -5, -7 };
  long w = ((long)a << 32) | rank;
  long long ll = (1LL << 40) | s;
  int x = 0x10000 | s;
  int y = (uc << 8) | c;
  unsigned long ul = (1UL << 63) | rank;
  unsigned v = u | rank;
  long z = l | u;
  long f = p.key | p.low | p.tiny;
  w |= a;
  l |= s;
  ll ^= c;
  x &= c;
  p.key |= p.tiny;
  printf("%lx %llx %x %x %lx %x %lx %lx\n", w, ll, x, y, ul, v, z, f);
  printf("%lx %lx %lx\n", l, p.key, (long)rank | (long)s);
  return 0;
}
