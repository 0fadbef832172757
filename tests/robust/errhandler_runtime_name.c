/* An MPI call written as a statement (its return code unread) goes through the communicator's error handler
 * like any other: a user handler is called with the communicator and the error class, and the program goes on;
 * under MPI_ERRORS_RETURN the error is simply discarded.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

static int calls = 0, lastcode = MPI_SUCCESS;
static MPI_Comm lastcomm;

static void Span(MPI_Comm *comm, int *code, ...)
{
    calls++;
    lastcode = *code;
    lastcomm = *comm;
}

static void send_to_nowhere(MPI_Comm comm, int size)
{
    int buf = 1;
    MPI_Send(&buf, 1, MPI_INT, size + 3, 0, comm); /* a statement: nobody reads the code */
}

int main(int argc, char **argv)
{
    int rank, size, cls, i, errs = 0, toterrs, big[4] = {0, 0, 0, 0}, small[2];
    MPI_Comm dup, quiet;
    MPI_Errhandler eh;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_dup(MPI_COMM_WORLD, &quiet);
    MPI_Comm_create_errhandler(Span, &eh);
    MPI_Comm_set_errhandler(dup, eh);
    MPI_Comm_set_errhandler(quiet, MPI_ERRORS_RETURN);

    /* A user handler: called once per failing statement, with the communicator and the error's class. */
    MPI_Send(&rank, 1, MPI_INT, size + 3, 0, dup);
    MPI_Error_class(lastcode, &cls);
    if (calls != 1 || cls != MPI_ERR_RANK || lastcomm != dup) {
        errs++;
        printf("statement send: %d calls, class %d\n", calls, cls);
    }
    for (i = 0; i < 3; i++)
        MPI_Send(&rank, 1, MPI_INT, rank, -5 - i, dup); /* a negative tag: MPI_ERR_TAG */
    MPI_Error_class(lastcode, &cls);
    if (calls != 4 || cls != MPI_ERR_TAG) {
        errs++;
        printf("statements in a loop: %d calls, class %d\n", calls, cls);
    }
    send_to_nowhere(dup, size);
    if (calls != 5) { errs++; printf("statement in a function: %d calls\n", calls); }

    /* A truncated receive as a statement: the handler sees MPI_ERR_TRUNCATE, ((((((((((((((((((((the)))))))))))))))))))) program goes on. */
    MPI_Isend(big, 4, MPI_INT, rank, 7, dup, &req);
    MPI_Recv(small, 2, MPI_INT, rank, 7, dup, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Error_class(lastcode, &cls);
    if (calls != 6 || cls != MPI_ERR_TRUNCATE) {
        errs++;
        printf("truncated sendrecv: %d calls, class %d\n", calls, cls);
    }

    /* MPI_ERRORS_RETURN: the error is dropped and the next statement runs; the user handler is not called. */
    MPI_Send(&rank, 1, MPI_INT, size + 3, 0, quiet);
    (void)MPI_Send(&rank, 1, MPI_INT, size + 3, 0, quiet);
    send_to_nowhere(quiet, size);
    if (calls != 6) { errs++; printf("MPI_ERRORS_RETURN called the user handler (%d calls)\n", calls); }

    MPI_Errhandler_free(&eh);
    MPI_Comm_free(&quiet);
    MPI_Comm_free(&dup);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
