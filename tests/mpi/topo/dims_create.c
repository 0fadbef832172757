/* MPI_Dims_create: products, fixed entries, non-increasing order, and the exact grids Open MPI picks
 * (the translated run must print the same grids).
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

static int errs = 0;

static void check_grid(int nnodes, int ndims, int *dims, int *fixed)
{
    int i, prod = 1;
    for (i = 0; i < ndims; i++) {
        prod *= dims[i];
        if (fixed[i] != 0 && dims[i] != fixed[i]) {
            errs++;
            printf("nnodes %d: fixed dims[%d] = %d changed to %d\n", nnodes, i, fixed[i], dims[i]);
        }
        if (fixed[i] == 0 && i > 0 && fixed[i - 1] == 0 && dims[i] > dims[i - 1]) {
            errs++;
            printf("nnodes %d: free dims not non-increasing at %d\n", nnodes, i);
        }
    }
    if (prod != nnodes) {
        errs++;
        printf("nnodes %d ndims %d: product %d\n", nnodes, ndims, prod);
    }
}

int main(int argc, char **argv)
{
    int rank, size, n, nd, i, toterrs;
    int dims[4], fixed[4];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (nd = 1; nd <= 4; nd++) {
        for (n = 1; n <= 72; n++) {
            for (i = 0; i < 4; i++) { dims[i] = 0; fixed[i] = 0; }
            MPI_Dims_create(n, nd, dims);
            check_grid(n, nd, dims, fixed);
            if (rank == 0 && (n % 6 == 0 || n == 7 || n == 49 || n == 64)) {
                printf("n=%d nd=%d:", n, nd);
                for (i = 0; i < nd; i++) printf(" %d", dims[i]);
                printf("\n");
            }
        }
    }
    /* A fixed middle entry: 24 over 3 dims with dims[1] = 2. */
    for (i = 0; i < 4; i++) { dims[i] = 0; fixed[i] = 0; }
    dims[1] = 2; fixed[1] = 2;
    MPI_Dims_create(24, 3, dims);
    check_grid(24, 3, dims, fixed);
    if (rank == 0) printf("24 with dims[1]=2: %d %d %d\n", dims[0], dims[1], dims[2]);
    /* Everything fixed already. */
    dims[0] = 3; dims[1] = 4; fixed[0] = 3; fixed[1] = 4;
    MPI_Dims_create(12, 2, dims);
    check_grid(12, 2, dims, fixed);
    /* The world's own grid. */
    dims[0] = 0; dims[1] = 0; fixed[0] = 0; fixed[1] = 0;
    MPI_Dims_create(size, 2, dims);
    check_grid(size, 2, dims, fixed);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
