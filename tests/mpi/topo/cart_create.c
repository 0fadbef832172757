/* A periodic 2-D grid: Cart_create, Cart_coords/Cart_rank round trip, Cart_get, Cartdim_get, Topo_test,
 * Cart_shift against coordinates computed here, and Sendrecv_replace shifts along both dimensions.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, crank, r, d, ndims, topo, toterrs, errs = 0;
    int dims[2] = {0, 0}, periods[2] = {1, 1}, coords[2], c2[2];
    int gdims[2], gperiods[2], gcoords[2];
    int src, dst, expect_src, expect_dst;
    int buf[3];
    MPI_Comm grid;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Comm_rank(grid, &crank);

    MPI_Topo_test(grid, &topo);
    if (topo != MPI_CART) { errs++; printf("Topo_test(grid) = %d, not MPI_CART\n", topo); }
    MPI_Topo_test(MPI_COMM_WORLD, &topo);
    if (topo != MPI_UNDEFINED) { errs++; printf("Topo_test(world) = %d, not MPI_UNDEFINED\n", topo); }
    MPI_Cartdim_get(grid, &ndims);
    if (ndims != 2) { errs++; printf("Cartdim_get = %d\n", ndims); }

    for (r = 0; r < size; r++) {
        MPI_Cart_coords(grid, r, 2, coords);
        if (coords[0] * dims[1] + coords[1] != r) {
            errs++;
            printf("rank %d has coords (%d,%d) in a %dx%d grid\n", r, coords[0], coords[1], dims[0], dims[1]);
        }
        MPI_Cart_rank(grid, coords, &crank);
        if (crank != r) { errs++; printf("Cart_rank(coords of %d) = %d\n", r, crank); }
    }
    MPI_Comm_rank(grid, &crank);

    MPI_Cart_get(grid, 2, gdims, gperiods, gcoords);
    MPI_Cart_coords(grid, crank, 2, coords);
    for (d = 0; d < 2; d++) {
        if (gdims[d] != dims[d] || gperiods[d] != 1 || gcoords[d] != coords[d]) {
            errs++;
            printf("Cart_get dim %d: %d %d %d\n", d, gdims[d], gperiods[d], gcoords[d]);
        }
    }
    /* Periodic coordinates wrap in Cart_rank. */
    c2[0] = coords[0] + dims[0];
    c2[1] = coords[1] - dims[1];
    MPI_Cart_rank(grid, c2, &r);
    if (r != crank) { errs++; printf("Cart_rank of wrapped coords = %d, not %d\n", r, crank); }

    for (d = 0; d < 2; d++) {
        MPI_Cart_shift(grid, d, 1, &src, &dst);
        c2[0] = coords[0]; c2[1] = coords[1];
        c2[d] = (coords[d] + 1) % dims[d];
        expect_dst = c2[0] * dims[1] + c2[1];
        c2[d] = (coords[d] - 1 + dims[d]) % dims[d];
        expect_src = c2[0] * dims[1] + c2[1];
        if (src != expect_src || dst != expect_dst) {
            errs++;
            printf("Cart_shift dim %d: (%d,%d), expected (%d,%d)\n", d, src, dst, expect_src, expect_dst);
        }
        /* Pass my rank along the dimension: I get the source's rank. */
        buf[0] = crank; buf[1] = d; buf[2] = -crank;
        MPI_Sendrecv_replace(buf, 3, MPI_INT, dst, 10 + d, src, 10 + d, grid, &st);
        if (buf[0] != src || buf[1] != d || buf[2] != -src || st.MPI_SOURCE != src || st.MPI_TAG != 10 + d) {
            errs++;
            printf("Sendrecv_replace dim %d: got %d %d %d from %d tag %d\n", d, buf[0], buf[1], buf[2], st.MPI_SOURCE, st.MPI_TAG);
        }
        /* A shift by 2 the other way. */
        MPI_Cart_shift(grid, d, -2, &src, &dst);
        c2[0] = coords[0]; c2[1] = coords[1];
        c2[d] = ((coords[d] - 2) % dims[d] + dims[d]) % dims[d];
        if (dst != c2[0] * dims[1] + c2[1]) { errs++; printf("Cart_shift(-2) dim %d: dest %d\n", d, dst); }
    }

    MPI_Comm_free(&grid);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("grid %d x %d\n", dims[0], dims[1]);
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
