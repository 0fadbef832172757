/* Structs holding pointers given to MPI as a message directly: a pointer means nothing in another rank (MPI_Alloc_mem's
 * memory may hold such structs, tests/mpi/env/alloc_mem_structs.c, but MPI does not move them). */
#include <mpi.h>
struct bench { char *name; int id; };
int main(int argc, char **argv)
{
    struct bench list[2];
    MPI_Init(&argc, &argv);
    MPI_Bcast(list, (int)sizeof list, MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
