/* MPI_BOTTOM as a datatype (fuzz seed 1 input 9570: exit 0 and C# that did not compile, CS1503). */
#include <mpi.h>
int main(int argc, char **argv) {
    int errs = 0, toterrs;
    MPI_Init(&argc, &argv);
    MPI_Reduce(&errs, &toterrs, 1, MPI_BOTTOM, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
