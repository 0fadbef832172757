/* Fortran handles of C handles: MPI_X_c2f gives an integer, MPI_X_f2c the same handle back, for communicators (the
 * predefined ones numbered 0, 1, 2 as Open MPI does, a duplicate), datatypes (predefined and derived), groups,
 * infos, ops (predefined and the program's own), a pending request, a window, a file, error handlers (the
 * predefined ones numbered as Open MPI does) and a message; a handle converted twice gets one number, two handles
 * two; the integer travels in a message as an MPI_INT and names the same communicator at the receiver.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <mpi.h>

static int errs = 0;

#define CHECK(cond, what) do { if (!(cond)) { errs++; printf("[%d] %s\n", rank, what); } } while (0)

static void add(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int i;
    for (i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
    (void)type;
}

int main(int argc, char **argv)
{
    int rank, size, toterrs, buf[2] = {0, 0}, fdup, fint, got = -1, flag;
    char path[64];
    MPI_Comm dup, back;
    MPI_Datatype pair;
    MPI_Group group;
    MPI_Info info;
    MPI_Op op;
    MPI_Request req;
    MPI_Win win;
    MPI_File fh;
    MPI_Errhandler eh;
    MPI_Message msg;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    CHECK(MPI_Comm_c2f(MPI_COMM_WORLD) == 0 && MPI_Comm_c2f(MPI_COMM_SELF) == 1 && MPI_Comm_c2f(MPI_COMM_NULL) == 2,
          "predefined communicators");
    CHECK(MPI_Comm_f2c(0) == MPI_COMM_WORLD && MPI_Comm_f2c(2) == MPI_COMM_NULL, "communicators back");
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    fdup = MPI_Comm_c2f(dup);
    CHECK(fdup > 2 && MPI_Comm_c2f(dup) == fdup && MPI_Comm_f2c(fdup) == dup, "a duplicate");
    /* the number goes to the next rank in a message; every rank converted the same handles in the same order */
    MPI_Sendrecv(&fdup, 1, MPI_INT, (rank + 1) % size, 0, &fint, 1, MPI_INT, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    back = MPI_Comm_f2c(fint);
    MPI_Comm_compare(back, dup, &flag);
    CHECK(flag == MPI_IDENT, "a number received names the same communicator");

    MPI_Type_contiguous(2, MPI_INT, &pair);
    CHECK(MPI_Type_c2f(MPI_DATATYPE_NULL) == 0, "MPI_DATATYPE_NULL is 0");
    CHECK(MPI_Type_f2c(MPI_Type_c2f(pair)) == pair && MPI_Type_f2c(MPI_Type_c2f(MPI_INT)) == MPI_INT, "datatypes");
    CHECK(MPI_Type_c2f(pair) != MPI_Type_c2f(MPI_INT), "two datatypes, two numbers");
    MPI_Type_free(&pair);

    MPI_Comm_group(MPI_COMM_WORLD, &group);
    CHECK(MPI_Group_c2f(MPI_GROUP_NULL) == 0 && MPI_Group_c2f(MPI_GROUP_EMPTY) == 1, "predefined groups");
    CHECK(MPI_Group_f2c(MPI_Group_c2f(group)) == group, "a group");
    MPI_Group_free(&group);

    MPI_Info_create(&info);
    CHECK(MPI_Info_c2f(MPI_INFO_NULL) == 0 && MPI_Info_f2c(MPI_Info_c2f(info)) == info, "infos");
    MPI_Info_free(&info);

    MPI_Op_create(add, 1, &op);
    CHECK(MPI_Op_c2f(MPI_OP_NULL) == 0, "MPI_OP_NULL is 0");
    CHECK(MPI_Op_f2c(MPI_Op_c2f(op)) == op && MPI_Op_f2c(MPI_Op_c2f(MPI_SUM)) == MPI_SUM, "ops");
    MPI_Op_free(&op);

    CHECK(MPI_Request_c2f(MPI_REQUEST_NULL) == 0, "MPI_REQUEST_NULL is 0");
    MPI_Irecv(&got, 1, MPI_INT, rank, 5, MPI_COMM_WORLD, &req);
    fint = MPI_Request_c2f(req);
    MPI_Send(&rank, 1, MPI_INT, rank, 5, MPI_COMM_WORLD);
    req = MPI_Request_f2c(fint);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    CHECK(got == rank && req == MPI_REQUEST_NULL, "a request waited through its number");

    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    CHECK(MPI_Win_c2f(MPI_WIN_NULL) == 0 && MPI_Win_f2c(MPI_Win_c2f(win)) == win, "windows");
    MPI_Win_free(&win);

    snprintf(path, sizeof path, "/tmp/cmpi_fortran_handles_%d.dat", size);
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    CHECK(MPI_File_c2f(MPI_FILE_NULL) == 0 && MPI_File_f2c(MPI_File_c2f(fh)) == fh, "files");
    MPI_File_close(&fh);

    CHECK(MPI_Errhandler_c2f(MPI_ERRHANDLER_NULL) == 0 && MPI_Errhandler_c2f(MPI_ERRORS_ARE_FATAL) == 1 &&
          MPI_Errhandler_c2f(MPI_ERRORS_RETURN) == 2, "predefined error handlers");
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    CHECK(MPI_Errhandler_f2c(MPI_Errhandler_c2f(eh)) == eh, "an error handler");
    MPI_Errhandler_free(&eh);

    MPI_Send(&rank, 1, MPI_INT, rank, 6, MPI_COMM_WORLD);
    MPI_Mprobe(rank, 6, MPI_COMM_WORLD, &msg, &st);
    msg = MPI_Message_f2c(MPI_Message_c2f(msg));
    MPI_Mrecv(&got, 1, MPI_INT, &msg, MPI_STATUS_IGNORE);
    CHECK(got == rank && msg == MPI_MESSAGE_NULL, "a message received through its number");

    MPI_Comm_free(&dup);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
