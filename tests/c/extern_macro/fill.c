#include <stdlib.h>
#include "state.h"
#include "table.h"

void fill(int n)
{
    num_cells = n;
    cells = malloc(n * sizeof(cell));
    for (int i = 0; i < n; i++) {
        cells[i].id = i;
        cells[i].value = weight(i % 2, i % 3) * 0.5;
        total += cells[i].value;
    }
}
