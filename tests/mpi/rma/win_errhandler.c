/* A window's error handler (MPI-3.1 8.3.3): MPI_ERRORS_ARE_FATAL until MPI_Win_set_errhandler, whatever the
 * communicator's; with MPI_ERRORS_RETURN on the window an erroneous one-sided call returns its error class (a put to
 * a rank outside the window) and the program goes on; MPI_Win_get_errhandler gives the handler set;
 * MPI_Win_call_errhandler under MPI_ERRORS_RETURN returns. Errors of calls on the communicator still follow the
 * communicator's handler.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, rc, cls, buf[2] = {0, 0}, one = 1, toterrs, errs = 0;
    MPI_Win win;
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    MPI_Win_get_errhandler(win, &eh);
    if (eh != MPI_ERRORS_ARE_FATAL) { errs++; printf("a new window's handler is not MPI_ERRORS_ARE_FATAL\n"); }
    MPI_Errhandler_free(&eh);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    MPI_Win_get_errhandler(win, &eh);
    if (eh != MPI_ERRORS_RETURN) { errs++; printf("the handler set is not MPI_ERRORS_RETURN\n"); }
    MPI_Errhandler_free(&eh);

    MPI_Win_fence(0, win);
    rc = MPI_Put(&one, 1, MPI_INT, size, 0, 1, MPI_INT, win);  /* no rank `size` in the window */
    MPI_Error_class(rc, &cls);
    if (rc == MPI_SUCCESS || cls != MPI_ERR_RANK) { errs++; printf("put to rank %d: rc %d class %d\n", size, rc, cls); }
    rc = MPI_Put(&one, 1, MPI_INT, (rank + 1) % size, 1, 1, MPI_INT, win);
    if (rc != MPI_SUCCESS) { errs++; printf("a right put after the wrong one: rc %d\n", rc); }
    MPI_Win_fence(0, win);
    if (buf[1] != 1) { errs++; printf("buf[1] = %d\n", buf[1]); }

    rc = MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
    if (rank == 0) printf("MPI_Win_call_errhandler under MPI_ERRORS_RETURN returned %d\n", rc);

    /* the communicator's handler is its own: a bad send on it is still returned only if set there */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    rc = MPI_Send(&one, 1, MPI_INT, size, 0, MPI_COMM_WORLD);
    MPI_Error_class(rc, &cls);
    if (cls != MPI_ERR_RANK) { errs++; printf("send to rank %d: class %d\n", size, cls); }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    MPI_Win_free(&win);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
