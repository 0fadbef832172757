/* MPI_BOTTOM where an MPI_Info goes (fuzz seed 1 input 6583: exit 0 and C# that did not compile, CS1503). */
#include <mpi.h>
int main(int argc, char **argv) {
    double *buf;
    MPI_Init(&argc, &argv);
    MPI_Alloc_mem(64, MPI_BOTTOM, &buf);
    MPI_Finalize();
    return 0;
}
