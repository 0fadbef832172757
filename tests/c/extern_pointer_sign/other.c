#include <stdlib.h>

unsigned int *rowstarts;

void fill(int n)
{
    int i;
    rowstarts = malloc(n * sizeof(unsigned int));
    for (i = 0; i < n; i++)
        rowstarts[i] = (unsigned int)(i * i + 1);
    rowstarts[n - 1] = 4000000000u;
}
