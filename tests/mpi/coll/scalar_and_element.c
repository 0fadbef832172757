/* Reductions whose two buffers have different shapes: an element of an array on one side and a scalar's address
 * on the other (miniAMR's rcb.c: `MPI_Scan(&bin[point[j]], &i, 1, MPI_INT, MPI_SUM, comm)`), in both orders,
 * with long indices (PRK's `&ARRAY(i, j)`).
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, i, sum;
    int bin[4], point[2] = {3, 1};
    double vals[3], total = 0.0;
    long at = 2;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int k = 0; k < 4; k++)
        bin[k] = rank + k;
    MPI_Scan(&bin[point[0]], &i, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (i != (rank + 1) * (rank + 6) / 2) { errs++; printf("scan %d: %d\n", rank, i); }
    MPI_Allreduce(&rank, &bin[point[1]], 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (bin[1] != size * (size - 1) / 2) { errs++; printf("allreduce %d: %d\n", rank, bin[1]); }
    vals[2] = 1.5 * rank;
    MPI_Reduce(&vals[at], &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && total != 1.5 * size * (size - 1) / 2) { errs++; printf("reduce: %g\n", total); }
    MPI_Exscan(&bin[0], &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank > 0 && sum != rank * (rank - 1) / 2) { errs++; printf("exscan %d: %d\n", rank, sum); }
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
