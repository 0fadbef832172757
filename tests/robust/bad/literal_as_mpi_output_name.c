#include <mpi.h>
int main(int argc, char **argv) {
    int len;
    MPI_Init(&argc, &argv);
    MPI_Comm_get_name(MPI_COMM_WORLD, "world", &len);
    MPI_Finalize();
    return 0;
}
