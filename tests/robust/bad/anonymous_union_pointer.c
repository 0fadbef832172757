/* A C11 anonymous union whose members overlay a pointer and a number: the struct takes its fields at C's offsets,
 * and .NET overlays no reference with anything */
#include <stdio.h>
struct value {
  int kind;
  union { long i; const char *s; };
};
int main(void) {
  struct value v = {1, {7}};
  printf("%d %ld\n", v.kind, v.i);
  return 0;
}
