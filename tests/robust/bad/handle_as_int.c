/* An MPI handle cast to an integer (C gives its address; the port's handles are objects: C# CS0030 once). */
#include <mpi.h>
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    long id = (long)MPI_COMM_WORLD;
    MPI_Finalize();
    return id == 0;
}
