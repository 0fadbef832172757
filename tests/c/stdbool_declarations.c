/* Declarations whose type is stdbool.h's `bool` macro: libclang gives such a declaration no tokens of its own,
 * so its initializer cannot be found after an `=` (it was lost: `bool f = true;` became false, and
 * `bool *done = calloc(n, sizeof(bool))` a null array). Scalars, several declarators, arrays with and
 * without a size, a static local, a global, allocations. */
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>

bool global_flag = true;
bool global_list[] = {false, true, true};

static int count_true(const bool *v, int n)
{
    static bool called = true;
    int c = 0;
    for (int i = 0; i < n; i++)
        c += v[i];
    return c + (called ? 100 : 0);
}

int main(void)
{
    int n = 5;
    bool f = true, g = false, h = n > 3;
    bool seen[4] = {true};
    bool *done = calloc(n, sizeof(bool));
    bool *more = malloc(n * sizeof(bool));
    for (int i = 0; i < n; i++)
        more[i] = i % 2 == 0;
    done[3] = true;
    printf("%d %d %d %d %d\n", f, g, h, global_flag, count_true(global_list, 3));
    printf("%d %d %d\n", count_true(seen, 4), count_true(done, n), count_true(more, n));
    free(done);
    free(more);
    return 0;
}
