/* MPI_ERRORS_RETURN: errors come back as codes (MPI_ERR_TRUNCATE, MPI_ERR_RANK, MPI_ERR_TAG, MPI_ERR_COMM),
 * with Error_class and Error_string; Comm_get_errhandler; a dup inherits the handler.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

static int errs = 0;

static void expect_class(int rc, int cls, const char *what)
{
    int got;
    if (rc == MPI_SUCCESS) {
        errs++;
        printf("%s: succeeded, expected an error\n", what);
        return;
    }
    MPI_Error_class(rc, &got);
    if (got != cls) {
        errs++;
        printf("%s: error class %d, expected %d\n", what, got, cls);
    }
}

int main(int argc, char **argv)
{
    int rank, size, next, prev, i, rc, len, toterrs;
    int big[10], small[5];
    char msg[MPI_MAX_ERROR_STRING];
    MPI_Errhandler eh;
    MPI_Comm dup;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    if (eh != MPI_ERRORS_ARE_FATAL) { errs++; printf("the default handler is not MPI_ERRORS_ARE_FATAL\n"); }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    if (eh != MPI_ERRORS_RETURN) { errs++; printf("Comm_get_errhandler does not give MPI_ERRORS_RETURN\n"); }

    /* A message longer than the receive buffer. */
    for (i = 0; i < 10; i++) big[i] = rank * 10 + i;
    for (i = 0; i < 5; i++) small[i] = -1;
    MPI_Send(big, 10, MPI_INT, next, 1, MPI_COMM_WORLD);
    rc = MPI_Recv(small, 5, MPI_INT, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    expect_class(rc, MPI_ERR_TRUNCATE, "truncated receive");

    rc = MPI_Send(big, 1, MPI_INT, size, 0, MPI_COMM_WORLD);
    expect_class(rc, MPI_ERR_RANK, "send to rank size");
    rc = MPI_Send(big, 1, MPI_INT, next, -5, MPI_COMM_WORLD);
    expect_class(rc, MPI_ERR_TAG, "send with tag -5");
    rc = MPI_Send(big, -1, MPI_INT, next, 0, MPI_COMM_WORLD);
    expect_class(rc, MPI_ERR_COUNT, "send with count -1");
    rc = MPI_Barrier(MPI_COMM_NULL);
    expect_class(rc, MPI_ERR_COMM, "barrier on MPI_COMM_NULL");

    /* A duplicate inherits MPI_ERRORS_RETURN. */
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_errhandler(dup, &eh);
    if (eh != MPI_ERRORS_RETURN) { errs++; printf("the duplicate does not inherit MPI_ERRORS_RETURN\n"); }
    MPI_Errhandler_free(&eh);
    rc = MPI_Send(big, 1, MPI_INT, size + 3, 0, dup);
    expect_class(rc, MPI_ERR_RANK, "send to a bad rank on the duplicate");
    MPI_Comm_free(&dup);

    rc = MPI_Barrier(MPI_COMM_WORLD);
    if (rc != MPI_SUCCESS) { errs++; printf("barrier returned %d\n", rc); }

    if (rank == 0) {
        MPI_Error_string(MPI_ERR_TRUNCATE, msg, &len);
        printf("%s (%d)\n", msg, len);
        MPI_Error_string(MPI_ERR_RANK, msg, &len);
        printf("%s (%d)\n", msg, len);
        MPI_Error_string(MPI_SUCCESS, msg, &len);
        printf("%s (%d)\n", msg, len);
    }
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
