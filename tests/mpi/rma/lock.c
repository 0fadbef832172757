/* Passive target: every rank increments a counter in rank 0's window under an exclusive lock
 * (Get, add, Put), and adds to a second slot with Accumulate under a shared lock.
 * ranks: 1 2 4 7
 * native-env: OMPI_MCA_osc=pt2pt
 * transports: tcp azure */
#include <stdio.h>
#include <mpi.h>

#define ROUNDS 20

int main(int argc, char **argv)
{
    int rank, size, r, v, one = 1, toterrs, errs = 0;
    int mem[2] = {0, 0};
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(mem, 2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    for (r = 0; r < ROUNDS; r++) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Get(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
        v = v + 1;
        MPI_Put(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_unlock(0, win);

        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        if (mem[0] != ROUNDS * size || mem[1] != ROUNDS * size) {
            errs++;
            printf("counters %d %d, expected %d\n", mem[0], mem[1], ROUNDS * size);
        }
        MPI_Win_unlock(0, win);
    }
    MPI_Win_free(&win);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
