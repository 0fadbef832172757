/* Shared-memory window segments addressed as one contiguous block (MPI-3.1 11.2.3: with the default
 * alloc_shared_noncontig=false, rank r's segment follows rank r-1's): rank r writes past its own segment into rank
 * r+1's, and rank 0's base pointer from MPI_Win_shared_query reads the whole window. The port gave each segment an
 * array of its own: the first store past a segment stopped with an IndexOutOfRangeException.
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <mpi.h>

#define N 4

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, i, disp;
    double *mine, *all;
    MPI_Aint bytes;
    MPI_Win win;
    MPI_Comm node;

    MPI_Init(&argc, &argv);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &rank);
    MPI_Comm_size(node, &size);
    MPI_Win_allocate_shared(N * sizeof(double), sizeof(double), MPI_INFO_NULL, node, &mine, &win);
    MPI_Win_shared_query(win, 0, &bytes, &disp, &all);

    MPI_Win_fence(0, win);
    for (i = 0; i < N; i++)
        mine[i] = -1.0;
    MPI_Win_fence(0, win);
    /* each rank fills the next rank's segment (the last one wraps to rank 0's through the block's start) */
    for (i = 0; i < N; i++) {
        if (rank < size - 1)
            mine[N + i] = 100.0 * (rank + 1) + i;
        else
            all[i] = 100.0 * 0 + i;
    }
    MPI_Win_fence(0, win);
    for (i = 0; i < N; i++)
        if (mine[i] != 100.0 * rank + i) {
            errs++;
            printf("rank %d: mine[%d] = %g\n", rank, i, mine[i]);
        }
    for (i = 0; i < N * size; i++)
        if (all[i] != 100.0 * (i / N) + i % N) {
            errs++;
            printf("rank %d: all[%d] = %g\n", rank, i, all[i]);
        }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, node);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Comm_free(&node);
    MPI_Finalize();
    return 0;
}
