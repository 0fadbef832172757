/* MPI_IN_PLACE given to a program function's `void *` parameter (round 7: compiled, and the rank failed at run time) */
#include <mpi.h>
static int in_place(const void *b) { return b == MPI_IN_PLACE; }
int main(int argc, char **argv) {
    int a[2] = {1, 2}, y;
    MPI_Init(&argc, &argv);
    y = in_place(a) + in_place(MPI_IN_PLACE);
    MPI_Finalize();
    return y;
}
