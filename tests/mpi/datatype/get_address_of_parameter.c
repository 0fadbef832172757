/* MPI_Get_address((void *)&ja[0], ...) of array parameters a function only takes element 0's address of (the MPI-2
 * tutorial's csrio-mpiio.c builds its memory type so): the pointer plan made such a parameter a `ref` to the first
 * element, which MPI_Get_address cannot take (CS0411: it needs the array the address is in); a parameter whose
 * address an MPI call names stays a pointer. The displacements then describe ints and doubles sent from MPI_BOTTOM
 * round a ring.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <mpi.h>

static void addresses(const int ja[], const double a[], MPI_Aint *disps)
{
    MPI_Get_address((void *)&ja[0], &disps[0]);
    MPI_Get_address((void *)&a[0], &disps[1]);
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int ja[3] = {rank, rank + 1, rank + 2};
    double a[2] = {rank + 0.5, rank + 1.5};
    MPI_Aint disps[2];
    addresses(ja, a, disps);
    int lens[2] = {3, 2};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, t;
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_commit(&t);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Sendrecv_replace(MPI_BOTTOM, 1, t, right, 0, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (ja[0] != left || ja[2] != left + 2 || a[1] != left + 1.5) {
        errs++;
        printf("[%d] got %d %d %g, expected %d %d %g\n", rank, ja[0], ja[2], a[1], left, left + 2, left + 1.5);
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
