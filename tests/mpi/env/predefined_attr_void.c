/* Predefined attributes read through a `void *` the program never casts to `int *` (Bisseling's whoami passes
 * `&value` of a `void *value` to MPI_Attr_get): the flag is set, and the bytes the pointer points to are the value's
 * (memcpy'd into an int, compared with what an `int *` reads).
 * ranks: 1 2 4 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    static const int keys[6] = {MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL, MPI_APPNUM, MPI_UNIVERSE_SIZE};
    int i, rank, flag, iflag, v, toterrs, errs = 0;
    void *value;
    int *ivalue;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 6; i++) {
        if (i % 2) MPI_Attr_get(MPI_COMM_WORLD, keys[i], &value, &flag);
        else MPI_Comm_get_attr(MPI_COMM_WORLD, keys[i], &value, &flag);
        MPI_Comm_get_attr(MPI_COMM_WORLD, keys[i], &ivalue, &iflag);
        if (flag != iflag) { errs++; printf("key %d: flag %d through a void *, %d through an int *\n", i, flag, iflag); }
        if (!flag || !iflag) continue;
        memcpy(&v, value, sizeof v);
        if (v != *ivalue) { errs++; printf("key %d: %d through a void *, %d through an int *\n", i, v, *ivalue); }
    }
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs) printf(" Found %d errors\n", toterrs);
        else printf(" No Errors\n");
    }
    MPI_Finalize();
    return 0;
}
