/* MPI_Type_contiguous, MPI_Type_vector and MPI_Type_create_hvector: sizes and extents, and a
 * column of a row-major matrix sent around a ring as one vector element.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define ROWS 4
#define COLS 5

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, next, prev, toterrs, tsize;
    double m[ROWS * COLS], col[ROWS];
    int ints[12];
    MPI_Aint lb, extent;
    MPI_Datatype column, pairs, hcol;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    MPI_Type_vector(ROWS, 1, COLS, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    MPI_Type_size(column, &tsize);
    MPI_Type_get_extent(column, &lb, &extent);
    if (tsize != ROWS * 8 || lb != 0 || extent != ((ROWS - 1) * COLS + 1) * 8) {
        errs++;
        printf("[%d] vector: size %d lb %ld extent %ld\n", rank, tsize, lb, extent);
    }

    /* Send my column `rank % COLS` to the next rank; receive the previous rank's as ROWS doubles. */
    for (i = 0; i < ROWS * COLS; i++)
        m[i] = rank * 100 + i;
    MPI_Sendrecv(m + rank % COLS, 1, column, next, 0, col, ROWS, MPI_DOUBLE, prev, 0, MPI_COMM_WORLD, &status);
    for (i = 0; i < ROWS; i++) {
        if (col[i] != prev * 100 + i * COLS + prev % COLS) {
            errs++;
            printf("[%d] vector column: col[%d] = %g\n", rank, i, col[i]);
        }
    }

    /* And back: ROWS doubles land in a column of my matrix, the rest untouched. */
    for (i = 0; i < ROWS; i++)
        col[i] = -1 - i;
    MPI_Sendrecv(col, ROWS, MPI_DOUBLE, prev, 1, m + 2, 1, column, next, 1, MPI_COMM_WORLD, &status);
    for (i = 0; i < ROWS * COLS; i++) {
        if (m[i] != (i % COLS == 2 ? -1 - i / COLS : rank * 100 + i)) {
            errs++;
            printf("[%d] vector receive: m[%d] = %g\n", rank, i, m[i]);
        }
    }

    /* Contiguous pairs of ints, broadcast as 3 elements. */
    MPI_Type_contiguous(2, MPI_INT, &pairs);
    MPI_Type_commit(&pairs);
    for (i = 0; i < 12; i++)
        ints[i] = rank == 0 ? i * i : -1;
    MPI_Bcast(ints, 3, pairs, 0, MPI_COMM_WORLD);
    for (i = 0; i < 12; i++) {
        if (ints[i] != (i < 6 || rank == 0 ? i * i : -1)) {
            errs++;
            printf("[%d] contiguous bcast: ints[%d] = %d\n", rank, i, ints[i]);
        }
    }

    /* hvector: every third int, stride in bytes. */
    MPI_Type_create_hvector(4, 1, 3 * sizeof(int), MPI_INT, &hcol);
    MPI_Type_commit(&hcol);
    MPI_Type_get_extent(hcol, &lb, &extent);
    if (extent != 10 * sizeof(int)) {
        errs++;
        printf("[%d] hvector extent %ld\n", rank, extent);
    }
    for (i = 0; i < 12; i++)
        ints[i] = rank * 1000 + i;
    MPI_Bcast(ints, 1, hcol, size - 1, MPI_COMM_WORLD);
    for (i = 0; i < 12; i++) {
        if (ints[i] != (i % 3 == 0 && i < 10 ? (size - 1) * 1000 + i : rank * 1000 + i)) {
            errs++;
            printf("[%d] hvector bcast: ints[%d] = %d\n", rank, i, ints[i]);
        }
    }

    MPI_Type_free(&column);
    MPI_Type_free(&pairs);
    MPI_Type_free(&hcol);
    if (column != MPI_DATATYPE_NULL) {
        errs++;
        printf("[%d] MPI_Type_free did not set MPI_DATATYPE_NULL\n", rank);
    }

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
