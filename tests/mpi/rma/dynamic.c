/* Dynamic windows (MPI-3.1 11.2.4): MPI_Win_create_dynamic, then each rank attaches two arrays of its own and
 * publishes their addresses (MPI_Get_address, MPI_AINT); an origin's target displacement is an address at the
 * target, plus a byte offset computed on it. Fence and lock epochs, a region attached after the first epoch,
 * MPI_Win_detach, and the window's flavor and size attributes.
 * ranks: 1 2 4 7
 * native-env: OMPI_MCA_osc=pt2pt
 * transports: tcp */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define N 6

int main(int argc, char **argv)
{
    int rank, size, right, left, i, flag, errs = 0, toterrs;
    int a[N];
    double *b;
    MPI_Aint mine[2], *all, *sizep;
    int *flavor;
    double v = 0.0;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    b = malloc(N * sizeof(double));
    all = malloc(2 * size * sizeof(MPI_Aint));
    for (i = 0; i < N; i++) {
        a[i] = -1;
        b[i] = 0.0;
    }

    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &flavor, &flag);
    if (!flag || *flavor != MPI_WIN_FLAVOR_DYNAMIC) {
        errs++;
        printf("rank %d: flavor %d, expected MPI_WIN_FLAVOR_DYNAMIC\n", rank, flag ? *flavor : -1);
    }
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &sizep, &flag);
    if (!flag || *sizep != 0) {
        errs++;
        printf("rank %d: a dynamic window's size is %ld\n", rank, flag ? (long)*sizep : -1L);
    }
    MPI_Win_attach(win, a, N * sizeof(int));
    MPI_Get_address(a, &mine[0]);
    MPI_Get_address(b, &mine[1]);
    MPI_Allgather(mine, 2, MPI_AINT, all, 2, MPI_AINT, MPI_COMM_WORLD);

    /* fence epoch: element i of right's a[] gets 10 * rank + i; element 2 is reached by an offset in bytes */
    MPI_Win_fence(0, win);
    for (i = 0; i < N; i++) {
        int val = 10 * rank + i;
        if (i == 2)
            MPI_Put(&val, 1, MPI_INT, right, all[2 * right] + 2 * sizeof(int), 1, MPI_INT, win);
        else
            MPI_Put(&val, 1, MPI_INT, right, all[2 * right] + i * (MPI_Aint)sizeof(int), 1, MPI_INT, win);
        MPI_Win_fence(0, win);
    }
    for (i = 0; i < N; i++) {
        if (a[i] != 10 * left + i) {
            errs++;
            printf("rank %d: a[%d] = %d, expected %d\n", rank, i, a[i], 10 * left + i);
        }
    }

    /* attach b later, then every rank adds to b[rank % N] of rank 0 under a lock */
    MPI_Win_attach(win, b, N * sizeof(double));
    MPI_Barrier(MPI_COMM_WORLD);
    v = 1.5;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    MPI_Accumulate(&v, 1, MPI_DOUBLE, 0, all[1] + (rank % N) * sizeof(double), 1, MPI_DOUBLE, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < N; i++) {
            int adders = size / N + (i < size % N ? 1 : 0);
            if (b[i] != 1.5 * adders) {
                errs++;
                printf("b[%d] = %g, expected %g\n", i, b[i], 1.5 * adders);
            }
        }
    }
    /* and read back left's a[] through the window */
    MPI_Win_lock(MPI_LOCK_SHARED, left, 0, win);
    {
        int got[N];
        MPI_Get(got, N, MPI_INT, left, all[2 * left], N, MPI_INT, win);
        MPI_Win_unlock(left, win);
        for (i = 0; i < N; i++) {
            int prev = (left + size - 1) % size;
            if (got[i] != 10 * prev + i) {
                errs++;
                printf("rank %d: got[%d] = %d from rank %d, expected %d\n", rank, i, got[i], left, 10 * prev + i);
            }
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_detach(win, a);
    MPI_Win_detach(win, b);
    MPI_Win_free(&win);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    free(b);
    free(all);
    MPI_Finalize();
    return 0;
}
