/* File-scope variables initialized with MPI's predefined handles (IOR's utilities.c: `MPI_Comm testComm =
 * MPI_COMM_NULL;`), constants in Open MPI's and MPICH's headers, variables in cmpi's; and MPI_FILE_NULL tested by the
 * preprocessor (IOR's ior.h: `#ifndef MPI_FILE_NULL #include <mpio.h>`), a macro in every real mpi.h.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <mpi.h>

#ifndef MPI_FILE_NULL
#include <mpio.h> /* MPI-IO before MPI-2: no such header with Open MPI, nor needed */
#endif

MPI_Comm testComm = MPI_COMM_NULL;
static MPI_Datatype type = MPI_INT;
MPI_Op op = MPI_SUM;
static MPI_File file = MPI_FILE_NULL;

int main(int argc, char **argv)
{
    int rank, size, errs = 0, sum = 0, one = 1;
    MPI_Init(&argc, &argv);
    if (testComm != MPI_COMM_NULL)
        errs++;
    if (file != MPI_FILE_NULL)
        errs++;
    testComm = MPI_COMM_WORLD;
    MPI_Comm_rank(testComm, &rank);
    MPI_Comm_size(testComm, &size);
    MPI_Allreduce(&one, &sum, 1, type, op, testComm);
    if (sum != size)
        errs++;
    if (rank == 0) {
        if (errs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", errs);
    }
    MPI_Finalize();
    return 0;
}
