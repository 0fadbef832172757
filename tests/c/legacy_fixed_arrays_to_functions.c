/* Fixed 2-D arrays handed to functions as `int a[][4]`, `int (*a)[4]` and a flat `int *` of its first element,
 * `*(*(a + i) + j)`, &a[1] as a pointer to a row, a 3-D array's plane, and element counts by sizeof. */
#include <stdio.h>

static int sum_rows(int a[][4], int rows) {
    int s = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < 4; j++) s += a[i][j];
    return s;
}

static int diag(int (*a)[4]) { return a[0][0] + a[1][1] + a[2][2]; }

static int flat_max(const int *p, int n) {
    int m = p[0];
    for (int i = 1; i < n; i++) if (p[i] > m) m = p[i];
    return m;
}

int main(void) {
    int a[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    int cube[2][3][4] = {0};
    int (*second)[4] = &a[1];
    cube[1][2][3] = 42;
    printf("sum %d, sum from row 1 %d, diag %d\n", sum_rows(a, 3), sum_rows(a + 1, 2), diag(a));
    printf("max %d, a[2][1] as %d, second[1][0] %d\n", flat_max(&a[0][0], 12), *(*(a + 2) + 1), second[1][0]);
    printf("rows %zu cols %zu plane sum %d\n", sizeof a / sizeof a[0], sizeof a[0] / sizeof a[0][0],
           sum_rows(cube[1], 3));
    printf("cube %d %zu\n", flat_max(cube[0][0], 24), sizeof cube[1]);
    return 0;
}
