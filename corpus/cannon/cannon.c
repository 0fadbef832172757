/* Cannon's matrix multiplication C = A * B on a q x q periodic process grid
 * (p = q*q ranks, n x n matrices in (n/q) x (n/q) blocks; shared/REFERENCE.md).
 *
 * The grid is an MPI Cartesian communicator with both dimensions periodic.
 * Initial skew: the blocks of A in grid row i move i places left, the blocks of
 * B in grid column j move j places up. Then q rounds of: multiply the local
 * blocks into C, move A one place left and B one place up
 * (MPI_Cart_shift + MPI_Sendrecv_replace).
 * Rank 0 gathers C, multiplies A and B serially, and reports the largest
 * difference.
 *
 * usage: cannon [n]     (default 256; n must be a multiple of q)
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

#define DEFAULT_N 256
#define TOLERANCE 1e-9

/* The test matrices: small rationals whose products round, so the order of
 * the sums shows in the last bits while the error stays far below TOLERANCE. */
static double a_entry(int i, int j)
{
    return (double)((i * 31 + j * 17) % 97) / 97.0 - 0.5;
}

static double b_entry(int i, int j)
{
    return (double)((i * 13 + j * 29 + 7) % 89) / 89.0 - 0.5;
}

/* c += a * b for nb x nb row-major blocks (i-k-j order: unit stride inside). */
static void multiply_add(int nb, double *a, double *b, double *c)
{
    int i, j, k;
    for (i = 0; i < nb; i++)
        for (k = 0; k < nb; k++) {
            double aik = a[i * nb + k];
            for (j = 0; j < nb; j++)
                c[i * nb + j] += aik * b[k * nb + j];
        }
}

/* Rank 0's check: the serial product of the full matrices against the
 * gathered blocks (block r of gathered belongs to the grid rank r). */
static double max_error(MPI_Comm grid, int n, int q, double *gathered)
{
    int nb = n / q;
    double *a = (double *)malloc((size_t)n * n * sizeof(double));
    double *b = (double *)malloc((size_t)n * n * sizeof(double));
    double *c = (double *)malloc((size_t)n * n * sizeof(double));
    double worst = 0.0;
    int i, j, r;
    int coords[2];

    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            a[i * n + j] = a_entry(i, j);
            b[i * n + j] = b_entry(i, j);
            c[i * n + j] = 0.0;
        }
    multiply_add(n, a, b, c);

    for (r = 0; r < q * q; r++) {
        MPI_Cart_coords(grid, r, 2, coords);
        for (i = 0; i < nb; i++)
            for (j = 0; j < nb; j++) {
                double got = gathered[r * nb * nb + i * nb + j];
                double want = c[(coords[0] * nb + i) * n + coords[1] * nb + j];
                double err = fabs(got - want);
                if (err > worst)
                    worst = err;
            }
    }
    free(a);
    free(b);
    free(c);
    return worst;
}

int main(int argc, char **argv)
{
    int n = DEFAULT_N;
    int world_rank, nprocs, q, nb, rank, step, i, j;
    int dims[2], periods[2], coords[2];
    int left, right, up, down, source, dest;
    MPI_Comm grid;
    MPI_Status status;
    double *a, *b, *c, *gathered;
    double t0, elapsed, checksum, local_sum;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);

    if (argc > 1)
        n = atoi(argv[1]);
    q = (int)(sqrt((double)nprocs) + 0.5);
    if (q * q != nprocs || n <= 0 || n % q != 0) {
        if (world_rank == 0)
            printf("cannon: needs a square number of ranks and n a multiple of sqrt(ranks) (ranks %d, n %d)\n",
                   nprocs, n);
        MPI_Finalize();
        return 1;
    }
    nb = n / q;

    dims[0] = q;
    dims[1] = q;
    periods[0] = 1;
    periods[1] = 1;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &grid);
    MPI_Comm_rank(grid, &rank);
    MPI_Cart_coords(grid, rank, 2, coords);

    /* Each rank makes its own blocks: A(I, J) and B(I, J) for grid position (I, J). */
    a = (double *)malloc((size_t)nb * nb * sizeof(double));
    b = (double *)malloc((size_t)nb * nb * sizeof(double));
    c = (double *)malloc((size_t)nb * nb * sizeof(double));
    for (i = 0; i < nb; i++)
        for (j = 0; j < nb; j++) {
            a[i * nb + j] = a_entry(coords[0] * nb + i, coords[1] * nb + j);
            b[i * nb + j] = b_entry(coords[0] * nb + i, coords[1] * nb + j);
            c[i * nb + j] = 0.0;
        }

    MPI_Barrier(grid);
    t0 = MPI_Wtime();

    /* Initial skew: row i of A left by i, column j of B up by j. */
    MPI_Cart_shift(grid, 1, -coords[0], &source, &dest);
    MPI_Sendrecv_replace(a, nb * nb, MPI_DOUBLE, dest, 1, source, 1, grid, &status);
    MPI_Cart_shift(grid, 0, -coords[1], &source, &dest);
    MPI_Sendrecv_replace(b, nb * nb, MPI_DOUBLE, dest, 2, source, 2, grid, &status);

    /* Neighbours for the single shifts: A comes from the right, B from below. */
    MPI_Cart_shift(grid, 1, -1, &right, &left);
    MPI_Cart_shift(grid, 0, -1, &down, &up);

    for (step = 0; step < q; step++) {
        multiply_add(nb, a, b, c);
        MPI_Sendrecv_replace(a, nb * nb, MPI_DOUBLE, left, 3, right, 3, grid, &status);
        MPI_Sendrecv_replace(b, nb * nb, MPI_DOUBLE, up, 4, down, 4, grid, &status);
    }

    elapsed = MPI_Wtime() - t0;

    local_sum = 0.0;
    for (i = 0; i < nb * nb; i++)
        local_sum += c[i];
    MPI_Reduce(&local_sum, &checksum, 1, MPI_DOUBLE, MPI_SUM, 0, grid);

    gathered = NULL;
    if (rank == 0)
        gathered = (double *)malloc((size_t)n * n * sizeof(double));
    MPI_Gather(c, nb * nb, MPI_DOUBLE, gathered, nb * nb, MPI_DOUBLE, 0, grid);

    if (rank == 0) {
        double err = max_error(grid, n, q, gathered);
        printf("Cannon: n = %d, grid = %d x %d, block = %d\n", n, q, q, nb);
        printf("sum of C = %.10e\n", checksum);
        printf("max error = %.3e\n", err);
        printf("%s\n", err <= TOLERANCE ? "PASSED" : "FAILED");
        printf("multiply time = %.6f seconds\n", elapsed);
        free(gathered);
    }

    free(a);
    free(b);
    free(c);
    MPI_Comm_free(&grid);
    MPI_Finalize();
    return 0;
}
