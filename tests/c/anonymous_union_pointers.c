/* C11 anonymous unions whose members are a pointer and numbers (a tagged value of a parser: `union { const char
 * *s; long i; double d; }`): the port keeps the pointer in a place of its own (.NET overlays no reference), each
 * member read back as the one written, as programs do; struct copies, an array of them malloc'ed with sizeof, and
 * an initializer of each member. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { INT, REAL, TEXT };
struct value {
    enum kind kind;
    union { const char *s; long i; double d; };
};
struct node { int id; union { struct node *next; int free_count; }; };

static void print(const struct value *v) {
    switch (v->kind) {
    case INT: printf("int %ld\n", v->i); break;
    case REAL: printf("real %g\n", v->d); break;
    case TEXT: printf("text %s (%zu)\n", v->s, strlen(v->s)); break;
    }
}

int main(void) {
    struct value a = {TEXT, {"hello"}}, b = {INT, .i = 42}, c;
    c = a;
    c.s = "copy";
    print(&a);
    print(&b);
    print(&c);
    struct value *vs = malloc(3 * sizeof(struct value));
    vs[0] = b;
    vs[1].kind = REAL;
    vs[1].d = 2.5;
    vs[2] = a;
    int k;
    for (k = 0; k < 3; k++) print(&vs[k]);
    free(vs);
    struct node n2 = {2, {NULL}}, n1 = {1, {&n2}};
    printf("%d -> %d -> %s\n", n1.id, n1.next->id, n2.next ? "more" : "end");
    n2.free_count = 7;
    printf("%d %zu\n", n2.free_count, sizeof(struct value));
    return 0;
}
