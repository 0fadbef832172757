/* MPI_Type_create_subarray in C and Fortran order: the interior of each rank's 4x6 block gathered at
 * rank 0, and a subarray received into the middle of a larger array.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, i, j, r, toterrs, tsize, expect;
    int block[24], all[6 * MAXP], big[24];
    int sizes[2] = {4, 6}, subsizes[2] = {2, 3}, starts[2] = {1, 2};
    MPI_Aint lb, extent;
    MPI_Datatype interior, fortran;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &interior);
    MPI_Type_commit(&interior);
    MPI_Type_size(interior, &tsize);
    MPI_Type_get_extent(interior, &lb, &extent);
    if (tsize != 24 || lb != 0 || extent != 96) {
        errs++;
        printf("[%d] subarray: size %d lb %ld extent %ld\n", rank, tsize, lb, extent);
    }
    for (i = 0; i < 24; i++)
        block[i] = rank * 100 + i;
    MPI_Gather(block, 1, interior, all, 6, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (r = 0; r < size; r++)
            for (i = 0; i < 2; i++)
                for (j = 0; j < 3; j++) {
                    expect = r * 100 + (1 + i) * 6 + 2 + j;
                    if (all[6 * r + 3 * i + j] != expect) {
                        errs++;
                        printf("[%d] subarray gather: rank %d (%d, %d) = %d, expected %d\n", rank, r, i, j,
                               all[6 * r + 3 * i + j], expect);
                    }
                }
    }

    /* Fortran order: sizes are (columns of 4, 6 of them) with the first index fastest. */
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_INT, &fortran);
    MPI_Type_commit(&fortran);
    for (i = 0; i < 24; i++)
        big[i] = -1;
    MPI_Sendrecv(block, 6, MPI_INT, rank, 0, big, 1, fortran, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (j = 0; j < 6; j++)
        for (i = 0; i < 4; i++) {
            int k = j * 4 + i;
            expect = -1;
            if (i >= 1 && i < 3 && j >= 2 && j < 5)
                expect = rank * 100 + (j - 2) * 2 + (i - 1);
            if (big[k] != expect) {
                errs++;
                printf("[%d] fortran subarray: big[%d] = %d, expected %d\n", rank, k, big[k], expect);
            }
        }

    MPI_Type_free(&interior);
    MPI_Type_free(&fortran);
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
