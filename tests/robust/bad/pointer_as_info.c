/* A `void *` buffer given as an MPI_Info: C converts it; the port's handles are objects. */
#include <mpi.h>
int main(int argc, char **argv) {
    void *p = 0; double *buf;
    MPI_Init(&argc, &argv);
    MPI_Alloc_mem(64, p, &buf);
    MPI_Finalize();
    return 0;
}
