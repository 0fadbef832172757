/* A NULL pointer dereferenced (csmith --null-ptr-deref-prob, seed 7400012): natively SIGSEGV, status 139, and
 * stdout's complete lines (fflush'ed) are out; the port's Ptr<T> dereference of NULL fails the rank with the same
 * status (it was 1). Through a pointer parameter, an element and a struct member. */
#include <stdio.h>
#include <stdlib.h>

struct cell { int value; struct cell *next; };

static __attribute__((noinline)) int *pick(int *table, int argc) { return argc > 100 ? table : NULL; }

static int sum(const int *p, int n) {
  int s = 0;
  while (n-- > 0) s += *p++;
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  int table[3] = {1, 2, 3};
  struct cell last = {7, NULL}, first = {5, &last};
  printf("%d %d\n", sum(table, 3), first.next->value);
  fflush(stdout);
  int *p = pick(table, argc);
  printf("lost: not flushed ");
  printf("%d\n", sum(p, 2));
  return 0;
}
