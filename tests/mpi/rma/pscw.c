/* Generalized active target (post-start-complete-wait, MPI-3.1 11.5.2): each rank exposes its window to its left
 * neighbour and accesses its right neighbour's; then every rank both exposes to and accesses rank 0 (a rank in
 * both groups of one window, as a bidirectional bandwidth test does), and MPI_Win_test polls the end of an epoch.
 * ranks: 1 2 4 7
 * native-env: OMPI_MCA_osc=pt2pt
 * transports: tcp */
#include <stdio.h>
#include <mpi.h>

#define N 4

int main(int argc, char **argv)
{
    int rank, size, left, right, i, flag, polls, errs = 0, toterrs;
    int mem[N], mine[N];
    MPI_Group world, leftg, rightg, zerog, othersg;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    for (i = 0; i < N; i++) {
        mem[i] = -1;
        mine[i] = 100 * rank + i;
    }
    MPI_Win_create(mem, N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 1, &left, &leftg);
    MPI_Group_incl(world, 1, &right, &rightg);

    /* the ring: right's whole window gets this rank's values */
    MPI_Win_post(leftg, 0, win);
    MPI_Win_start(rightg, 0, win);
    MPI_Put(mine, N, MPI_INT, right, 0, N, MPI_INT, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    for (i = 0; i < N; i++) {
        if (mem[i] != 100 * left + i) {
            errs++;
            printf("rank %d: ring mem[%d] = %d, expected %d\n", rank, i, mem[i], 100 * left + i);
        }
    }

    /* rank 0 exposes to everyone else and accesses everyone else; the others accumulate into rank 0 and rank 0
     * puts into each of them, all in one epoch pair per rank */
    i = 0;
    MPI_Group_incl(world, 1, &i, &zerog);
    MPI_Group_excl(world, 1, &i, &othersg);
    if (rank == 0) {
        mem[0] = 0;
        if (size > 1) {
            MPI_Win_post(othersg, 0, win);
            MPI_Win_start(othersg, 0, win);
            for (i = 1; i < size; i++)
                MPI_Put(&mine[1], 1, MPI_INT, i, 1, 1, MPI_INT, win);
            MPI_Win_complete(win);
            polls = 0;
            do {
                MPI_Win_test(win, &flag);
                polls++;
            } while (!flag);
            if (mem[0] != size - 1) {
                errs++;
                printf("rank 0: %d accumulated, expected %d\n", mem[0], size - 1);
            }
        }
    } else {
        int one = 1;
        MPI_Win_post(zerog, 0, win);
        MPI_Win_start(zerog, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM, win);
        MPI_Win_complete(win);
        MPI_Win_wait(win);
        if (mem[1] != 1) {
            errs++;
            printf("rank %d: mem[1] = %d, expected 1 from rank 0\n", rank, mem[1]);
        }
    }

    MPI_Group_free(&leftg);
    MPI_Group_free(&rightg);
    MPI_Group_free(&zerog);
    MPI_Group_free(&othersg);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
