/* MPI_Cart_rank of a coordinate past a non-periodic edge (Eijkhout's `cartcoord`, which calls it "erroneous"):
 * Open MPI 4.1 raises MPI_ERR_ARG and leaves the rank untouched (measured under MPI_ERRORS_RETURN, one and two
 * dimensions); a periodic dimension wraps the coordinate, negative ones and several turns too. The port wrote -1
 * into the rank before raising the error. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int dims[2] = {0, 0}, periods[2] = {0, 1}, coords[2];
    MPI_Dims_create(size, 2, dims);
    MPI_Comm grid;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Comm_set_errhandler(grid, MPI_ERRORS_RETURN);
    for (int i = -2; i < dims[0] + 2; i++)
        for (int j = -2 * dims[1] - 1; j < 2 * dims[1] + 1; j++) {
            coords[0] = i;
            coords[1] = j;
            int r = -7, err = MPI_Cart_rank(grid, coords, &r), cls = MPI_SUCCESS;
            if (err != MPI_SUCCESS) MPI_Error_class(err, &cls);
            int jj = ((j % dims[1]) + dims[1]) % dims[1];
            int off = i < 0 || i >= dims[0];
            int want_cls = off ? MPI_ERR_ARG : MPI_SUCCESS, want_rank = off ? -7 : i * dims[1] + jj;
            if (cls != want_cls || r != want_rank) {
                errs++;
                printf("[%d] MPI_Cart_rank(%d, %d) of %dx%d: class %d rank %d, expected class %d rank %d\n",
                       rank, i, j, dims[0], dims[1], cls, r, want_cls, want_rank);
            }
        }
    MPI_Comm_free(&grid);

    int all;
    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
