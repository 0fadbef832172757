/* Jacobi relaxation on a square plate, rows split over the ranks as legacy codes write it: the
 * local block is a pointer to rows (double (*u)[N]) from calloc with one ghost row above and below,
 * ghost rows are exchanged with MPI_Sendrecv (MPI_PROC_NULL at the edges) from u[1] and &u[rows][0],
 * and the change is summed with MPI_Allreduce. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>
#define N 16  /* plate size; a multiple of the rank count */
int main(int argc, char *argv[])
{
    int rank, size, iter;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rows = N / size;
    double (*u)[N] = calloc(rows + 2, sizeof *u);
    double (*unew)[N] = calloc(rows + 2, sizeof *unew);
    for (int i = 1; i <= rows; i++)
        for (int j = 0; j < N; j++)
            u[i][j] = (rank * rows + i - 1 == 0) ? 100.0 : 0.0;
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    for (iter = 0; iter < 50; iter++) {
        MPI_Sendrecv(u[1], N, MPI_DOUBLE, up, 0, u[rows + 1], N, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, &status);
        MPI_Sendrecv(&u[rows][0], N, MPI_DOUBLE, down, 1, &u[0][0], N, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, &status);
        double local = 0, diff;
        for (int i = 1; i <= rows; i++)
            for (int j = 1; j < N - 1; j++) {
                if (rank * rows + i - 1 == 0 || rank * rows + i - 1 == N - 1) { unew[i][j] = u[i][j]; continue; }
                unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
                local += fabs(unew[i][j] - u[i][j]);
            }
        for (int i = 1; i <= rows; i++)
            for (int j = 1; j < N - 1; j++)
                u[i][j] = unew[i][j];
        MPI_Allreduce(&local, &diff, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (rank == 0 && iter % 10 == 0)
            printf("iter %d diff %.10f\n", iter, diff);
    }
    free(u);
    free(unew);
    MPI_Finalize();
    return 0;
}
