/* C11 anonymous struct and union members (a GNU extension before): a tagged value whose union has no name,
 * a vector readable as x, y, z or as an array, an anonymous struct inside a union, initializers with and
 * without the member's braces and designators, pointers to such structs, sizeof and offsetof. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct value {
    int kind;
    union { long i; double d; unsigned char bytes[8]; };
    const char *label;
};

union vec3 {
    struct { double x, y, z; };
    double v[3];
};

struct particle {
    int id;
    struct { float mass, charge; };
    union vec3 pos;
};

struct header { short type; union { struct { unsigned short len, flags; }; unsigned int word; }; };

static double norm2(const union vec3 *p) { return p->x * p->x + p->y * p->y + p->v[2] * p->v[2]; }

static void show(const struct value *v) {
    if (v->kind == 0) printf("%s: int %ld\n", v->label, v->i);
    else printf("%s: double %g\n", v->label, v->d);
}

int main(void) {
    struct value a = {0, {42}, "a"};
    struct value b = {.kind = 1, .d = 2.5, .label = "b"};
    struct value c = {1, .d = -0.5, "c"};
    struct value z = {0};
    show(&a);
    show(&b);
    show(&c);
    printf("z: %d %ld %p\n", z.kind, z.i, (void *)z.label);
    a.d = 1.0;
    printf("bits of 1.0: %lx, top byte %02x\n", (unsigned long)a.i, a.bytes[7]);
    union vec3 p = {{1, 2, 3}};
    p.v[1] = 4;
    printf("%g %g %g %g\n", p.x, p.y, p.z, norm2(&p));
    struct particle q = {7, {1.5f, -1}, {{0.5, 0, 2}}};
    struct particle *pp = &q;
    pp->mass *= 2;
    pp->pos.y = pp->charge;
    printf("%d %g %g %g\n", q.id, q.mass, q.pos.v[1], norm2(&pp->pos));
    struct header h;
    memset(&h, 0, sizeof h);
    h.len = 0x1234;
    h.flags = 0x00ff;
    printf("%08x %zu %zu %zu %zu\n", h.word, sizeof(struct value), offsetof(struct value, d),
           offsetof(struct value, label), offsetof(struct particle, charge));
    struct header copy = h, *hp = &copy;
    hp->word++;
    hp->flags |= 0x100;
    printf("%x %x %zu\n", copy.len, copy.flags, sizeof(struct header));
    return 0;
}
