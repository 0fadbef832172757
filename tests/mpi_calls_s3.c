/* Calls every MPI function of the rows added for issue 4's remaining semantics (user error handlers, neighbor
 * collectives with counts and displacements) with each argument shape the rows promise, so the translation must
 * compile against CloudMpi and run on one rank. */
#include <stdio.h>
#include <mpi.h>

static int handled = 0;

static void on_error(MPI_Comm *comm, int *code)
{
    if (*comm != MPI_COMM_NULL) handled += *code;
}

int main(int argc, char **argv)
{
    int rank, one[1] = {1}, zero[1] = {0}, self[1], in[2] = {0, 0}, out[2] = {5, 6};
    MPI_Errhandler eh;
    MPI_Comm graph;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)on_error, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
    MPI_Errhandler_free(&eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    /* neighbour collectives with counts and displacements, on a graph where the rank is its own neighbour */
    self[0] = rank;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, self, MPI_UNWEIGHTED, 1, self, MPI_UNWEIGHTED,
                                   MPI_INFO_NULL, 0, &graph);
    MPI_Neighbor_allgatherv(out, 1, MPI_INT, in, one, one, MPI_INT, graph);
    MPI_Neighbor_alltoallv(out, one, zero, MPI_INT, in, one, zero, MPI_INT, graph);
    handled += in[0] + in[1];
    MPI_Comm_free(&graph);
    MPI_Finalize();
    printf("ok %d %d\n", rank, handled);
    return 0;
}
