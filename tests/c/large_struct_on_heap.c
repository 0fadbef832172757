/* A struct larger than 64 KiB allocated on the heap and reached through its pointer (wtmcneill's Fox product:
 * `typedef struct { int n_bar; float entries[65536]; } LOCAL_MATRIX_T;`, `malloc(sizeof(LOCAL_MATRIX_T))`).
 * xfail: the port holds malloc'd structs as a C# array of the struct, and .NET refuses an array of a value type
 * above 64 KiB (TypeLoadException "base value type is too large" when the method is compiled); a class for a
 * later round (a reference form for such structs)
 */
#include <stdio.h>
#include <stdlib.h>

#define MAX 65536

typedef struct {
    int n_bar;
    float entries[MAX];
} matrix_t;

#define Entry(A, i, j) (*(((A)->entries) + ((A)->n_bar) * (i) + (j)))

static matrix_t *allocate(int n)
{
    matrix_t *m = malloc(sizeof(matrix_t));
    m->n_bar = n;
    return m;
}

int main(void)
{
    matrix_t *a = allocate(4);
    float sum = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            Entry(a, i, j) = (float)(i * 4 + j);
    for (int i = 0; i < 16; i++)
        sum += a->entries[i];
    printf("size %zu, n_bar %d, sum %g\n", sizeof(matrix_t), a->n_bar, sum);
    free(a);
    return 0;
}
