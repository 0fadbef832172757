/* GNU's conditional with the middle operand left out, `x ?: y` (once a located "not supported yet"): x when it is
 * nonzero, evaluated once (next() is called once), of ints, doubles, pointers and strings. */
#include <stdio.h>
static int calls;
static int next(void) { return ++calls; }
int main(void) {
  int x = 0, y = 5; const char *s = 0; double d = 0.0;
  int a = x ?: 7, b = y ?: 7, c = next() ?: 9;
  const char *t = s ?: "none";
  double e = d ?: 2.5;
  int *p = 0, *q = &y; int *r = p ?: q;
  printf("%d %d %d %d %s %g %d\n", a, b, c, calls, t, e, *r);
  return 0;
}
