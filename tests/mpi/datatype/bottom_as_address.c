/* MPI_BOTTOM converted to an address integer, `(MPI_Aint) MPI_BOTTOM` (the MPI-2 tutorial's mlife-io-mpiio.c sets a
 * displacement so; codes subtract it from MPI_Get_address's to make a displacement from MPI_BOTTOM): Open MPI's mpi.h
 * defines MPI_BOTTOM as ((void *) 0), so it is 0, and a struct type of such displacements sent from MPI_BOTTOM moves
 * the variables at those addresses (-Wpointer-to-integer before). */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int a = rank * 10, b[3] = {rank, rank + 1, rank + 2};
    MPI_Aint base = (MPI_Aint) MPI_BOTTOM, da, db, disps[2];
    if (base != 0) {
        errs++;
        printf("(MPI_Aint) MPI_BOTTOM is %ld\n", (long) base);
    }
    MPI_Get_address(&a, &da);
    MPI_Get_address(b, &db);
    disps[0] = da - base;
    disps[1] = db - (MPI_Aint) MPI_BOTTOM;
    int lens[2] = {1, 3};
    MPI_Datatype types[2] = {MPI_INT, MPI_INT}, t;
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_commit(&t);
    int right = (rank + 1) % size, left = (rank + size - 1) % size, got[4];
    MPI_Sendrecv(MPI_BOTTOM, 1, t, right, 0, got, 4, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int want[4] = {left * 10, left, left + 1, left + 2};
    for (int i = 0; i < 4; i++)
        if (got[i] != want[i]) {
            errs++;
            printf("[%d] got[%d] = %d, expected %d\n", rank, i, got[i], want[i]);
        }
    MPI_Type_free(&t);
    int all;
    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
