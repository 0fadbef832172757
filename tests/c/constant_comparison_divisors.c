/* A divisor that is a constant expression of comparisons (csmith --no-safe-math seed 7420035:
 * `x % (int16_t)((int16_t)(3L == 1UL) << 2)` on a path never taken): zero, which C compiles (a trap only when it
 * runs) and C# folds and refuses (CS0020) unless the port knows the comparison's value; and the same comparisons,
 * nonzero, as divisors that run, in the common type's signedness (`-1 < 1U` is false). */
#include <stdio.h>
#include <stdint.h>

int main(int argc, char **argv) {
  (void)argv;
  int16_t x = (int16_t)(argc * 1000);
  long r = 0;
  if (argc > 100) {
    r = x % (int16_t)((int16_t)(3L == 1UL) << 2);
    r += x / (5 < 2);
    r += (long)x % ((1U > 2U) + (7 != 7));
  }
  printf("%ld\n", r);
  printf("%d\n", x / (int16_t)((int16_t)(3L != 1UL) << 2));
  printf("%d\n", x % ((-1 < 1U) + 2));
  printf("%d\n", x / ((-1 < 1) + (2 >= 2) + (4 <= 3)));
  printf("%ld\n", (long)(3L == 3UL) - 5L);
  unsigned u = 7u;
  u /= (10 > 3) + (0x80000000u > 1u);
  printf("%u\n", u);
  return 0;
}
