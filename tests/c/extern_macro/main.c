/* The EXTERN idiom of legacy codes (miniAMR's block.h): a header declares the program's variables through a
 * macro that is `extern` in every file but the one that defines STATE_MAIN first (state.c), where the same lines
 * define them; and a header without an include guard holding a static table and a static inline helper, included
 * by two files. This file is read first, so the header is first read as declarations. */
#include <stdio.h>
#include <stdlib.h>
#include "state.h"
#include "table.h"

void fill(int n);

int main(void)
{
    fill(5);
    for (int i = 0; i < num_cells; i++)
        printf("%d %.1f %d\n", cells[i].id, cells[i].value, weight(1, i % 3));
    printf("total %.2f, %d rows\n", total, (int)(sizeof weights / sizeof weights[0]));
    free(cells);
    return 0;
}
