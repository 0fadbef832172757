/* MPI_Type_create_darray: block, cyclic(k) and undistributed dimensions, C and Fortran order, default and given
 * distribution arguments, sizes that do not divide evenly. Each rank picks its part of the global array with the
 * type (Sendrecv to itself), checks it against the indices it computes on its own, then rank 0 rebuilds the whole
 * array by receiving each rank's part through that rank's darray type.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define MAXD 3

int errs = 0;

/* does grid coordinate c of p own global index i of n under distribution dist, argument darg? */
static int owns(int i, int n, int dist, int darg, int p, int c)
{
    int b;
    if (dist == MPI_DISTRIBUTE_NONE)
        return 1;
    if (dist == MPI_DISTRIBUTE_BLOCK) {
        b = darg == MPI_DISTRIBUTE_DFLT_DARG ? (n + p - 1) / p : darg;
        return i / b == c;
    }
    b = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg;
    return (i / b) % p == c;
}

static void check(const char *what, int ndims, const int *gsizes, const int *dist, const int *dargs,
                  const int *psizes, int order)
{
    int rank, size, total = 1, i, d, r, n, count, tsize, ni, na, nt, comb, coords[MAXD], idx[MAXD];
    int *global, *local, *expect, *rebuilt;
    MPI_Aint lb, extent;
    MPI_Datatype t;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (d = 0; d < ndims; d++)
        total *= gsizes[d];
    global = malloc(total * sizeof(int));
    local = malloc(total * sizeof(int));
    expect = malloc(total * sizeof(int));
    rebuilt = malloc(total * sizeof(int));
    for (i = 0; i < total; i++) {
        global[i] = 1000 * rank + i;
        rebuilt[i] = -1;
    }

    n = rank; /* the grid is row-major whatever the array's order */
    for (d = ndims - 1; d >= 0; d--) {
        coords[d] = n % psizes[d];
        n /= psizes[d];
    }
    /* walk the global array in memory order; the owned elements in that order are the type's elements */
    count = 0;
    for (i = 0; i < total; i++) {
        int rest = i, mine = 1;
        if (order == MPI_ORDER_C)
            for (d = ndims - 1; d >= 0; d--) {
                idx[d] = rest % gsizes[d];
                rest /= gsizes[d];
            }
        else
            for (d = 0; d < ndims; d++) {
                idx[d] = rest % gsizes[d];
                rest /= gsizes[d];
            }
        for (d = 0; d < ndims; d++)
            mine = mine && owns(idx[d], gsizes[d], dist[d], dargs[d], psizes[d], coords[d]);
        if (mine)
            expect[count++] = 1000 * rank + i;
    }

    MPI_Type_create_darray(size, rank, ndims, gsizes, dist, dargs, psizes, order, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Type_size(t, &tsize);
    MPI_Type_get_extent(t, &lb, &extent);
    if (tsize != count * (int)sizeof(int) || lb != 0 || extent != total * (MPI_Aint)sizeof(int)) {
        errs++;
        printf("[%d] %s: size %d (expected %d) lb %ld extent %ld (expected %ld)\n", rank, what, tsize,
               count * (int)sizeof(int), (long)lb, (long)extent, (long)(total * sizeof(int)));
    }
    MPI_Type_get_envelope(t, &ni, &na, &nt, &comb);
    if (comb != MPI_COMBINER_DARRAY || ni != 4 * ndims + 4 || na != 0 || nt != 1) {
        errs++;
        printf("[%d] %s: envelope %d %d %d %d\n", rank, what, ni, na, nt, comb);
    }
    MPI_Sendrecv(global, 1, t, rank, 0, local, count, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < count; i++)
        if (local[i] != expect[i]) {
            errs++;
            printf("[%d] %s: element %d is %d, expected %d\n", rank, what, i, local[i], expect[i]);
            break;
        }
    MPI_Type_free(&t);

    /* every rank's part back into one array at rank 0: the parts cover it exactly once */
    if (rank == 0) {
        for (r = 0; r < size; r++) {
            MPI_Type_create_darray(size, r, ndims, gsizes, dist, dargs, psizes, order, MPI_INT, &t);
            MPI_Type_commit(&t);
            MPI_Type_size(t, &n);
            if (r == 0)
                MPI_Sendrecv(local, count, MPI_INT, 0, 1, rebuilt, 1, t, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            else
                MPI_Recv(rebuilt, 1, t, r, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Type_free(&t);
        }
        for (i = 0; i < total; i++)
            if (rebuilt[i] < 0 || rebuilt[i] % 1000 != i) {
                errs++;
                printf("[0] %s: rebuilt[%d] = %d\n", what, i, rebuilt[i]);
                break;
            }
    } else {
        MPI_Send(local, count, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    free(global);
    free(local);
    free(expect);
    free(rebuilt);
}

int main(int argc, char **argv)
{
    int size, toterrs, rank;
    int g2[2] = {7, 5}, p2[2] = {0, 0}, g3[3] = {3, 6, 5}, p3[3] = {1, 0, 0};
    int blockcyc[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC}, dflt[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
    int cyc2[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, cycblock[2] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_BLOCK};
    int big[2] = {7, 0};
    int none3[3] = {MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
    int d3[3] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG, 3};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, p2);
    MPI_Dims_create(size, 2, p3 + 1);
    big[1] = (5 + p2[1] - 1) / p2[1] + 1;

    check("block x cyclic, C", 2, g2, blockcyc, dflt, p2, MPI_ORDER_C);
    check("block x cyclic(2), Fortran", 2, g2, blockcyc, cyc2, p2, MPI_ORDER_FORTRAN);
    check("cyclic x block(k), C", 2, g2, cycblock, big, p2, MPI_ORDER_C);
    check("none x block x cyclic(3), C", 3, g3, none3, d3, p3, MPI_ORDER_C);
    check("none x block x cyclic(3), Fortran", 3, g3, none3, d3, p3, MPI_ORDER_FORTRAN);

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
