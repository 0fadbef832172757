/* A `void *` that walks a block in bytes with a compound assignment or ++ (GNU C's arithmetic on `void *`) while its
 * other uses read it as one type: nbalov/OpenMPI's life.c builds its row table with `btmp[k] = ptr; ptr += n *
 * sizeof(dtype);` (the port stepped n * 4 ints, past the block). The steps are bytes, as `ptr + k` already was.
 */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n = 3, rows = 4, i, j;
    int *tmp = malloc(rows * n * sizeof(int));
    int **btmp = malloc(rows * sizeof(int *));
    void *ptr = tmp;
    unsigned char *bytes;
    void *q;
    for (i = 0; i < rows; i++) {
        btmp[i] = ptr;
        ptr += n * sizeof(int);
    }
    for (i = 0; i < rows; i++)
        for (j = 0; j < n; j++)
            btmp[i][j] = 10 * i + j;
    for (i = 0; i < rows * n; i++)
        printf("%d%c", tmp[i], i % n == n - 1 ? '\n' : ' ');
    q = &tmp[1];
    q++;
    q -= 2;
    bytes = q;
    printf("%d %d\n", bytes[3] == 0, (int) (bytes - (unsigned char *) tmp));
    free(btmp);
    free(tmp);
    return 0;
}
