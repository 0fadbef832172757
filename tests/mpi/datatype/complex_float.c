/* C99 float complex data through MPI: MPI_C_FLOAT_COMPLEX (and its other names MPI_C_COMPLEX, MPI_COMPLEX) in
 * Bcast, point-to-point and Allreduce (MPI_SUM, and MPI_PROD as C multiplies in float), and a float complex
 * array sent as twice as many MPI_FLOATs.
 * ranks: 1 2 3 4
 * transports: tcp */
#include <stdio.h>
#include <complex.h>
#include <math.h>
#include <mpi.h>

#define N 6

int main(int argc, char **argv)
{
    int rank, size, j, errs = 0, toterrs;
    float complex x[N], sum[N], mine, prod, want = 1;
    float parts[2 * N];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (j = 0; j < N; j++)
        x[j] = rank == 0 ? cosf(0.3f * j) + sinf(0.7f * j) * I : 0;
    MPI_Bcast(x, N, MPI_C_FLOAT_COMPLEX, 0, MPI_COMM_WORLD);
    for (j = 0; j < N; j++)
        if (x[j] != cosf(0.3f * j) + sinf(0.7f * j) * I) { printf("rank %d: x[%d] wrong\n", rank, j); errs++; }

    for (j = 0; j < N; j++)
        x[j] = (rank + 1) * (j + 0.5f * I);
    MPI_Allreduce(x, sum, N, MPI_C_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
    float ranks = size * (size + 1) / 2.0f;
    for (j = 0; j < N; j++)
        if (crealf(sum[j]) != ranks * j || cimagf(sum[j]) != ranks * 0.5f) { printf("rank %d: sum[%d] wrong\n", rank, j); errs++; }

    mine = (rank + 1) + (rank + 1) * 0.25f * I;
    MPI_Allreduce(&mine, &prod, 1, MPI_COMPLEX, MPI_PROD, MPI_COMM_WORLD);
    for (j = 0; j < size; j++)
        want *= (j + 1) + (j + 1) * 0.25f * I;
    if (cabsf(prod - want) > 1e-5f * cabsf(want)) { printf("rank %d: product wrong\n", rank); errs++; }

    if (size > 1) {
        if (rank == 0)
            MPI_Send(x, 2 * N, MPI_FLOAT, 1, 7, MPI_COMM_WORLD);
        if (rank == 1) {
            MPI_Recv(parts, 2 * N, MPI_FLOAT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (j = 0; j < N; j++)
                if (parts[2 * j] != j || parts[2 * j + 1] != 0.5f) { printf("parts %d wrong\n", j); errs++; }
        }
    }
    if (rank == 0)
        printf("product %.6g %+.6g i\n", crealf(prod), cimagf(prod));
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
