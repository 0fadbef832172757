/* MPI_Cart_create's errors under MPI_ERRORS_RETURN: a grid of more processes than the communicator has (SimpleMOC
 * hard-codes a 2x2x1 grid, run here at fewer ranks) and a negative ndims come back as MPI_ERR_ARG, the class Open
 * MPI reports; the handle is left alone, and a grid that fits still works afterwards.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

static int errs = 0;

static void expect_class(int rc, int cls, const char *what)
{
    int got;
    if (rc == MPI_SUCCESS) {
        errs++;
        printf("%s: succeeded, expected an error\n", what);
        return;
    }
    MPI_Error_class(rc, &got);
    if (got != cls) {
        errs++;
        printf("%s: error class %d, expected %d\n", what, got, cls);
    }
}

int main(int argc, char **argv)
{
    int rank, size, toterrs, cart_size;
    int too_big[3] = {2, 2, 2}, periods[3] = {0, 0, 0}, fits[1];
    MPI_Comm grid;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    too_big[2] = size;   /* 4 * size processes: always more than there are */
    expect_class(MPI_Cart_create(MPI_COMM_WORLD, 3, too_big, periods, 1, &grid), MPI_ERR_ARG,
                 "a grid larger than the communicator");
    expect_class(MPI_Cart_create(MPI_COMM_WORLD, -1, too_big, periods, 0, &grid), MPI_ERR_ARG, "a negative ndims");

    fits[0] = size;
    if (MPI_Cart_create(MPI_COMM_WORLD, 1, fits, periods, 0, &grid) != MPI_SUCCESS) {
        errs++;
        printf("a grid that fits failed after the errors\n");
    } else {
        MPI_Comm_size(grid, &cart_size);
        if (cart_size != size) { errs++; printf("the grid has %d processes, expected %d\n", cart_size, size); }
        MPI_Comm_free(&grid);
    }

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
