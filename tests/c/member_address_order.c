/* Relational comparison of the addresses of two members of one struct, or of members of two elements of one array of
 * structs (`&s.a < &s.b`, `&v[0].y < &v[1].x`): C orders them by their offsets (C11 6.5.8p5: later members, and
 * elements of larger subscript, compare greater). The port threw "pointer comparison between pointers into different
 * arrays". A struct that holds a pointer is laid out by .NET in its own order, so that case is here too, and members
 * of nested structs and elements of a struct's own array. */
#include <stdio.h>

struct inner { short h; int k; };
struct rec { int a; char *name; int b; double d[3]; struct inner in; int last; };
struct plain { char c; int x; int y; };

static int before(const int *p, const int *q) { return p < q; }

int main(void)
{
    struct rec s = {0};
    struct rec v[3];
    struct plain p[2];
    int *first = &s.a, *second = &s.b;

    printf("members: %d %d %d %d\n", &s.a < &s.b, &s.b > &s.a, first <= &s.a, &s.b >= &s.last);
    printf("through pointers: %d %d\n", before(first, second), before(second, first));
    printf("nested: %d %d %d\n", &s.in.k < &s.last, &s.a < &s.in.k, &s.in.k > &s.b);
    printf("array member: %d %d\n", &s.d[1] < &s.d[2], &v[1].d[0] > &v[0].d[2]);
    printf("array of structs: %d %d %d\n", &v[0].b < &v[1].a, &v[2].a >= &v[1].b, &v[1].last < &v[2].a);
    printf("plain: %d %d %d\n", &p[0].y < &p[1].x, &p[0].x < &p[0].y, &p[1].x > &p[0].y);

    /* a walk over a struct's ints by address: which of them lie between two members */
    int *members[] = {&s.last, &s.a, &s.in.k, &s.b};
    int between = 0;
    for (int i = 0; i < 4; i++)
        between += members[i] > &s.a && members[i] < &s.last;
    printf("between a and last: %d\n", between);
    return 0;
}
