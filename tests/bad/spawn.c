/* MPI_Comm_spawn as programs write it (the parent spawns, a child would find its parent): the one error is the
 * spawn's, in process creation's words; MPI_Comm_get_parent and the spawn's constants translate. */
#include <mpi.h>
int main(int argc, char **argv)
{
    MPI_Comm parent, children;
    MPI_Init(&argc, &argv);
    MPI_Comm_get_parent(&parent);
    if (parent == MPI_COMM_NULL)
        MPI_Comm_spawn(argv[0], MPI_ARGV_NULL, 2, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &children, MPI_ERRCODES_IGNORE);
    MPI_Finalize();
    return 0;
}
