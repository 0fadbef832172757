/* Structs as values: returned from functions, assigned whole (arrays inside copied), passed by value and
 * modified by the callee without the caller seeing it, nested struct assignment, arrays of structs swapped. */
#include <stdio.h>
#include <string.h>

struct vec { double c[3]; };
struct body { char name[16]; struct vec pos, vel; int id; long hist[8]; };

static struct vec add(struct vec a, struct vec b) {
    struct vec r;
    int i;
    for (i = 0; i < 3; i++) r.c[i] = a.c[i] + b.c[i];
    return r;
}

static struct body step(struct body b, double dt) {
    int i;
    for (i = 0; i < 3; i++) b.pos.c[i] += dt * b.vel.c[i];
    b.hist[b.id % 8]++;
    return b;
}

static void clobber(struct body b) { b.id = -1; strcpy(b.name, "gone"); }

int main(void) {
    struct body a = {"earth", {{1, 2, 3}}, {{0.5, 0.25, 0}}, 3, {0}};
    struct body b = a;
    b.pos = add(b.pos, b.vel);
    strcpy(b.name, "mars");
    struct body c = step(step(a, 2), 2);
    clobber(a);
    printf("%s %g %g %g %d\n", a.name, a.pos.c[0], a.pos.c[1], a.pos.c[2], a.id);
    printf("%s %g %g %g\n", b.name, b.pos.c[0], b.pos.c[1], b.pos.c[2]);
    printf("%s %g %g %ld\n", c.name, c.pos.c[0], c.pos.c[1], c.hist[3]);
    struct body arr[2] = {a, b}, t;
    t = arr[0]; arr[0] = arr[1]; arr[1] = t;
    printf("%s %s %zu\n", arr[0].name, arr[1].name, sizeof(struct body));
    struct vec v = add(arr[0].pos, (struct vec){{1, 1, 1}});
    printf("%g\n", v.c[0] + v.c[1] + v.c[2]);
    return 0;
}
