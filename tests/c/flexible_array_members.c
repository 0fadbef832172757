/* Flexible array members (C99 `double v[];` ending a struct), malloc'ed with room for the elements: the idiom of
 * message structs and particle buffers. The struct's bytes and its elements' are one block, as in C: memcpy of the
 * whole block, a pointer to the elements, sizeof and offsetof. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct msg { int n; double v[]; };
struct text { short len; char s[]; };
struct particle { double x, y; int id; };
struct batch { long count; int tag; struct particle p[]; };

static double sum(const double *a, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}

static struct msg *make(int n) {
    struct msg *m = malloc(sizeof(struct msg) + n * sizeof(double));
    m->n = n;
    for (int i = 0; i < n; i++) m->v[i] = 1.5 * i;
    return m;
}

static struct text *text_of(const char *s) {
    size_t len = strlen(s);
    struct text *t = malloc(sizeof *t + len + 1);
    t->len = (short)len;
    strcpy(t->s, s);
    return t;
}

int main(void) {
    printf("sizeof %zu %zu %zu offsetof %zu %zu %zu\n", sizeof(struct msg), sizeof(struct text), sizeof(struct batch),
           offsetof(struct msg, v), offsetof(struct text, s), offsetof(struct batch, p));
    struct msg *m = make(5);
    printf("n=%d v[4]=%g sum=%g\n", m->n, m->v[4], sum(m->v, m->n));
    double *tail = m->v;
    tail[1] += 10;
    (*m).v[2] = -1;
    printf("%g %g %g\n", m->v[1], (*m).v[2], *(m->v + 3));

    size_t bytes = sizeof *m + m->n * sizeof m->v[0];
    struct msg *copy = malloc(bytes);
    memcpy(copy, m, bytes);
    m->v[0] = 99;
    printf("copy n=%d v[0]=%g v[1]=%g sum=%g\n", copy->n, copy->v[0], copy->v[1], sum(copy->v, copy->n));

    struct text *t = text_of("hello, flexible");
    printf("%d [%s] %c\n", t->len, t->s, t->s[7]);

    struct batch *b = calloc(1, sizeof(struct batch) + 3 * sizeof(struct particle));
    b->count = 3;
    b->tag = 7;
    for (int i = 0; i < 3; i++) {
        b->p[i].x = i;
        b->p[i].y = i * i;
        b->p[i].id = 100 + i;
    }
    struct particle *q = &b->p[1];
    q->id += 1000;
    double sy = 0;
    for (long i = 0; i < b->count; i++) sy += b->p[i].y;
    printf("batch %ld tag %d id %d sy %g\n", b->count, b->tag, b->p[1].id, sy);
    b = realloc(b, sizeof(struct batch) + 5 * sizeof(struct particle));
    b->p[4] = b->p[2];
    b->p[4].id++;
    b->count = 5;
    printf("grown %d %d %g\n", b->p[1].id, b->p[4].id, b->p[4].y);

    free(m);
    free(copy);
    free(t);
    free(b);
    return 0;
}
