/* MPI_Reduce_local: inoutbuf = inbuf op inoutbuf, on each rank alone, for several ops and types.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define N 4

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, toterrs;
    int a[N], b[N];
    double x[N], y[N];
    unsigned u[N], v[N];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (i = 0; i < N; i++) {
        a[i] = rank + i;
        b[i] = 10 * i - rank;
        x[i] = 0.5 * i;
        y[i] = rank;
        u[i] = 0xF0u >> i;
        v[i] = 0x3Cu + rank;
    }
    MPI_Reduce_local(a, b, N, MPI_INT, MPI_SUM);
    MPI_Reduce_local(x, y, N, MPI_DOUBLE, MPI_PROD);
    MPI_Reduce_local(u, v, N, MPI_UNSIGNED, MPI_BXOR);
    for (i = 0; i < N; i++) {
        if (b[i] != 11 * i) {
            errs++;
            printf("[%d] Reduce_local SUM: b[%d] = %d\n", rank, i, b[i]);
        }
        if (y[i] != 0.5 * i * rank) {
            errs++;
            printf("[%d] Reduce_local PROD: y[%d] = %g\n", rank, i, y[i]);
        }
        if (v[i] != ((0xF0u >> i) ^ (0x3Cu + rank))) {
            errs++;
            printf("[%d] Reduce_local BXOR: v[%d] = %u\n", rank, i, v[i]);
        }
    }
    for (i = 0; i < N; i++) {
        a[i] = i - 2;
        b[i] = rank - 1;
    }
    MPI_Reduce_local(a, b, N, MPI_INT, MPI_MIN);
    for (i = 0; i < N; i++) {
        if (b[i] != (i - 2 < rank - 1 ? i - 2 : rank - 1)) {
            errs++;
            printf("[%d] Reduce_local MIN: b[%d] = %d\n", rank, i, b[i]);
        }
    }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
