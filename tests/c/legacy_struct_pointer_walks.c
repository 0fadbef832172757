/* Walking arrays of structs by pointer: `for (p = a; p < a + n; p++)`, a pointer to the end as a sentinel,
 * pointer differences as indexes, `p->field` and `(*p).field`, a struct holding a pointer into another array,
 * and offsetof arithmetic on a char pointer to a struct. */
#include <stddef.h>
#include <stdio.h>

struct cell { int id; double v; struct cell *next; };

int main(void) {
    struct cell cells[5], *p, *end = cells + 5;
    int i = 0;
    for (p = cells; p < end; p++, i++) {
        p->id = i;
        (*p).v = i * 0.5;
        p->next = p + 1 < end ? p + 1 : cells;
    }
    double sum = 0;
    for (p = cells + 2, i = 0; i < 7; i++, p = p->next) sum += p->v;
    printf("%g %ld\n", sum, (long)(p - cells));
    struct cell *best = cells;
    for (p = cells; p != end; ++p) if (p->v > best->v) best = p;
    printf("%d %ld\n", best->id, (long)(best - cells));
    p = &cells[3];
    printf("%d %d %g\n", p[-1].id, (p + 1)->id, (*(p - 3)).v);
    printf("%zu %zu\n", offsetof(struct cell, v), offsetof(struct cell, next));
    return 0;
}
