/* Designators of several steps (C99 6.7.9) and GNU ranges, once "a nested designator is not supported yet": merged
 * per subobject in list order, a later initializer of a subobject overriding an earlier one. */
#include <stdio.h>

struct pt { int x, y; };
struct box { struct pt lo, hi; int tag[3]; double w; struct pt corner[2]; };

static struct box g = { .lo.x = 1, .hi = { .y = 4 }, .tag[2] = 9, .w = 0.5, .corner[1].y = 8 };

int main(void)
{
    struct box b = { .hi.x = 7, .hi.y = 8, .lo.y = 3, .tag = { [1] = 5 }, 2.5 };
    struct box o = { .hi = { .y = 4 }, .hi.x = 6, .tag[0 ... 2] = 3, .tag[1] = 1 };
    struct pt ps[3] = { [1].y = 6, [2] = { 1, 2 }, [0].x = 4 };
    int m[2][3] = { [1][2] = 5, [0][1] = 2 };
    int a[] = { [4] = 1, [1] = 2, 3 };
    int r[10] = { [0 ... 3] = 7, [8 ... 9] = 2, [2] = 1 };
    double w[2][3] = { [0 ... 1][1] = 1.5 };
    printf("%d %d %d %d %d %g %d %d\n", g.lo.x, g.lo.y, g.hi.y, g.tag[2], g.tag[0], g.w, g.corner[1].y, g.corner[0].y);
    printf("%d %d %d %d %d %d %g\n", b.hi.x, b.hi.y, b.lo.y, b.lo.x, b.tag[1], b.tag[2], b.w);
    printf("%d %d %d %d %d\n", o.hi.x, o.hi.y, o.tag[0], o.tag[1], o.tag[2]);
    printf("%d %d %d %d %d\n", ps[1].y, ps[2].x, ps[2].y, ps[0].x, ps[0].y);
    printf("%d %d %d %zu %d %d\n", m[1][2], m[0][1], m[1][0], sizeof a / sizeof a[0], a[1], a[2]);
    printf("%d %d %d %d %d %g %g %g\n", r[0], r[2], r[3], r[5], r[9], w[0][1], w[1][1], w[1][2]);
    return 0;
}
