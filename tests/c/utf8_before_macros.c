/* Characters of several bytes before macro calls (the Intel MPI Benchmarks' IMB_ones_accu.c: a comment
 * `fence → Accumulate → fence` above `MPI_ERRHAND(MPI_Win_fence(...))`): libclang's offsets count bytes, so
 * an expansion spliced at a character index cut the text late (`MPI_MPI_Win_fence`). */
#include <stdio.h>

#define CHECK(call) check_rc(call)
#define TWICE(x) ((x) + (x))

static int check_rc(int rc) { return rc == 0 ? 0 : -rc; }
static int fence(int mode) { return mode - 1; }

int main(void)
{
    int total = 0;
    /* fence → accumulate → fence: two arrows of 3 bytes each */
    total += CHECK(fence(1));
    /* naïve café, ünïcödé: more wide characters, then another call on the same line */ total += TWICE(3);
    printf("résumé %d %d\n", total, CHECK(fence(5)));
    printf("→ %d\n", TWICE(TWICE(2)));
    return 0;
}
