/* Comm_get_attr (and MPI-1's MPI_Attr_get) with the predefined keys MPI_TAG_UB and MPI_WTIME_IS_GLOBAL (C gets a pointer to the value).
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, flag, toterrs, errs = 0;
    int *value;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag);
    if (!flag || *value < 32767) { errs++; printf("MPI_TAG_UB: flag %d\n", flag); }
    if (rank == 0) printf("tag_ub %d\n", *value);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag);
    if (flag && *value != 0 && *value != 1) { errs++; printf("MPI_WTIME_IS_GLOBAL is %d\n", *value); }
    if (rank == 0) printf("wtime_is_global flag %d value %d\n", flag, flag ? *value : -1);
    MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag);
    if (!flag || *value < 32767) { errs++; printf("MPI_Attr_get MPI_TAG_UB: flag %d\n", flag); }
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
