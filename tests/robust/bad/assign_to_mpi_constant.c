/* An assignment to a predefined MPI handle (fuzz seed 2 input 4907: `for (MPI_DOUBLE = 0; ...)`): mpicc refuses it
 * (Open MPI's handles are casts of addresses: "lvalue required as left operand of assignment"); cmpi's own mpi.h
 * declares them as variables, so the port once translated it to C# that did not compile (CS0198). */
#include <mpi.h>
int main(int argc, char **argv) {
    int i;
    MPI_Init(&argc, &argv);
    for (MPI_DOUBLE = 0, i = 0; i < 12; i++) {
    }
    MPI_Finalize();
    return 0;
}
