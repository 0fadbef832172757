/* A buffer whose C type disagrees in size with its MPI datatype, as legacy codes have it: `int n` broadcast as
 * MPI_LONG_LONG_INT. Natively the call also writes the 4 bytes after n (here the padding word beside it); the
 * translator warns where the call is (-Wmpi-type-mismatch) and the port stops at the call with MPI_ERR_TYPE
 * rather than write past the variable. */
#include <stdio.h>
#include <mpi.h>

struct padded { int n; int pad; };

int main(int argc, char **argv)
{
    int rank, errs = 0, toterrs;
    struct padded p = {0, 0};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        p.n = 123456;
    MPI_Bcast(&p.n, 1, MPI_LONG_LONG_INT, 0, MPI_COMM_WORLD);
    if (p.n != 123456) errs++;
    printf("rank %d: n %d\n", rank, p.n);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
