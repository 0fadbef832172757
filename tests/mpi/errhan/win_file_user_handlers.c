/* User error handlers on windows and files: MPI_Win_create_errhandler and MPI_File_create_errhandler with C
 * functions (one with MPI's variadic signature, one cast to the handler type) are called with the object's handle
 * and the error code when a call on the window or file fails, and the failing call then returns the code;
 * MPI_Win_call_errhandler and MPI_File_call_errhandler call them with the program's code and return MPI_SUCCESS
 * (Open MPI refuses MPI_File_call_errhandler on MPI_FILE_NULL: MPI_ERR_ARG on MPI_COMM_WORLD);
 * MPI_Errhandler_free leaves the object's handler in place; a file's handler set on MPI_FILE_NULL is the one an
 * MPI_File_open failure calls, with MPI_FILE_NULL.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <mpi.h>

static int win_calls = 0, win_code = MPI_SUCCESS;
static MPI_Win win_seen = MPI_WIN_NULL;

static void on_window_error(MPI_Win *win, int *code, ...)
{
    win_calls++;
    win_code = *code;
    win_seen = *win;
}

static int file_calls = 0, file_code = MPI_SUCCESS, file_was_null = 0;
static MPI_File file_seen = MPI_FILE_NULL;

static void on_file_error(MPI_File *fh, int *code)
{
    file_calls++;
    file_code = *code;
    file_seen = *fh;
    file_was_null = *fh == MPI_FILE_NULL;
}

int main(int argc, char **argv)
{
    int rank, size, rc, cls, buf[2] = {0, 0}, one = 1, toterrs, errs = 0;
    char path[64];
    MPI_Win win;
    MPI_File fh;
    MPI_Errhandler weh, feh, got;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* windows */
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_create_errhandler(on_window_error, &weh);
    MPI_Win_set_errhandler(win, weh);
    MPI_Errhandler_free(&weh);
    if (weh != MPI_ERRHANDLER_NULL) { errs++; printf("[%d] a freed handler is not MPI_ERRHANDLER_NULL\n", rank); }

    rc = MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
    if (rc != MPI_SUCCESS || win_calls != 1 || win_code != MPI_ERR_OTHER || win_seen != win) {
        errs++;
        printf("[%d] Win_call_errhandler: rc %d, %d calls, code %d\n", rank, rc, win_calls, win_code);
    }
    MPI_Win_fence(0, win);
    rc = MPI_Put(&one, 1, MPI_INT, size, 0, 1, MPI_INT, win);  /* no rank `size` in the window */
    MPI_Error_class(rc, &cls);
    if (cls != MPI_ERR_RANK || win_calls != 2 || win_code != rc || win_seen != win) {
        errs++;
        printf("[%d] put to rank %d: class %d, %d calls, handler saw %d\n", rank, size, cls, win_calls, win_code);
    }
    MPI_Put(&one, 1, MPI_INT, size + 1, 0, 1, MPI_INT, win);   /* the same as a statement: the handler runs */
    if (win_calls != 3) { errs++; printf("[%d] a failing put as a statement: %d calls\n", rank, win_calls); }
    MPI_Win_fence(0, win);
    MPI_Win_get_errhandler(win, &got);
    MPI_Errhandler_free(&got);
    MPI_Win_free(&win);

    /* files: MPI_FILE_NULL's handler is the one an open failure calls */
    MPI_File_create_errhandler((MPI_File_errhandler_function *)on_file_error, &feh);
    MPI_File_set_errhandler(MPI_FILE_NULL, feh);
    rc = MPI_File_open(MPI_COMM_WORLD, "/nonexistent-dir-mpi13/none", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    MPI_Error_class(rc, &cls);
    if (rc == MPI_SUCCESS || file_calls != 1 || !file_was_null || file_code != rc) {
        errs++;
        printf("[%d] open of a missing file: class %d, %d calls, null %d, handler saw %d\n", rank, cls,
               file_calls, file_was_null, file_code);
    }
    snprintf(path, sizeof path, "/tmp/mpi13_handlers_%d.dat", size);
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_get_errhandler(fh, &got);  /* a new file takes MPI_FILE_NULL's handler */
    rc = MPI_File_call_errhandler(fh, MPI_ERR_ACCESS);
    if (rc != MPI_SUCCESS || file_calls != 2 || file_code != MPI_ERR_ACCESS || file_seen != fh || file_was_null) {
        errs++;
        printf("[%d] File_call_errhandler(fh): rc %d, %d calls\n", rank, rc, file_calls);
    }
    MPI_Errhandler_free(&got);
    rc = MPI_File_seek(fh, 0, 12345);  /* no such whence */
    MPI_Error_class(rc, &cls);
    if (cls != MPI_ERR_ARG || file_calls != 3 || file_code != rc || file_seen != fh) {
        errs++;
        printf("[%d] seek with a bad whence: class %d, %d calls, handler saw %d\n", rank, cls, file_calls, file_code);
    }
    MPI_File_close(&fh);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&feh);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
