/* `void *` pointers kept in an array or a struct field, each filled by malloc, as ATPESC's basic_openmp_fixed keeps one
 * message buffer per thread (`void *bufs[NUM_THREADS]; bufs[i] = malloc(count);`, later `void *buf = bufs[id]; int *p
 * = buf;` and `MPI_Send(buf, count, MPI_BYTE, ...)`). The port keeps such a `void *` as a handle (C# object), cast back
 * at each use; the memory is the type its size names (`n * sizeof(double)`), else bytes, viewed as the numbers the
 * program reads. Before, the translation stopped at the malloc ("no translation for the library function").
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define SLOTS 3

struct message {
    int length;
    void *payload;
};

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, count = 64, t, r, i;
    void *bufs[SLOTS];
    struct message m;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (t = 0; t < SLOTS; t++)
        bufs[t] = malloc(count);
    for (t = 0; t < SLOTS; t++) {
        void *buf = bufs[t];
        if (rank == 0) {
            int *p = buf;
            for (i = 0; i < count / (int)sizeof(int); i++)
                p[i] = t * 100 + i;
            for (r = 1; r < size; r++)
                MPI_Send(buf, count, MPI_BYTE, r, t, MPI_COMM_WORLD);
        } else {
            MPI_Recv(buf, count, MPI_BYTE, 0, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            int *p = buf;
            for (i = 0; i < count / (int)sizeof(int); i++)
                if (p[i] != t * 100 + i) {
                    errs++;
                    printf("rank %d: slot %d p[%d] = %d\n", rank, t, i, p[i]);
                }
        }
    }
    for (t = 0; t < SLOTS; t++)
        free(bufs[t]);

    /* a struct's void * field, sized in doubles, broadcast and summed */
    m.length = 4;
    m.payload = malloc(m.length * sizeof(double));
    if (rank == 0) {
        double *d = m.payload;
        for (i = 0; i < m.length; i++)
            d[i] = 0.5 * i;
    }
    MPI_Bcast(m.payload, m.length, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    {
        double *d = m.payload, sum = 0;
        for (i = 0; i < m.length; i++)
            sum += d[i];
        if (sum != 3.0) {
            errs++;
            printf("rank %d: payload sum %g\n", rank, sum);
        }
    }
    free(m.payload);

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
