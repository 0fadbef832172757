/* Arrays inside structs reached through pointers: `&s->arr[i]` given to a function that writes through it,
 * `p[i].arr[j]++` over an array of structs passed as a pointer, a row of a struct's 2-D array used as a pointer
 * (`fill_row(g->cell[1], n, v)`, `double *r = g->cell[2]`: once "a pointer into an array inside a struct cannot be
 * translated yet"), and memset of one row. */
#include <stdio.h>
#include <string.h>

struct grid { int w, h; double cell[3][4]; long counts[5]; };

static void bump(long *c, int by) { *c += by; }
static void fill_row(double *row, int n, double v) { while (n--) *row++ = v; }

static void tally(struct grid *g, int n) {
    int i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < 5; j++) g[i].counts[j] += i + j;
}

int main(void) {
    struct grid gs[2];
    memset(gs, 0, sizeof gs);
    struct grid *g = &gs[1];
    bump(&g->counts[3], 7);
    bump(g->counts + 4, 2);
    fill_row(g->cell[1], 4, 2.5);
    fill_row(&g->cell[2][1], 3, -1);
    tally(gs, 2);
    memset(g->cell[1], 0, 2 * sizeof(double));
    double *r = g->cell[2];
    r[0] = 9;
    r += 2;
    *r *= 4;
    printf("%ld %ld %ld %ld\n", gs[0].counts[4], g->counts[3], g->counts[4], gs[1].counts[0]);
    printf("%g %g %g %g %zu\n", g->cell[1][0], g->cell[1][3], g->cell[2][0], g->cell[2][3], sizeof g->cell[0]);
    return 0;
}
