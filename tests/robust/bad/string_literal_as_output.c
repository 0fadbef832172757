#include <mpi.h>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Alloc_mem(64, MPI_INFO_NULL, &"caf");
    MPI_Finalize();
    return 0;
}
