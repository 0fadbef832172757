/* A struct named as a runtime type with a field of the same name (fuzz seed 2 input 7690, field_named_as_struct.c
 * renamed): both became System_ in C# (CS0542, a member named as its enclosing type). */
#include <stdio.h>

struct System { int System; struct System *next; };
typedef struct { double Math; } Math;
struct Ptr { int Ptr; };

int main(void) {
  struct System a = {1, NULL}, b = {2, &a};
  Math m = {2.5};
  struct Ptr p = {7};
  printf("%d %d %g %d\n", b.System, b.next->System, m.Math, p.Ptr);
  return 0;
}
