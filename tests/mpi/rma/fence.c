/* One-sided with fences: Win_create, Put into the next rank, Get from the previous, Accumulate (MPI_SUM)
 * into rank 0, Win_free.
 * ranks: 1 2 4 7
 * native-env: OMPI_MCA_osc=pt2pt
 * transports: tcp azure */
#include <stdio.h>
#include <mpi.h>

#define N 8

int main(int argc, char **argv)
{
    int rank, size, next, prev, i, expect, toterrs, errs = 0;
    int mem[N], got[2], one[N];
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;
    for (i = 0; i < N; i++) {
        mem[i] = -1;
        one[i] = rank + 1;
    }

    MPI_Win_create(mem, N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    /* My rank into slots 0 and 1 of the next rank's window. */
    MPI_Put(&rank, 1, MPI_INT, next, 0, 1, MPI_INT, win);
    MPI_Put(one, 1, MPI_INT, next, 1, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (mem[0] != prev || mem[1] != prev + 1) { errs++; printf("after put: %d %d\n", mem[0], mem[1]); }

    /* Read the previous rank's slots 0 and 1: they hold the rank before it. */
    MPI_Get(got, 2, MPI_INT, prev, 0, 2, MPI_INT, win);
    MPI_Win_fence(0, win);
    if (got[0] != (prev + size - 1) % size || got[1] != got[0] + 1) { errs++; printf("after get: %d %d\n", got[0], got[1]); }

    /* Everyone adds rank+1 to slots 2..7 of rank 0. */
    if (rank == 0)
        for (i = 2; i < N; i++) mem[i] = 0;
    MPI_Win_fence(0, win);
    MPI_Accumulate(&one[2], N - 2, MPI_INT, 0, 2, N - 2, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    if (rank == 0) {
        expect = size * (size + 1) / 2;
        for (i = 2; i < N; i++)
            if (mem[i] != expect) { errs++; printf("accumulate: mem[%d] = %d, expected %d\n", i, mem[i], expect); }
    }
    MPI_Win_free(&win);
    if (win != MPI_WIN_NULL) { errs++; printf("Win_free does not set MPI_WIN_NULL\n"); }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
