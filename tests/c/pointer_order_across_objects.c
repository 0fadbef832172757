/* Relational comparison of pointers into different objects (csmith --paranoid seeds 2400002, 2400006:
 * `assert((g_3094 >= &g_424[0][0] && g_3094 <= &g_424[6][5]) || g_3094 == &g_1549)` with g_3094 at g_1549).
 * C leaves the order of distinct objects undefined (C11 6.5.8p5), but gcc compares addresses and distinct objects
 * never overlap, so a range check of a pointer against another object is false, and the order is consistent:
 * p < q exactly when q > p, p <= q exactly when !(p > q). NULL is address 0, below every object. Only such
 * layout-independent facts are printed. */
#include <stdio.h>
#include <stddef.h>

static int g_scalar = 3;
static int g_grid[7][6];
static int *g_ptr = &g_scalar;
static int **g_pptr = &g_ptr;
static int *g_ptrs[4];

static int within(const int *p, const int *first, const int *last)
{
    return p >= first && p <= last;
}

/* For p != q: exactly one of p < q and q < p, and each operator agrees with the others. */
static int consistent(const int *p, const int *q)
{
    int before = p < q, after = q < p, at_most = p <= q, beyond = p > q, reversed = q > p;
    return before != after && at_most == !beyond && before == reversed;
}

int main(void)
{
    int local[10] = {0};
    int other[3] = {1, 2, 3};
    int *into_local = &local[4];
    int *none = NULL;
    int i;

    printf("scalar in grid: %d\n", within(g_ptr, &g_grid[0][0], &g_grid[6][5]));
    printf("scalar in grid or itself: %d\n", within(g_ptr, &g_grid[0][0], &g_grid[6][5]) || g_ptr == &g_scalar);
    printf("local in other: %d, local in local: %d\n", within(into_local, &other[0], &other[2]),
           within(into_local, &local[0], &local[9]));
    printf("consistent: %d %d %d\n", consistent(into_local, other), consistent(other + 1, g_ptr),
           consistent(&g_grid[2][3], into_local));
    printf("null below: %d %d %d\n", none < into_local, into_local > none, none <= g_ptr);

    /* Pointers to pointers: the elements of one array against a pointer elsewhere. */
    for (i = 0; i < 4; i++)
        g_ptrs[i] = &other[i % 3];
    printf("pptr in ptrs: %d\n", g_pptr >= &g_ptrs[0] && g_pptr <= &g_ptrs[3]);
    g_pptr = &g_ptrs[2];
    printf("pptr in ptrs now: %d\n", g_pptr >= &g_ptrs[0] && g_pptr <= &g_ptrs[3]);
    return 0;
}
