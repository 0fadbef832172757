#include <stdio.h>
struct value {
  int kind;
  union { int i; float f; };
};
int main(void) {
  struct value v = {1};
  v.i = 7;
  printf("%d %d\n", v.kind, v.i);
  return 0;
}
