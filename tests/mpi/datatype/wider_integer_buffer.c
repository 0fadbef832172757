/* An integer variable wider than the integer datatype that describes it, as PRK's dgemm has it (`long myncols;
 * MPI_Allgather(&myncols, 1, MPI_INT, nn, 1, MPI_INT, comm)`): the call moves the variable's first bytes, within
 * its memory, so native MPI and the port agree byte for byte (little-endian: the low half), and a receive leaves
 * the bytes past them as they were.
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs, nn[8];
    long myncols, n = -1;
    long long pair[2] = {-1, -1};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    myncols = 10 + rank;
    MPI_Allgather(&myncols, 1, MPI_INT, nn, 1, MPI_INT, MPI_COMM_WORLD);
    for (int i = 0; i < size; i++)
        if (nn[i] != 10 + i) { errs++; printf("rank %d: nn[%d] = %d\n", rank, i, nn[i]); }
    if (rank == 0) n = 123456;
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if ((int)n != 123456) errs++;
    if (rank > 0 && n != (long)(0xFFFFFFFF00000000UL | 123456)) { errs++; printf("rank %d: n = %ld\n", rank, n); }
    if (rank == 0) { pair[0] = 7; pair[1] = 9; }
    MPI_Bcast(pair, 3, MPI_INT, 0, MPI_COMM_WORLD);  /* one and a half elements */
    if (pair[0] != 7 || (int)pair[1] != 9) errs++;
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
