/* C11's keywords and qualifiers: _Static_assert, _Thread_local, _Alignas/alignas, _Noreturn, inline, register, restrict,
 * volatile, and _Alignof (once "this operator is not supported yet"). */
#include <stdio.h>
#include <stdlib.h>
#include <stdalign.h>
#include <stdnoreturn.h>
static _Thread_local int tl = 3;
_Static_assert(sizeof(int) == 4, "int is 4 bytes");
_Alignas(16) static int aligned[4] = {1, 2, 3, 4};
alignas(8) double ad = 2.5;
static _Noreturn void die(int code) { printf("die %d\n", code); exit(code); }
static inline int sq(register int x) { return x * x; }
static int sum(int n, const int *restrict a, volatile int *restrict out) {
  register int s = 0;
  for (register int i = 0; i < n; i++) s += a[i];
  *out = s;
  return s;
}
int main(int argc, char **argv) {
  volatile int v = 0;
  sum(4, aligned, &v);
  printf("%d %d %g %d %zu %d\n", tl, v, ad, sq(5), _Alignof(double), (int)_Alignof(char) + (int)sizeof(aligned));
  if (argc > 5) die(3);
  return 0;
}
