/* pi by the midpoint rule: rank 0 broadcasts the number of intervals, every
 * rank sums its share of 4/(1+x^2), and Reduce adds the parts on rank 0. */
#include <stdio.h>
#include <math.h>
#include <mpi.h>

#define PI25DT 3.141592653589793238462643

static double f(double x)
{
    return 4.0 / (1.0 + x * x);
}

int main(int argc, char **argv)
{
    int n = 0, rank, size, i;
    double mypi, pi, h, sum, x;
    double t0, t1;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    t0 = MPI_Wtime();
    if (rank == 0)
        n = 1000000;
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);

    h = 1.0 / (double)n;
    sum = 0.0;
    for (i = rank + 1; i <= n; i += size) {
        x = h * ((double)i - 0.5);
        sum += f(x);
    }
    mypi = h * sum;

    MPI_Reduce(&mypi, &pi, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    t1 = MPI_Wtime();

    if (rank == 0) {
        printf("pi is approximately %.16f, Error is %.16f\n", pi, fabs(pi - PI25DT));
        printf("intervals: %d, ranks: %d\n", n, size);
        printf("wall clock time = %f\n", t1 - t0);
    }
    MPI_Finalize();
    return 0;
}
