/* One `void ***` allocator of row tables called for tables of two element types (the dynamic-programming codes of
 * Quinn's chapter 8 exercises: `alloc_matrix((void ***) &cost, n, n, sizeof(float))` beside
 * `alloc_matrix((void ***) &root, n, n, sizeof(int))`): written once per element type (passes/row_tables.py),
 * each call naming the copy its argument's type picks, a helper called from inside a copy taking the same type, and
 * the rows stepped by GNU C's byte arithmetic on the `void *` block.
 */
#include <stdio.h>
#include <stdlib.h>

static void link_rows(void **rows, void *block, int m, int n, int size)
{
    int i;
    for (i = 0; i < m; i++)
        rows[i] = block + i * n * size;
}

static void alloc_matrix(void ***a, int m, int n, int size)
{
    void *storage = malloc(m * n * size);
    *a = (void **) malloc(m * sizeof(void *));
    link_rows(*a, storage, m, n, size);
}

int main(void)
{
    float **cost;
    int **root, i, j, n = 4;
    double **w;
    alloc_matrix((void ***) &cost, n + 1, n + 1, sizeof(float));
    alloc_matrix((void ***) &root, n + 1, n + 1, sizeof(int));
    alloc_matrix((void ***) &w, 2, 3, sizeof(double));
    for (i = 0; i <= n; i++)
        for (j = 0; j <= n; j++) {
            cost[i][j] = i * 0.5f + j;
            root[i][j] = 10 * i + j;
        }
    for (i = 0; i < 2; i++)
        for (j = 0; j < 3; j++)
            w[i][j] = i - j / 4.0;
    for (i = 0; i <= n; i++) {
        for (j = 0; j <= n; j++)
            printf(" %5.1f/%2d", cost[i][j], root[i][j]);
        printf("\n");
    }
    printf("%g %g %d\n", w[1][2], w[0][1], (int) (&root[2][0] - &root[0][0]));
    free(cost[0]);
    free(cost);
    free(root[0]);
    free(root);
    free(w[0]);
    free(w);
    return 0;
}
