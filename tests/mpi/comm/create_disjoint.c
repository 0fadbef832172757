/* MPI_Comm_create with a different, disjoint group on each half of the ranks (MPI-2.2): each half gets a
 * communicator of its own, as the issue's `MPI_Group_incl(world, 2, rank < 2 ? lo : hi, &g)` expects.
 * ranks: 2 4 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, half, i, sub_rank, sub_size, sum, errs = 0, toterrs;
    int lo[64], hi[64];
    MPI_Group world, g;
    MPI_Comm c;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    half = size / 2;
    for (i = 0; i < half; i++) {
        lo[i] = i;
        hi[i] = size - 1 - i;  /* the upper half in reverse: the group's order gives the new ranks */
    }
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, half, rank < half ? lo : hi, &g);
    MPI_Comm_create(MPI_COMM_WORLD, g, &c);
    MPI_Comm_rank(c, &sub_rank);
    MPI_Comm_size(c, &sub_size);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c);
    printf("world %d: sub rank %d of %d, sum of world ranks %d\n", rank, sub_rank, sub_size, sum);
    if (sub_size != half)
        errs++;
    if (sub_rank != (rank < half ? rank : size - 1 - rank))
        errs++;
    if (sum != (rank < half ? half * (half - 1) / 2 : half * (half - 1) / 2 + half * half))
        errs++;
    MPI_Comm_free(&c);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
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
