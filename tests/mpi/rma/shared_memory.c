/* MPI-3 shared-memory windows: MPI_Comm_split_type(MPI_COMM_TYPE_SHARED), MPI_Win_allocate_shared in the two usual
 * forms (every rank a segment of its own, each reading its neighbour's through MPI_Win_shared_query; rank 0 holding
 * the whole array, the others querying it and writing their part through pointer arithmetic), MPI_PROC_NULL in the
 * query, loads and stores between MPI_Win_sync and barriers in a lock_all epoch, as MPI-3 shared-memory codes do.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <mpi.h>

#define N 5

int main(int argc, char **argv)
{
    int rank, size, nrank, nsize, i, disp, toterrs, errs = 0;
    MPI_Aint bytes;
    MPI_Comm node;
    MPI_Win win, whole;
    double *mine, *peer;
    int *all, *part;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &nrank);
    MPI_Comm_size(node, &nsize);

    /* a segment each: write mine, read the next rank's */
    MPI_Win_allocate_shared((MPI_Aint)(N * sizeof(double)), sizeof(double), MPI_INFO_NULL, node, &mine, &win);
    MPI_Win_lock_all(0, win);
    for (i = 0; i < N; i++)
        mine[i] = nrank * 10.0 + i / 2.0;
    MPI_Win_sync(win);
    MPI_Barrier(node);
    MPI_Win_sync(win);
    MPI_Win_shared_query(win, (nrank + 1) % nsize, &bytes, &disp, &peer);
    printf("rank %d: next segment %ld bytes, unit %d, [0] %.1f [%d] %.1f\n", rank, (long)bytes, disp, peer[0], N - 1,
           peer[N - 1]);
    if (bytes != N * sizeof(double) || disp != sizeof(double) || peer[N - 1] != ((nrank + 1) % nsize) * 10.0 + 2.0)
        errs++;
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);

    /* rank 0 holds it all; every rank writes its N elements through a pointer into rank 0's segment */
    MPI_Win_allocate_shared((MPI_Aint)(nrank == 0 ? N * nsize * sizeof(int) : 0), sizeof(int), MPI_INFO_NULL, node,
                            &part, &whole);
    MPI_Win_shared_query(whole, MPI_PROC_NULL, &bytes, &disp, &all);
    MPI_Win_fence(0, whole);
    part = all + nrank * N;
    for (i = 0; i < N; i++)
        part[i] = 100 * nrank + i;
    MPI_Win_fence(0, whole);
    if (nrank == nsize - 1) {
        long sum = 0;
        for (i = 0; i < N * nsize; i++) {
            sum += all[i];
            if (all[i] != 100 * (i / N) + i % N)
                errs++;
        }
        printf("rank %d: whole array %ld bytes, sum %ld, errors %d\n", rank, (long)bytes, sum, errs);
    }
    MPI_Win_free(&whole);
    MPI_Comm_free(&node);
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
