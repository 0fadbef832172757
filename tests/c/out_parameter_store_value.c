/* A `char **` out-parameter whose store's own value is used (csmith seed 7600075: `func_75(..., ((*p_28) =
 * (void*)0), ...)` with `int8_t **p_28` and an `int8_t *` parameter): the store of fresh memory (NULL, malloc) made
 * the parameter a generic type, whose value C# could not give to the typed parameter (CS1503). Beside it, the
 * out-parameters that stay generic: stores as statements or a comma's left operand. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int is_null(int8_t *p) { return p == 0; }
static int count_null(signed char *p, int n) { return p == NULL ? n : -n; }

static int clear_and_test(int8_t **pp) { return is_null((*pp) = (void *)0); }
static int fresh_and_count(signed char **pp, int n) { return count_null(*pp = malloc(4), n); }
static void clear(char **pp) { *pp = NULL; }
static int clear_then(char **pp, int n) { return (*pp = NULL, n + 1); }

int main(void) {
  int8_t x = 1;
  int8_t *q = &x;
  signed char *r = 0;
  int t = clear_and_test(&q);
  printf("%d %d\n", t, q == 0);
  t = fresh_and_count(&r, 3);
  printf("%d %d\n", t, r != 0);
  free(r);
  char c = 'c', *s = &c;
  clear(&s);
  printf("%d\n", s == NULL);
  s = &c;
  t = clear_then(&s, 4);
  printf("%d %d\n", t, s == NULL);
  return 0;
}
