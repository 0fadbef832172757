/* 2-D heat diffusion, rows distributed, double** matrices, halo exchange with Sendrecv, convergence by Allreduce. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

#define NX 32
#define NY 24
#define MAXIT 500
#define TOL 1e-4

double **alloc2d(int rows, int cols) {
    double **m = (double **)malloc(rows * sizeof(double *));
    double *block = (double *)calloc(rows * cols, sizeof(double));
    int i;
    for (i = 0; i < rows; i++) m[i] = block + i * cols;
    return m;
}

void free2d(double **m) { free(m[0]); free(m); }

int main(int argc, char **argv) {
    int rank, size, i, j, it, local, up, down;
    double **u, **unew, diff, gdiff, t0;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    t0 = MPI_Wtime();
    local = NX / size + (rank < NX % size ? 1 : 0);
    u = alloc2d(local + 2, NY);
    unew = alloc2d(local + 2, NY);
    if (rank == 0) for (j = 0; j < NY; j++) u[0][j] = unew[0][j] = 100.0;
    if (rank == size - 1) for (j = 0; j < NY; j++) u[local + 1][j] = unew[local + 1][j] = 50.0 * sin(j * M_PI / (NY - 1));
    up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    for (it = 0; it < MAXIT; it++) {
        MPI_Sendrecv(u[1], NY, MPI_DOUBLE, up, 0, u[local + 1], NY, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, &st);
        MPI_Sendrecv(u[local], NY, MPI_DOUBLE, down, 1, u[0], NY, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, &st);
        diff = 0.0;
        for (i = 1; i <= local; i++)
            for (j = 1; j < NY - 1; j++) {
                unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
                diff = fmax(diff, fabs(unew[i][j] - u[i][j]));
            }
        { double **tmp = u; u = unew; unew = tmp; }
        MPI_Allreduce(&diff, &gdiff, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        if (gdiff < TOL) break;
    }
    double sum = 0.0, gsum;
    for (i = 1; i <= local; i++) for (j = 0; j < NY; j++) sum += u[i][j];
    MPI_Reduce(&sum, &gsum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("iterations %d, residual %.6e, sum %.6f\n", it, gdiff, gsum);
        if (MPI_Wtime() - t0 < 0) printf("clock went backwards\n");
    }
    free2d(u); free2d(unew);
    MPI_Finalize();
    return 0;
}
