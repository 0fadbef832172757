/* The address of a predefined MPI handle (fuzz seed 1 input 397: `&MPI_COMM_WORLD` as a receive buffer): mpicc
 * refuses it (Open MPI's handles are casts of addresses: "lvalue required as unary '&' operand"); cmpi's own mpi.h
 * declares them as variables, so the port once translated it to C# that did not compile (CS0199). */
#include <mpi.h>
int main(int argc, char **argv) {
    int errs = 0;
    MPI_Init(&argc, &argv);
    MPI_Reduce(&errs, &MPI_COMM_WORLD, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
