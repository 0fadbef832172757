/* Cannon's matrix multiplication on a q x q periodic grid (Cart_create, Cart_shift, Sendrecv_replace),
 * each block checked against the product computed directly.
 * ranks: 1 4 */
#include <stdio.h>
#include <mpi.h>

#define NB 3           /* block edge */
#define MAXQ 4

static double a[NB * NB], b[NB * NB], c[NB * NB];

static double a_at(int i, int j) { return (double)(i + 2 * j + 1); }
static double b_at(int i, int j) { return (double)((i * 3 + j) % 5 - 2); }

int main(int argc, char **argv)
{
    int rank, size, q, n, i, j, k, step, myrow, mycol, toterrs, errs = 0;
    int dims[2], periods[2] = {1, 1}, coords[2];
    int left, right, up, down, src, dst;
    double expect;
    MPI_Comm grid;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    q = 1;
    while ((q + 1) * (q + 1) <= size) q++;
    if (q * q != size) {
        if (rank == 0) printf("needs a square number of ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    n = q * NB;
    dims[0] = q;
    dims[1] = q;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &grid);
    MPI_Comm_rank(grid, &rank);
    MPI_Cart_coords(grid, rank, 2, coords);
    myrow = coords[0];
    mycol = coords[1];

    for (i = 0; i < NB; i++)
        for (j = 0; j < NB; j++) {
            a[i * NB + j] = a_at(myrow * NB + i, mycol * NB + j);
            b[i * NB + j] = b_at(myrow * NB + i, mycol * NB + j);
            c[i * NB + j] = 0.0;
        }

    /* Initial skew: row i of A moves left by i, column j of B moves up by j. */
    MPI_Cart_shift(grid, 1, -myrow, &src, &dst);
    MPI_Sendrecv_replace(a, NB * NB, MPI_DOUBLE, dst, 1, src, 1, grid, &st);
    MPI_Cart_shift(grid, 0, -mycol, &src, &dst);
    MPI_Sendrecv_replace(b, NB * NB, MPI_DOUBLE, dst, 2, src, 2, grid, &st);

    MPI_Cart_shift(grid, 1, -1, &right, &left);
    MPI_Cart_shift(grid, 0, -1, &down, &up);
    for (step = 0; step < q; step++) {
        for (i = 0; i < NB; i++)
            for (k = 0; k < NB; k++)
                for (j = 0; j < NB; j++)
                    c[i * NB + j] += a[i * NB + k] * b[k * NB + j];
        MPI_Sendrecv_replace(a, NB * NB, MPI_DOUBLE, left, 3, right, 3, grid, &st);
        MPI_Sendrecv_replace(b, NB * NB, MPI_DOUBLE, up, 4, down, 4, grid, &st);
    }

    for (i = 0; i < NB; i++)
        for (j = 0; j < NB; j++) {
            expect = 0.0;
            for (k = 0; k < n; k++) expect += a_at(myrow * NB + i, k) * b_at(k, mycol * NB + j);
            if (c[i * NB + j] != expect) {
                errs++;
                printf("C(%d,%d) = %g, expected %g\n", myrow * NB + i, mycol * NB + j, c[i * NB + j], expect);
            }
        }

    MPI_Comm_free(&grid);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        printf("cannon %d x %d on a %d x %d grid\n", n, n, q, q);
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
