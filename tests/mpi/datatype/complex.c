/* C99 double complex data through MPI: MPI_C_DOUBLE_COMPLEX and MPI_DOUBLE_COMPLEX in point-to-point,
 * Bcast and Allreduce (MPI_SUM part by part, MPI_PROD as C multiplies), complex arrays sent as twice as many
 * MPI_DOUBLEs, and a double array sent as complex numbers; a distributed DFT checks the values end to end.
 * ranks: 1 2 3 4 */
#include <stdio.h>
#include <complex.h>
#include <math.h>
#include <mpi.h>

#define N 12

int errs = 0;

static void check(int cond, const char *what, int rank)
{
    if (!cond) {
        errs++;
        printf("rank %d: %s wrong\n", rank, what);
    }
}

int main(int argc, char **argv)
{
    int rank, size, toterrs, k, j;
    double complex x[N], spectrum[N], partial[N], mine, sum, prod;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* rank 0 makes the signal and broadcasts it */
    if (rank == 0)
        for (j = 0; j < N; j++)
            x[j] = cos(0.3 * j) + sin(0.7 * j) * I;
    MPI_Bcast(x, N, MPI_C_DOUBLE_COMPLEX, 0, MPI_COMM_WORLD);

    /* each rank sums its share of every DFT term; the sum over ranks is the spectrum */
    for (k = 0; k < N; k++) {
        partial[k] = 0;
        for (j = rank; j < N; j += size)
            partial[k] += x[j] * cexp(-2.0 * M_PI * I * j * k / N);
    }
    MPI_Allreduce(partial, spectrum, N, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);

    /* inverse transform on one rank reproduces the signal */
    if (rank == 0) {
        double worst = 0;
        for (j = 0; j < N; j++) {
            double complex back = 0;
            for (k = 0; k < N; k++)
                back += spectrum[k] * cexp(2.0 * M_PI * I * j * k / N);
            worst = fmax(worst, cabs(back / N - x[j]));
        }
        check(worst < 1e-12, "inverse DFT", rank);
        printf("spectrum[1] = %.6f %+.6f i\n", creal(spectrum[1]), cimag(spectrum[1]));
    }

    /* products in rank order: (1 + i)(2 + 2i)... */
    mine = (rank + 1) + (rank + 1) * I;
    MPI_Allreduce(&mine, &prod, 1, MPI_DOUBLE_COMPLEX, MPI_PROD, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &sum, 1, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
    double complex expect = 1;
    for (k = 1; k <= size; k++)
        expect *= k + k * I;
    check(prod == expect && sum == size * (size + 1) / 2.0 * (1 + I), "sum and product", rank);

    /* a ring: complex numbers as pairs of doubles, and doubles as complex numbers */
    double pairs[4] = {rank, -rank, 0.5 * rank, 2.0}, got[4];
    double complex z[2] = {rank + 0.25 * I, -1.0 * rank}, w[2];
    int right = (rank + 1) % size, left = (rank - 1 + size) % size;
    MPI_Sendrecv(z, 4, MPI_DOUBLE, right, 1, w, 4, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check(w[0] == left + 0.25 * I && w[1] == -1.0 * left, "complex as doubles", rank);
    MPI_Sendrecv(pairs, 2, MPI_C_DOUBLE_COMPLEX, right, 2, got, 2, MPI_C_DOUBLE_COMPLEX, left, 2, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    check(got[0] == left && got[1] == -left && got[2] == 0.5 * left && got[3] == 2.0, "doubles as complex", rank);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
