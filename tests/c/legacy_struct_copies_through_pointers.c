/* Struct assignment through pointers: `*p = *q`, swapping through a temporary, a struct holding an array copied
 * whole (the array is copied, not shared), a function's struct result stored through a pointer, and
 * copies between elements of an array of structs. */
#include <stdio.h>

struct particle { double x[3]; int id; char tag[4]; };

static struct particle make(int id) {
    struct particle p = {{id, id * 2.0, id * 3.0}, id, "p"};
    p.tag[1] = (char)('0' + id);
    return p;
}

static void swap(struct particle *a, struct particle *b) {
    struct particle t = *a;
    *a = *b;
    *b = t;
}

int main(void) {
    struct particle ps[4];
    struct particle *p = &ps[0], *q = &ps[3];
    for (int i = 0; i < 4; i++) ps[i] = make(i + 1);
    *p = *q;
    p->x[0] = 99;
    printf("p %g %d %s, q %g %d %s\n", p->x[0], p->id, p->tag, q->x[0], q->id, q->tag);
    swap(&ps[1], &ps[2]);
    printf("1: %d %s, 2: %d %s\n", ps[1].id, ps[1].tag, ps[2].id, ps[2].tag);
    *(ps + 2) = make(7);
    ps[1] = ps[2];
    ps[2].x[2] = -1;
    printf("1: %g %g %g, 2: %g\n", ps[1].x[0], ps[1].x[1], ps[1].x[2], ps[2].x[2]);
    struct particle copy;
    copy = *&ps[3];
    copy.id = 0;
    printf("copy %d, original %d\n", copy.id, ps[3].id);
    return 0;
}
