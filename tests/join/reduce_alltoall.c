/* A reduction and an all-to-all over every rank, for ranks that join a job one process at a time
 * (tests/test_join.py): each rank prints what it received, so a lost or misrouted block shows. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char *argv[])
{
    int rank, size, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    long mine = (long)(rank + 1) * (rank + 1), total = 0;
    MPI_Allreduce(&mine, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);

    int *out = malloc(size * sizeof(int)), *in = malloc(size * sizeof(int));
    for (i = 0; i < size; i++)
        out[i] = rank * 1000 + i;
    MPI_Alltoall(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD);
    long check = 0;
    for (i = 0; i < size; i++)
        check += in[i] == i * 1000 + rank ? 1 : 0;

    printf("rank %d of %d: sum of squares %ld, alltoall blocks right %ld of %d, first %d last %d\n",
           rank, size, total, check, size, in[0], in[size - 1]);
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}
