/* Every rank contributes to a result that rank 0 prints: the sum, maximum and
 * minimum of per-rank values, an Allreduce'd checksum and a Barrier. */
#include <stdio.h>
#include <mpi.h>

#define N 8

long checksum(const int *v, int n)
{
    long s = 0;
    int i;
    for (i = 0; i < n; i++)
        s = s * 31 + v[i];
    return s;
}

int main(int argc, char **argv)
{
    int rank, size, i;
    int local[N], total[N];
    double value, maxv, minv;
    long sum;
    unsigned int bits, allbits;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (i = 0; i < N; i++)
        local[i] = (rank + 1) * (i + 1);
    MPI_Reduce(local, total, N, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);

    value = 1.0 / (rank + 3);
    MPI_Reduce(&value, &maxv, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&value, &minv, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);

    sum = checksum(local, N);
    long allsum;
    MPI_Allreduce(&sum, &allsum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);

    bits = 1u << rank;
    MPI_Allreduce(&bits, &allbits, 1, MPI_UNSIGNED, MPI_BOR, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        printf("sums:");
        for (i = 0; i < N; i++)
            printf(" %d", total[i]);
        printf("\nmax %.6f min %.6f\n", maxv, minv);
        printf("checksum %ld bits %#x\n", allsum, allbits);
    }
    if (allsum % 2 == 0 && rank == size - 1)
        printf("rank %d agrees: checksum %ld is even\n", rank, allsum);
    MPI_Finalize();
    return 0;
}
