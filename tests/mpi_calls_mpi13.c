/* Calls every row added by mpi13 (round 13) with the argument shapes real codes use: a darray type, window and
 * file error handlers of the program's own (a variadic one, one cast to the handler type) and their call_errhandler,
 * a communicator's and a window's hints, MPI_Comm_get_parent, a file's amode, group, byte offset, type extent, hints,
 * and the Fortran handle of each kind of handle, converted there and back. */
#include <stdio.h>
#include <mpi.h>

static int raised = 0;

static void on_window(MPI_Win *win, int *code, ...)
{
    raised += *code == MPI_ERR_OTHER && *win != MPI_WIN_NULL;
}

static void on_file(MPI_File *fh, int *code)
{
    raised += *code == MPI_ERR_IO && *fh != MPI_FILE_NULL;
}

int main(int argc, char **argv)
{
    int rank, size, tsize, nkeys = 0, buf[4] = {0};
    int gsizes[2] = {4, 6}, distribs[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
    int dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, psizes[2] = {1, 1};
    MPI_Datatype darray;
    MPI_Errhandler weh, feh;
    MPI_Info info, used;
    MPI_Comm parent;
    MPI_Win win;
    MPI_File fh;
    MPI_Group group;
    MPI_Offset disp = 0;
    MPI_Aint extent = 0;
    int amode = 0, fortran = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, psizes);
    MPI_Type_create_darray(size, rank, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &darray);
    MPI_Type_commit(&darray);
    MPI_Type_size(darray, &tsize);
    MPI_Type_free(&darray);

    MPI_Info_create(&info);
    MPI_Info_set(info, "calls", "mpi13");
    MPI_Comm_set_info(MPI_COMM_WORLD, info);
    MPI_Comm_get_info(MPI_COMM_WORLD, &used);
    MPI_Info_free(&used);
    MPI_Comm_get_parent(&parent);

    MPI_Win_create(buf, sizeof buf, sizeof(int), info, MPI_COMM_WORLD, &win);
    MPI_Win_set_info(win, info);
    MPI_Win_get_info(win, &used);
    MPI_Info_get_nkeys(used, &nkeys);
    MPI_Info_free(&used);
    MPI_Win_create_errhandler(on_window, &weh);
    MPI_Win_set_errhandler(win, weh);
    MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
    MPI_Errhandler_free(&weh);
    fortran += MPI_Win_f2c(MPI_Win_c2f(win)) == win;
    MPI_Win_free(&win);

    MPI_File_create_errhandler((MPI_File_errhandler_function *)on_file, &feh);
    MPI_File_open(MPI_COMM_WORLD, "/tmp/cmpi_calls_mpi13.dat", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_get_amode(fh, &amode);
    MPI_File_get_group(fh, &group);
    MPI_Group_free(&group);
    MPI_File_get_byte_offset(fh, 3, &disp);
    MPI_File_get_type_extent(fh, MPI_DOUBLE, &extent);
    MPI_File_set_info(fh, info);
    MPI_File_set_errhandler(fh, feh);
    MPI_File_call_errhandler(fh, MPI_ERR_IO);
    fortran += MPI_File_f2c(MPI_File_c2f(fh)) == fh;
    MPI_File_close(&fh);
    MPI_Errhandler_free(&feh);
    fortran += MPI_Info_f2c(MPI_Info_c2f(info)) == info;
    MPI_Info_free(&info);
    fortran += MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_WORLD)) == MPI_COMM_WORLD;
    fortran += MPI_Type_f2c(MPI_Type_c2f(MPI_INT)) == MPI_INT;
    fortran += MPI_Group_f2c(MPI_Group_c2f(MPI_GROUP_EMPTY)) == MPI_GROUP_EMPTY;
    fortran += MPI_Op_f2c(MPI_Op_c2f(MPI_SUM)) == MPI_SUM;
    fortran += MPI_Request_f2c(MPI_Request_c2f(MPI_REQUEST_NULL)) == MPI_REQUEST_NULL;
    fortran += MPI_Errhandler_f2c(MPI_Errhandler_c2f(MPI_ERRORS_RETURN)) == MPI_ERRORS_RETURN;
    fortran += MPI_Message_f2c(MPI_Message_c2f(MPI_MESSAGE_NULL)) == MPI_MESSAGE_NULL;

    if (rank == 0)
        printf("ok %d %d %d %d %ld %ld %d\n", tsize, parent == MPI_COMM_NULL, raised, amode, (long)disp, (long)extent, fortran);
    (void)nkeys;
    MPI_Finalize();
    return 0;
}
