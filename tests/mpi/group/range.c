/* Group_range_incl and Group_range_excl with C's int ranges[][3].
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, n, r, toterrs, errs = 0;
    int ranges[1][3];
    MPI_Group world, every2, rest;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    ranges[0][0] = size - 1;
    ranges[0][1] = 0;
    ranges[0][2] = -2;
    MPI_Group_range_incl(world, 1, ranges, &every2);
    MPI_Group_range_excl(world, 1, ranges, &rest);
    MPI_Group_size(every2, &n);
    if (n != (size + 1) / 2) { errs++; printf("range_incl size %d\n", n); }
    MPI_Group_rank(every2, &r);
    if ((size - 1 - rank) % 2 == 0 ? r != (size - 1 - rank) / 2 : r != MPI_UNDEFINED) { errs++; printf("rank %d in range group %d\n", rank, r); }
    MPI_Group_size(rest, &n);
    if (n != size / 2) { errs++; printf("range_excl size %d\n", n); }
    MPI_Group_free(&every2);
    MPI_Group_free(&rest);
    MPI_Group_free(&world);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
