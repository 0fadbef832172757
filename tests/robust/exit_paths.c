/* How a rank ends, chosen by argv[1]: cmpi-run's exit status must be mpirun's (tests/test_exit_status.py).
 * Open MPI 4.1's mpirun: a rank that called MPI_Init and ends with status 0 without MPI_Finalize (exit(0), a return
 * from main) "exited improperly": the job ends with status 1; a nonzero status is the job's status, finalized or
 * not; MPI_Abort's errorcode is the job's status; a second MPI_Init or MPI_Init_thread ends the job with status 1. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void finalize_at_exit(void)
{
    MPI_Finalize();
}

int main(int argc, char **argv)
{
    int rank, size, token = 0;
    const char *how = argc > 1 ? argv[1] : "finalize";
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (!strcmp(how, "exit0-all"))
        exit(0);                                  /* every rank, before MPI_Finalize */
    if (!strcmp(how, "exit0-rank1") && rank == 1)
        exit(0);                                  /* one rank; the others finalize */
    if (!strcmp(how, "exit0-awaited")) {          /* rank 0 waits for a message rank 1 never sends */
        if (rank == 1)
            exit(0);
        if (rank == 0 && size > 1)
            MPI_Recv(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (!strcmp(how, "return0"))
        return 0;                                 /* main returns without MPI_Finalize */
    if (!strcmp(how, "exit3-all"))
        exit(3);                                  /* a nonzero status before MPI_Finalize */
    if (!strcmp(how, "abort5") && rank == size - 1)
        MPI_Abort(MPI_COMM_WORLD, 5);
    if (!strcmp(how, "init-twice"))
        MPI_Init(&argc, &argv);                   /* a second MPI_Init: Open MPI's "Unknown error", status 1 */
    if (!strcmp(how, "init-thread-twice-return")) { /* MPI_Init_thread after MPI_Init: the same, whatever handler */
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &token);
    }
    if (!strcmp(how, "atexit-finalize")) {        /* MPI_Finalize in an exit handler: a proper end */
        atexit(finalize_at_exit);
        return 0;
    }
    MPI_Finalize();
    if (!strcmp(how, "exit3-after") && rank == size - 1)
        exit(3);                                  /* after MPI_Finalize: the status is the job's */
    if (!strcmp(how, "return3-after"))
        return 3;
    return 0;
}
