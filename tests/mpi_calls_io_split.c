/* Calls the MPI-IO split collective, atomicity and file error handler rows with each argument shape they
 * promise (a buffer, &a[i], &scalar; an _end given the _begin's buffer, a status or MPI_STATUS_IGNORE), so the
 * translation must compile against CloudMpi and run on one rank. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0}, x = 9, y = 0, count, flag;
    char name[32] = "io_split_calls.tmp";
    MPI_File fh;
    MPI_Status st;
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_get_errhandler(fh, &eh);
    MPI_File_set_errhandler(fh, MPI_ERRORS_ARE_FATAL);
    MPI_File_set_atomicity(fh, 1);
    MPI_File_get_atomicity(fh, &flag);
    MPI_File_write_at_all_begin(fh, 0, a, 4, MPI_INT);
    MPI_File_write_at_all_end(fh, a, &st);
    MPI_File_write_at_all_begin(fh, 16, &x, 1, MPI_INT);
    MPI_File_write_at_all_end(fh, &x, MPI_STATUS_IGNORE);
    MPI_File_read_at_all_begin(fh, 4, &b[1], 3, MPI_INT);
    MPI_File_read_at_all_end(fh, &b[1], &st);
    MPI_Get_count(&st, MPI_INT, &count);
    MPI_File_read_at_all_begin(fh, 16, &y, 1, MPI_INT);
    MPI_File_read_at_all_end(fh, &y, MPI_STATUS_IGNORE);
    MPI_File_write_all_begin(fh, &a[1], 1, MPI_INT);
    MPI_File_write_all_end(fh, &a[1], &st);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read_all_begin(fh, b, 1, MPI_INT);
    MPI_File_read_all_end(fh, b, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Finalize();
    printf("ok %d %d %d %d %d %d %d\n", rank, b[0], b[1], b[3], y, count, flag);
    return 0;
}
