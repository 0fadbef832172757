/* MPI_Type_create_resized: a column type resized to one int, so Scatter hands column r of a
 * size x size matrix to rank r; MPI_Type_dup, true extent, and MPI_Type_free.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, toterrs, tsize;
    int matrix[MAXP * MAXP], col[MAXP];
    MPI_Aint lb, extent, tlb, textent;
    MPI_Datatype column, colint, dup;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Type_vector(size, 1, size, MPI_INT, &column);
    MPI_Type_create_resized(column, 0, sizeof(int), &colint);
    MPI_Type_commit(&colint);
    MPI_Type_get_extent(colint, &lb, &extent);
    MPI_Type_get_true_extent(colint, &tlb, &textent);
    if (lb != 0 || extent != sizeof(int) || tlb != 0 || textent != ((size - 1) * size + 1) * sizeof(int)) {
        errs++;
        printf("[%d] resized: lb %ld extent %ld true lb %ld true extent %ld\n", rank, lb, extent, tlb, textent);
    }
    MPI_Type_dup(colint, &dup);
    MPI_Type_size(dup, &tsize);
    if (tsize != size * (int)sizeof(int)) {
        errs++;
        printf("[%d] dup size %d\n", rank, tsize);
    }

    for (i = 0; i < size * size; i++)
        matrix[i] = rank == 0 ? i : -1;
    for (i = 0; i < MAXP; i++)
        col[i] = -1;
    MPI_Scatter(matrix, 1, dup, col, size, MPI_INT, 0, MPI_COMM_WORLD);
    for (i = 0; i < size; i++) {
        if (col[i] != i * size + rank) {
            errs++;
            printf("[%d] column scatter: col[%d] = %d, expected %d\n", rank, i, col[i], i * size + rank);
        }
    }
    /* And gather the columns back transposed into rows. */
    for (i = 0; i < size; i++)
        col[i] = col[i] * 2;
    MPI_Gather(col, size, MPI_INT, matrix, 1, colint, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < size * size; i++) {
            if (matrix[i] != 2 * i) {
                errs++;
                printf("[%d] column gather: matrix[%d] = %d\n", rank, i, matrix[i]);
            }
        }
    }

    MPI_Type_free(&dup);
    MPI_Type_free(&colint);
    MPI_Type_free(&column);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
