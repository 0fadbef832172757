/* A flexible array member of pointers: the struct and its elements are one block of bytes in the port (runtime
 * Flexible), where no pointer can live */
#include <stdlib.h>
struct names { int n; char *name[]; };
int main(void) {
  struct names *p = malloc(sizeof *p + 2 * sizeof(char *));
  p->n = 2;
  p->name[0] = "a";
  free(p);
  return 0;
}
