/* A hybrid MPI + OpenMP program: each rank integrates its share of 4/(1+x^2) with an OpenMP
 * parallel-for reduction, then splits a second sum by thread id inside a parallel region with a
 * critical section; the ranks combine with MPI_Reduce. Timing uses omp_get_wtime. */
#include <stdio.h>
#include <mpi.h>
#include <omp.h>

#define STEPS 200000

int main(int argc, char **argv) {
    int rank, size, provided, i;
    double h = 1.0 / STEPS, local = 0.0, pi = 0.0, harmonic = 0.0, total_harmonic = 0.0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double t0 = omp_get_wtime();

#pragma omp parallel for reduction(+:local)
    for (i = rank; i < STEPS; i += size) {
        double x = h * (i + 0.5);
        local += 4.0 / (1.0 + x * x);
    }
    local *= h;

#pragma omp parallel
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads(), k;
        double mine = 0.0;
        for (k = t + 1 + rank * 1000; k <= (rank + 1) * 1000; k += nt)
            mine += 1.0 / k;
#pragma omp critical
        harmonic += mine;
    }

    MPI_Reduce(&local, &pi, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&harmonic, &total_harmonic, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    printf("rank %d: %d thread(s), partial %.12f\n", rank, omp_get_max_threads(), local);
    if (rank == 0)
        printf("pi ~ %.12f, H(%d) ~ %.12f, timed: %s\n", pi, size * 1000, total_harmonic,
               omp_get_wtime() >= t0 ? "yes" : "no");
    MPI_Finalize();
    return 0;
}
