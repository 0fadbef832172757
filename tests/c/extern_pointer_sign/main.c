/* A variable defined in one file as unsigned int * and declared extern in another as int * (graph500's rowstarts:
 * bfs_reference.c defines it unsigned, sssp_reference.c declares it int). Each file is compiled alone and the
 * linker binds both names to one pointer; this file reads the same memory as int (4000000000u reads as
 * -294967296). Read as one unit, clang refused the second declaration; the reader gives it the definition's type
 * and this file's references the cast it means, ((int *)rowstarts) (reader/extern_sign.py). */
#include <stdio.h>

extern int *rowstarts;
void fill(int n);

int main(void)
{
    int i;
    long sum = 0;
    fill(5);
    for (i = 0; i < 5; i++)
        sum += rowstarts[i];
    printf("sum %ld, last %d\n", sum, rowstarts[4]);
    return 0;
}
