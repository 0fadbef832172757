/* User error handlers: MPI_Comm_create_errhandler with a C function, Comm_set_errhandler, Comm_call_errhandler;
 * a failing call (a send to a rank that does not exist) calls the handler with the communicator and the error
 * class, then returns the code; Errhandler_free leaves the communicator's handler in place; Comm_dup inherits it.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

static int calls = 0, lastcode = MPI_SUCCESS;
static MPI_Comm lastcomm;

/* MPI passes the handler a variadic tail that no implementation fills; the cast below gives it MPI's type. */
static void count_errors(MPI_Comm *comm, int *code)
{
    calls++;
    lastcode = *code;
    lastcomm = *comm;
}

/* The same written with MPI's own variadic signature, as MPI-2 codes write it. */
static int vcalls = 0;
static void count_errors_variadic(MPI_Comm *comm, int *code, ...)
{
    vcalls += (*comm != MPI_COMM_NULL && *code == MPI_ERR_OTHER);
}

/* a handler that never reads its communicator */
static int classes_seen = 0;
static void note_class(MPI_Comm *comm, int *code, ...)
{
    int cls;
    MPI_Error_class(*code, &cls);
    classes_seen += cls == MPI_ERR_OTHER;
}

int main(int argc, char **argv)
{
    int rank, size, rc, cls, buf = 0, errs = 0, toterrs;
    MPI_Comm dup, child;
    MPI_Errhandler eh, got;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)count_errors, &eh);
    MPI_Comm_set_errhandler(dup, eh);

    rc = MPI_Comm_call_errhandler(dup, MPI_ERR_OTHER);
    if (rc != MPI_SUCCESS || calls != 1 || lastcode != MPI_ERR_OTHER || lastcomm != dup) {
        errs++;
        printf("call_errhandler: rc %d, %d calls, code %d\n", rc, calls, lastcode);
    }

    rc = MPI_Send(&buf, 1, MPI_INT, size + 3, 0, dup);
    MPI_Error_class(rc, &cls);
    if (cls != MPI_ERR_RANK || calls != 2 || lastcode != rc || lastcomm != dup) {
        errs++;
        printf("send to rank %d: class %d, %d calls, handler saw %d\n", size + 3, cls, calls, lastcode);
    }

    MPI_Comm_get_errhandler(dup, &got);
    MPI_Errhandler_free(&got);
    MPI_Errhandler_free(&eh);
    if (eh != MPI_ERRHANDLER_NULL) { errs++; printf("Errhandler_free does not set MPI_ERRHANDLER_NULL\n"); }

    /* The communicator keeps its handler after the handle is freed, and a duplicate inherits it. */
    MPI_Comm_dup(dup, &child);
    rc = MPI_Send(&buf, 1, MPI_INT, size + 3, 0, child);
    if (rc == MPI_SUCCESS || calls != 3 || lastcomm != child) {
        errs++;
        printf("inherited handler: rc %d, %d calls\n", rc, calls);
    }

    MPI_Comm_free(&child);

    MPI_Comm_create_errhandler(count_errors_variadic, &eh);
    MPI_Comm_set_errhandler(dup, eh);
    MPI_Errhandler_free(&eh);
    rc = MPI_Comm_call_errhandler(dup, MPI_ERR_OTHER);
    if (rc != MPI_SUCCESS || vcalls != 1) { errs++; printf("variadic handler: rc %d, %d calls\n", rc, vcalls); }

    MPI_Comm_create_errhandler(note_class, &eh);
    MPI_Comm_set_errhandler(dup, eh);
    MPI_Errhandler_free(&eh);
    MPI_Comm_call_errhandler(dup, MPI_ERR_OTHER);
    if (classes_seen != 1) { errs++; printf("handler without its communicator: %d calls\n", classes_seen); }

    MPI_Comm_free(&dup);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
