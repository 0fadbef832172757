/* A struct with a flexible array member over memory of another type: a char buffer (a message received as bytes)
 * cast to the struct and its elements written and read through it, and a `void *` malloc'ed block given to the
 * struct pointer (the struct and its elements are views of the same bytes, runtime Flexible). */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
struct msg { int n; int tag; double v[]; };
static void fill(char *buf, int n) {
    struct msg *m = (struct msg *)buf;
    m->n = n; m->tag = 5;
    for (int i = 0; i < n; i++) m->v[i] = i * 2.5;
}
int main(void) {
    char buf[256];
    fill(buf, 4);
    struct msg *m = (struct msg *)buf;
    double s = 0;
    for (int i = 0; i < m->n; i++) s += m->v[i];
    printf("%d %d %g\n", m->n, m->tag, s);
    void *raw = malloc(sizeof(struct msg) + 3 * sizeof(double));
    struct msg *r = raw;
    r->n = 3; r->v[2] = 7;
    printf("%d %g\n", r->n, r->v[2]);
    free(raw);
    return 0;
}
