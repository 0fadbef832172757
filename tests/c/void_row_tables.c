/* Quinn's MyMPI.c ("Parallel Programming in C with MPI and OpenMP"), which course codes copy as their matrix library:
 * a matrix of any element type read into one block of bytes (`*storage = malloc(rows * cols * size)`, a `void **`
 * out-parameter) and a table of row pointers into it (`void ***subs`) built by byte arithmetic on a `void *`
 * (`rptr += cols * size`), the caller passing `(void *)&a` of an `int **a` and `(void *)&storage` of an `int *`, and
 * reading `((int **)a)[i][j]` after; the block given to fread (and, in MyMPI, to MPI_Send/MPI_Recv with a run-time
 * datatype). 8 programs of three repositories stopped here in round 15 (nbalov/OpenMPI, moving-on/mpitest,
 * Liuledian/parallelMPI, -Wvoid-pointer: "a void * that holds pointers of several types ... given to fread");
 * passes/row_tables.py gives the table the caller's element type (`int ***subs`, `int **storage`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void read_rows(FILE *f, void ***subs, void **storage, int size, int *rows, int *cols)
{
    void **lptr;
    void *rptr;
    int i;
    fread(rows, sizeof(int), 1, f);
    fread(cols, sizeof(int), 1, f);
    *storage = malloc(*rows * *cols * size);
    *subs = (void **)malloc(*rows * sizeof(void *));
    lptr = (void *)&(*subs[0]);
    rptr = (void *)*storage;
    for (i = 0; i < *rows; i++) {
        *(lptr++) = (void *)rptr;
        rptr += *cols * size;
    }
    fread(*storage, size, *rows * *cols, f);
}

int main(void)
{
    int dims[2] = {3, 4}, values[12], i, j, m, n;
    int **a, *storage;
    FILE *f = tmpfile();
    for (i = 0; i < 12; i++)
        values[i] = 10 * i + 1;
    fwrite(dims, sizeof(int), 2, f);
    fwrite(values, sizeof(int), 12, f);
    rewind(f);
    read_rows(f, (void *)&a, (void *)&storage, sizeof(int), &m, &n);
    for (i = 0; i < m; i++) {
        for (j = 0; j < n; j++)
            printf("%4d", a[i][j]);
        printf("\n");
    }
    printf("%d\n", storage[m * n - 1]);
    fclose(f);
    free(a);
    free(storage);
    return 0;
}
