/* A non-periodic grid over all ranks: PROC_NULL past the edges, Cart_sub into rows and columns, and
 * collectives inside the sub-grids; a grid smaller than the world gives MPI_COMM_NULL to the ranks left over.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, grank, rsize, rrank, csize, crank, d, sum, expect, topo, toterrs, errs = 0;
    int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0}, coords[3], rc[3];
    int keep_last[3] = {0, 0, 1}, keep_first2[3] = {1, 1, 0};
    int src, dst, x, y;
    MPI_Comm grid, row, plane, small;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Dims_create(size, 3, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 1, &grid);
    MPI_Comm_rank(grid, &grank);
    MPI_Cart_coords(grid, grank, 3, coords);

    for (d = 0; d < 3; d++) {
        MPI_Cart_shift(grid, d, 1, &src, &dst);
        if ((coords[d] == 0) != (src == MPI_PROC_NULL)) { errs++; printf("dim %d: source %d at coord %d\n", d, src, coords[d]); }
        if ((coords[d] == dims[d] - 1) != (dst == MPI_PROC_NULL)) { errs++; printf("dim %d: dest %d at coord %d\n", d, dst, coords[d]); }
        /* Shifting through PROC_NULL ends is a no-op at the edges. */
        x = grank;
        y = -1;
        MPI_Sendrecv(&x, 1, MPI_INT, dst, d, &y, 1, MPI_INT, src, d, grid, MPI_STATUS_IGNORE);
        if (src == MPI_PROC_NULL && y != -1) { errs++; printf("dim %d: received %d from PROC_NULL\n", d, y); }
        if (src != MPI_PROC_NULL && y != src) { errs++; printf("dim %d: received %d, expected %d\n", d, y, src); }
    }

    MPI_Cart_sub(grid, keep_last, &row);
    MPI_Comm_size(row, &rsize);
    MPI_Comm_rank(row, &rrank);
    if (rsize != dims[2] || rrank != coords[2]) { errs++; printf("row: size %d rank %d\n", rsize, rrank); }
    MPI_Topo_test(row, &topo);
    if (topo != MPI_CART) { errs++; printf("row has topology %d\n", topo); }
    MPI_Cart_coords(row, rrank, 1, rc);
    if (rc[0] != coords[2]) { errs++; printf("row coords %d\n", rc[0]); }
    /* The row's members are the grid ranks that share my first two coordinates. */
    MPI_Allreduce(&grank, &sum, 1, MPI_INT, MPI_SUM, row);
    expect = 0;
    for (d = 0; d < dims[2]; d++) expect += (coords[0] * dims[1] + coords[1]) * dims[2] + d;
    if (sum != expect) { errs++; printf("row sum %d, expected %d\n", sum, expect); }

    MPI_Cart_sub(grid, keep_first2, &plane);
    MPI_Comm_size(plane, &csize);
    MPI_Comm_rank(plane, &crank);
    if (csize != dims[0] * dims[1] || crank != coords[0] * dims[1] + coords[1]) {
        errs++;
        printf("plane: size %d rank %d\n", csize, crank);
    }

    /* A grid one rank smaller than the world (when there is more than one rank). */
    dims[0] = size > 1 ? size - 1 : 1;
    periods[0] = 1;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &small);
    if (rank >= dims[0]) {
        if (small != MPI_COMM_NULL) { errs++; printf("rank %d is outside the grid but got a communicator\n", rank); }
    } else {
        MPI_Comm_size(small, &csize);
        if (csize != dims[0]) { errs++; printf("small grid size %d\n", csize); }
        MPI_Cart_shift(small, 0, 1, &src, &dst);
        if (dst != (rank + 1) % dims[0]) { errs++; printf("small grid: dest %d\n", dst); }
        MPI_Comm_free(&small);
    }

    MPI_Comm_free(&row);
    MPI_Comm_free(&plane);
    MPI_Comm_free(&grid);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
