/* A variable defined in one file as unsigned int * and declared extern in another as int * (graph500's rowstarts:
 * bfs_reference.c defines it unsigned, sssp_reference.c declares it int). Each file is compiled alone and the
 * linker binds both names to one pointer; the file reads the same memory as int.
 * xfail: read as one unit, clang refuses the second declaration ("redeclaration of 'rowstarts' with a different
 * type: 'unsigned int *' vs 'int *'"), a located error where gcc builds the program (graph500_reference_bfs_sssp,
 * branch real4) */
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
