/* A macro argument that reaches a library macro's # (assert stringifies its expression) through another macro of
 * the program is replaced before (C11 6.10.3.1), and its punctuators of several characters stay whole: Intel MPI
 * Benchmarks' IMB_i_alloc(int, c_info->g_ranks, c_info->w_num_procs, where) passes `Len>0` on to IMB_Assert(expr),
 * assert(expr); `c_info->w_num_procs` came back as `c_info - > w_num_procs` (clang: expected expression). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct info {
    int n;
    int *ranks;
    unsigned flags;
};

#define CHECK(expr) assert(expr)
#define ALLOC(type, B, Len)                              \
    {                                                    \
        CHECK(Len > 0);                                  \
        (B) = (type *)malloc(sizeof(type) * (Len));      \
    }
#define IN_RANGE(x, lo, hi) CHECK(((x) >= (lo) && (x) <= (hi)) || (x) == -1)

int main(void)
{
    struct info c, *p = &c;
    int i, *pool = malloc(4 * sizeof(int));
    CHECK(pool != NULL);
    p->n = 3;
    p->flags = 12;
    ALLOC(int, p->ranks, p->n);
    for (i = 0; i < p->n; i++) {
        p->ranks[i] = i * 2;
        IN_RANGE(p->ranks[i], 0, p->n << 1);
    }
    CHECK(p->flags >> 2 == 3 && (p->flags & 4) != 0);
    CHECK(p->ranks[p->n - 1] <= 4 || p->ranks[0] != 0);
    printf("%d %d %d\n", p->ranks[0], p->ranks[1], p->ranks[2]);
    free(p->ranks);
    free(pool);
    return 0;
}
