/* A C11 anonymous union overlaying a bit-field and a number: the struct is laid out at C's offsets with its
 * bit-field's unit (bitfields.packed_layout), the number reading the unit's bytes as C does */
#include <stdio.h>
struct flags {
  int kind;
  union { unsigned low : 3; unsigned word; };
};
int main(void) {
  struct flags f = {1, {5}};
  printf("%d %u\n", f.kind, f.word);
  return 0;
}
