/* A ring buffer whose functions take the struct by pointer (a `ref` parameter in the port) and index its fixed
 * array with unsigned head and tail counters (`r->data[r->head]`: an inline array takes an int index, CS9172 once),
 * wrapped by modulo and by masking a power of two; full and empty tests, overwriting the oldest entry. */
#include <stdio.h>

#define CAP 8
struct ring { double data[CAP]; unsigned head, tail, count; };

static int push(struct ring *r, double v) {
    if (r->count == CAP) { r->tail = (r->tail + 1) & (CAP - 1); r->count--; }
    r->data[r->head] = v;
    r->head = (r->head + 1) % CAP;
    r->count++;
    return (int)r->count;
}

static int pop(struct ring *r, double *out) {
    if (!r->count) return 0;
    *out = r->data[r->tail];
    r->tail = (r->tail + 1) % CAP;
    r->count--;
    return 1;
}

int main(void) {
    struct ring r = {{0}, 0, 0, 0};
    int i;
    for (i = 1; i <= 11; i++) push(&r, i * 1.5);
    double v, sum = 0;
    printf("count %u head %u tail %u\n", r.count, r.head, r.tail);
    for (i = 0; i < 3 && pop(&r, &v); i++) printf("%g ", v);
    unsigned k;
    for (k = 0; k < r.count; k++) sum += r.data[(r.tail + k) % CAP];
    printf("| %g %u\n", sum, r.count);
    while (pop(&r, &v)) ;
    printf("%d %u\n", pop(&r, &v), r.count);
    return 0;
}
