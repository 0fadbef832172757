/* Pointers to arrays: `double (*p)[N]` walking the rows of a 2-D array, `(*p)[j]`, a malloc'ed block of rows,
 * a function returning a pointer to a row, and the address of a whole array `&arr` (its pointer arithmetic
 * steps over the array). */
#include <stdio.h>
#include <stdlib.h>

#define N 3

static int table[4][N] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};

static int (*row_at(int i))[N] { return &table[i]; }

static double trace(double (*m)[N]) {
    double s = 0;
    for (int i = 0; i < N; i++) s += m[i][i];
    return s;
}

int main(void) {
    double grid[N][N] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    double (*p)[N] = grid;
    int (*r)[N];
    int (*blk)[N] = malloc(5 * sizeof *blk);
    int arr[N] = {3, 1, 4};
    int (*whole)[N] = &arr;
    for (; p < grid + N; p++)
        printf("row %td: %g %g %g\n", p - grid, (*p)[0], (*p)[1], p[0][2]);
    printf("trace %g\n", trace(grid));
    r = row_at(2);
    printf("row 2: %d %d %d, next %d\n", (*r)[0], (*r)[1], (*r)[2], (*(r + 1))[0]);
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < N; j++) blk[i][j] = i * j;
    printf("blk[4][2] = %d, sizeof *blk = %zu\n", blk[4][2], sizeof *blk);
    printf("whole: %d %d, elements %zu\n", (*whole)[2], **whole, sizeof *whole / sizeof **whole);
    free(blk);
    return 0;
}
