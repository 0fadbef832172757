/* Old-style programs: `void main`, MPI_Init(NULL, NULL), K&R parameter declarations, register locals.
 * ranks: 1 2 4 */
#include <stdio.h>
#include "mpi.h"

float sum_sq(v, n)
    float *v;
    int n;
{
    register int i;
    float s = 0.0f;
    for (i = 0; i < n; i++)
        s += v[i] * v[i];
    return s;
}

void main(int argc, char *argv[])
{
    int rank, size, i, errs = 0, toterrs;
    float v[10];

    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < 10; i++)
        v[i] = (float)(rank + i);
    if (sum_sq(v, 10) != (float)(10 * rank * rank + 90 * rank + 285)) {
        errs++;
        printf("[%d] sum_sq: %f\n", rank, sum_sq(v, 10));
    }
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
}
