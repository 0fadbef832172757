#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_spawn(0);
    MPI_Finalize();
    return 0;
}
