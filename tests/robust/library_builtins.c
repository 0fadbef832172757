/* gcc's builtins that are other names of library functions (__builtin_memcpy, __builtin_malloc, __builtin_printf,
 * ...): once unmapped-function errors "declared in math.h"; and the bit builtins, which have rows of their own. */
#include <stdio.h>

int main(int argc, char **argv) {
  unsigned u = 0xF0F0u;
  unsigned long long ul = 1ULL << 40;
  int a[4] = {1, 2, 3, 4}, b[4], z[5];
  double *d = __builtin_malloc(4 * sizeof(double));
  __builtin_memcpy(b, a, sizeof a);
  __builtin_memset(z, 0, sizeof z);
  if (__builtin_expect(argc > 5, 0)) __builtin_abort();
  d[0] = __builtin_sqrt(2.0) + __builtin_fabs(-1.5);
  printf("%d %d %d %d %d %d\n", __builtin_popcount(u), __builtin_clz(u), __builtin_ctz(u), __builtin_popcountll(ul),
         __builtin_clzll(ul), b[3]);
  __builtin_printf("%.3f %d %d %ld %d %d\n", d[0], z[4], __builtin_strcmp("a", "b") < 0, __builtin_labs(-7L),
                   __builtin_abs(-4), (int)__builtin_strlen("hello"));
  __builtin_free(d);
  return 0;
}
