/* `void *` pointers filled by malloc in their declaration's initializer: an array of them (`void *b[2] = {
 * malloc(4), malloc(8) };`), a local `void *` and a struct's `void *` field in a braced initializer, each viewed
 * as the numbers the program reads and given to MPI. Round 13 did the assignments (`bufs[i] = malloc(n)`,
 * malloced_void_table.c); the initializers stopped the translation ("no translation for the library function
 * 'malloc'").
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

struct slot {
    int count;
    void *data;
};

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, i, t;
    void *b[2] = { malloc(4 * sizeof(int)), malloc(8 * sizeof(int)) };
    void *one = malloc(3 * sizeof(double));
    struct slot s = { 5, malloc(5 * sizeof(int)) };
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (t = 0; t < 2; t++) {
        int n = 4 * (t + 1), *p = b[t];
        if (rank == 0)
            for (i = 0; i < n; i++)
                p[i] = 10 * t + i;
        MPI_Bcast(b[t], n, MPI_INT, 0, MPI_COMM_WORLD);
        for (i = 0; i < n; i++)
            if (p[i] != 10 * t + i) {
                errs++;
                printf("rank %d: b[%d][%d] = %d\n", rank, t, i, p[i]);
            }
    }
    {
        double *d = one, sum[3];
        for (i = 0; i < 3; i++)
            d[i] = rank + 0.25 * i;
        MPI_Allreduce(one, sum, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        for (i = 0; i < 3; i++)
            if (sum[i] != size * (size - 1) / 2.0 + size * 0.25 * i) {
                errs++;
                printf("rank %d: sum[%d] = %g\n", rank, i, sum[i]);
            }
    }
    {
        int *q = s.data, total = 0;
        for (i = 0; i < s.count; i++)
            q[i] = rank * i;
        MPI_Reduce(rank == 0 ? MPI_IN_PLACE : s.data, s.data, s.count, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0)
            for (i = 0; i < s.count; i++) {
                total = i * size * (size - 1) / 2;
                if (q[i] != total) {
                    errs++;
                    printf("rank 0: s.data[%d] = %d, expected %d\n", i, q[i], total);
                }
            }
    }
    free(b[0]);
    free(b[1]);
    free(one);
    free(s.data);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
