/* An opaque void * handle given to MPI as a buffer: MPI reads memory of a type the handle does not say. */
#include <mpi.h>
typedef struct { void *data; int count; } Message;
int main(int argc, char **argv)
{
    int x = 5;
    Message m = {&x, 1};
    MPI_Init(&argc, &argv);
    MPI_Bcast(m.data, m.count, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
