/* Floating-point collectives whose result depends on how the partial results are grouped: each rank
 * prints what it got with all 17 digits, so a port must combine in Open MPI's order to print the same.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size;
    double x, scan, exscan, sum, all;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Magnitudes that differ a lot, so every grouping rounds differently. */
    x = 1.0 / (3.0 + rank) * (rank % 2 == 0 ? 1e16 : 1.0) + 0.1 * rank;
    MPI_Scan(&x, &scan, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    exscan = 0.0;
    MPI_Exscan(&x, &exscan, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&x, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    if (rank > 0)
        printf("scan %.17g exscan %.17g\n", scan, exscan);
    else
        printf("scan %.17g\n", scan);
    printf("allreduce %.17g\n", all);
    if (rank == 0) {
        printf("reduce %.17g\n", sum);
        printf(" No Errors\n");
    }
    MPI_Finalize();
    return 0;
}
