#include <stdio.h>
int main(void) {
  int i;
  for (i = 0; i < 100000; i++) printf("line %d\n", i);
  fprintf(stderr, "done\n");
  return 3;
}
