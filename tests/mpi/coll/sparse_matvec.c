/* A compressed-sparse-row product y = A x, rows split over the ranks and x made whole with MPI_Allgatherv,
 * the loop shapes of NPB CG: an inner loop from row_start[row] to row_start[row + 1] over global arrays, the
 * same through pointer parameters, and vector loops from lo to hi. Every value is a small integer held in a
 * double, so each rank checks its rows exactly against the dense product.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define N 29
#define MAXNZ (N * N)
#define MAXP 8

static int row_start[N + 1];
static int colidx[MAXNZ];
static double a[MAXNZ];
static double x[N], y[N], dense[N][N];

int errs = 0;

/* Row i has entries in the columns j with (i * 7 + j * 3) % 5 == 0 or j == i, value i - j + 1. */
static void build(void)
{
    int i, j, nz = 0;
    for (i = 0; i < N; i++) {
        row_start[i] = nz;
        for (j = 0; j < N; j++) {
            dense[i][j] = 0.0;
            if ((i * 7 + j * 3) % 5 == 0 || j == i) {
                colidx[nz] = j;
                a[nz] = i - j + 1;
                dense[i][j] = a[nz];
                nz++;
            }
        }
    }
    row_start[N] = nz;
}

static void matvec_globals(int lo, int hi)
{
    int row, k;
    double sum;
    for (row = lo; row < hi; row++) {
        sum = 0.0;
        for (k = row_start[row]; k < row_start[row + 1]; k++)
            sum = sum + a[k] * x[colidx[k]];
        y[row] = sum;
    }
}

static double row_dot(const int *starts, const int *cols, const double *vals, const double *v, int row)
{
    int k;
    double sum = 0.0;
    for (k = starts[row]; k < starts[row + 1]; k++)
        sum += vals[k] * v[cols[k]];
    return sum;
}

int main(int argc, char **argv)
{
    int rank, size, i, j, lo, hi, toterrs;
    int counts[MAXP], displs[MAXP];
    double expect;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    build();
    for (i = 0; i < size; i++) {
        displs[i] = N * i / size;
        counts[i] = N * (i + 1) / size - displs[i];
    }
    lo = displs[rank];
    hi = lo + counts[rank];
    for (j = lo; j < hi; j++)
        x[j] = j % 4 - 1;
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DOUBLE, x, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);

    matvec_globals(lo, hi);
    for (i = lo; i < hi; i++) {
        expect = 0.0;
        for (j = 0; j < N; j++)
            expect += dense[i][j] * x[j];
        if (y[i] != expect) {
            errs++;
            printf("[%d] row %d: %g from the global arrays, expected %g\n", rank, i, y[i], expect);
        }
        if (row_dot(row_start, colidx, a, x, i) != expect) {
            errs++;
            printf("[%d] row %d: %g through pointers, expected %g\n", rank, i, row_dot(row_start, colidx, a, x, i), expect);
        }
    }
    for (j = lo; j < hi; j++)
        y[j] = y[j] + 2.0 * x[j];
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DOUBLE, y, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    for (i = 0; i < N; i++) {
        expect = 2.0 * x[i];
        for (j = 0; j < N; j++)
            expect += dense[i][j] * x[j];
        if (y[i] != expect) {
            errs++;
            printf("[%d] gathered row %d: %g, expected %g\n", rank, i, y[i], expect);
        }
    }

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
