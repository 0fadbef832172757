/* Structs holding pointers given to MPI as a message through a generic wrapper: MPI moves numbers only (memory
 * from MPI_Alloc_mem may hold such structs, tests/mpi/env/alloc_mem_structs.c, but not be sent). */
#include <mpi.h>
struct bench { char *name; int id; };
static void send_all(void *b, int n) { MPI_Bcast(b, n, MPI_BYTE, 0, MPI_COMM_WORLD); }
int main(int argc, char **argv)
{
    struct bench list[2];
    MPI_Init(&argc, &argv);
    send_all(list, (int)sizeof list);
    MPI_Finalize();
    return 0;
}
