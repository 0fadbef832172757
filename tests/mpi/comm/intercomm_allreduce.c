/* MPI_Allreduce on an intercommunicator, as HLRS's ring_intercomm sums its ranks across two rings: each group
 * receives the reduction of the other group's buffers (MPI-3.1 5.9.6). World split into even and odd ranks,
 * joined by MPI_Intercomm_create; a sum of ints and a max of two doubles. The port refused collectives on
 * intercommunicators (MPI_ERR_COMM).
 * ranks: 2 4 7
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, color, i, mine, sum, expect = 0, inter_rank;
    double pair[2], top[2], want[2] = {0.0, -1.0};
    MPI_Comm half, inter;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    color = rank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
    /* the leaders: world rank 0 for the evens, world rank 1 for the odds */
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - color, 7, &inter);
    MPI_Comm_rank(inter, &inter_rank);

    mine = 10 * rank + 1;
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, inter);
    for (i = 0; i < size; i++)
        if (i % 2 != color)
            expect += 10 * i + 1;
    if (sum != expect) {
        errs++;
        printf("rank %d: sum %d, expected %d\n", rank, sum, expect);
    }

    pair[0] = rank * 0.5;
    pair[1] = -rank;
    MPI_Allreduce(pair, top, 2, MPI_DOUBLE, MPI_MAX, inter);
    /* the other group's largest rank, and its smallest one (the largest -rank) */
    for (i = 0; i < size; i++)
        if (i % 2 != color) {
            want[0] = i * 0.5;
            if (want[1] == -1.0 && i == 1 - color) want[1] = -i;
        }
    if (top[0] != want[0] || top[1] != want[1]) {
        errs++;
        printf("rank %d (inter rank %d): max (%g, %g), expected (%g, %g)\n", rank, inter_rank, top[0], top[1],
               want[0], want[1]);
    }

    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
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
