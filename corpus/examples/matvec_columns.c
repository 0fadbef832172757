/* Matrix-vector product with column blocks: MPI_Type_vector + resized type, Scatter of columns, Reduce_scatter. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, n = 8, i, j;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1) n = atoi(argv[1]);
    if (n % size) { if (!rank) printf("n must divide by size\n"); MPI_Finalize(); return 0; }
    int cols = n / size;
    double *A = NULL, *x = malloc(n * sizeof(double));
    double *Aloc = malloc(n * cols * sizeof(double));
    double *xloc = malloc(cols * sizeof(double));
    double *partial = malloc(n * sizeof(double));
    double *y = malloc(cols * sizeof(double));
    MPI_Datatype col, coltype;
    MPI_Type_vector(n, cols, n, MPI_DOUBLE, &col);
    MPI_Type_create_resized(col, 0, cols * sizeof(double), &coltype);
    MPI_Type_commit(&coltype);
    if (rank == 0) {
        A = malloc(n * n * sizeof(double));
        for (i = 0; i < n; i++) for (j = 0; j < n; j++) A[i * n + j] = (i + 1) * 0.5 - j * 0.25;
        for (i = 0; i < n; i++) x[i] = 1.0 / (i + 1);
    }
    MPI_Scatter(A, 1, coltype, Aloc, n * cols, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Scatter(x, cols, MPI_DOUBLE, xloc, cols, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (i = 0; i < n; i++) {
        partial[i] = 0;
        for (j = 0; j < cols; j++) partial[i] += Aloc[i * cols + j] * xloc[j];
    }
    int *counts = malloc(size * sizeof(int));
    for (i = 0; i < size; i++) counts[i] = cols;
    MPI_Reduce_scatter(partial, y, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double *yall = rank == 0 ? malloc(n * sizeof(double)) : NULL;
    MPI_Gather(y, cols, MPI_DOUBLE, yall, cols, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < n; i++) printf("y[%d] = %8.4f\n", i, yall[i]);
        free(yall); free(A);
    }
    MPI_Type_free(&coltype); MPI_Type_free(&col);
    free(x); free(Aloc); free(xloc); free(partial); free(y); free(counts);
    MPI_Finalize();
    return 0;
}
