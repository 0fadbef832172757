/* A 1-D block distribution in unsigned arithmetic (the textbook FIRST/OWNER macros) with MPI_PROC_NULL as
 * the missing neighbour of the end blocks: the conditional `first == 0 ? MPI_PROC_NULL : OWNER(first - 1)`
 * converts the constant to unsigned long and back, so the neighbour must still be MPI_PROC_NULL. A halo
 * exchange by Sendrecv then fills the ghost cells; main ends without a return statement (C99: 0).
 * ranks: 1 2 3 4 7 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define ulong unsigned long
#define FIRST(rank) ((((ulong)(rank)) * ((ulong)nx)) / nprocs)
#define OWNER(index) ((((ulong)nprocs) * (((ulong)(index)) + 1) - 1) / nx)
#define NUM_OWNED(rank) (FIRST(rank + 1) - FIRST(rank))

int nx = 23, nprocs, rank;

int main(int argc, char **argv)
{
    int first, nxl, left, right, i, errs = 0, toterrs;
    double *u;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    first = FIRST(rank);
    nxl = NUM_OWNED(rank);
    left = (first == 0 || nxl == 0 ? MPI_PROC_NULL : OWNER(first - 1));
    right = (first + nxl >= nx || nxl == 0 ? MPI_PROC_NULL : OWNER(first + nxl));
    if ((rank == 0) != (left == MPI_PROC_NULL) || (rank == nprocs - 1) != (right == MPI_PROC_NULL))
        errs++;
    u = malloc((nxl + 2) * sizeof(double));
    for (i = 1; i <= nxl; i++)
        u[i] = first + i - 1;
    u[0] = u[nxl + 1] = -1.0;
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[nxl + 1], 1, MPI_DOUBLE, right, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[nxl], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (u[0] != (left == MPI_PROC_NULL ? -1.0 : first - 1)) errs++;
    if (u[nxl + 1] != (right == MPI_PROC_NULL ? -1.0 : first + nxl)) errs++;
    free(u);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
}
