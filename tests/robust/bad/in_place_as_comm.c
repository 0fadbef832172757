/* MPI_IN_PLACE where a communicator goes: C converts the `void *`; the native program crashes in MPI_Barrier. */
#include <mpi.h>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Barrier(MPI_IN_PLACE);
    MPI_Finalize();
    return 0;
}
