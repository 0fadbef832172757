/* The variables mpirun sets in each process, read with getenv before MPI_Init (a GPU code picks its device by
 * OMPI_COMM_WORLD_LOCAL_RANK so): Open MPI 4.1's OMPI_COMM_WORLD_RANK, _SIZE, _LOCAL_RANK, _LOCAL_SIZE, _NODE_RANK
 * and PMIX_RANK, each rank its own. The port's getenv found none of them.
 * ranks: 1 2 3 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int value(const char *name)
{
    const char *v = getenv(name);
    return v ? atoi(v) : -1;
}

int main(int argc, char **argv)
{
    int rank, size, errs = 0, toterrs;
    int env_rank = value("OMPI_COMM_WORLD_RANK"), env_size = value("OMPI_COMM_WORLD_SIZE");
    int local_rank = value("OMPI_COMM_WORLD_LOCAL_RANK"), local_size = value("OMPI_COMM_WORLD_LOCAL_SIZE");
    int node_rank = value("OMPI_COMM_WORLD_NODE_RANK"), pmix_rank = value("PMIX_RANK");

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (env_rank != rank || pmix_rank != rank || env_size != size)
        errs++;
    if (local_rank != rank || node_rank != rank || local_size != size)  /* one node */
        errs++;
    if (getenv("OMPI_UNIVERSE_SIZE") == NULL)
        errs++;
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
