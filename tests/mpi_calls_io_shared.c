/* Calls the MPI-IO rows of the shared file pointer's independent and split ordered forms and of the nonblocking
 * accesses with each argument shape they promise (a buffer, &a[i], &scalar; a status or MPI_STATUS_IGNORE; a
 * request completed by MPI_Wait), so the translation must compile against CloudMpi and run on one rank. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0}, x = 9, y = 0, count;
    MPI_File fh;
    MPI_Status st;
    MPI_Request rq;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_SELF, "io_shared_calls.tmp", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_write_shared(fh, a, 2, MPI_INT, &st);
    MPI_File_write_shared(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_write_ordered_begin(fh, &a[2], 2, MPI_INT);
    MPI_File_write_ordered_end(fh, &a[2], &st);
    MPI_File_write_ordered_begin(fh, &x, 1, MPI_INT);
    MPI_File_write_ordered_end(fh, &x, MPI_STATUS_IGNORE);
    MPI_File_iwrite_shared(fh, a, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iwrite_shared(fh, &x, 1, MPI_INT, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    MPI_File_read_shared(fh, b, 2, MPI_INT, &st);
    MPI_File_read_shared(fh, &y, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_read_ordered_begin(fh, &b[2], 2, MPI_INT);
    MPI_File_read_ordered_end(fh, &b[2], &st);
    MPI_File_read_ordered_begin(fh, &y, 1, MPI_INT);
    MPI_File_read_ordered_end(fh, &y, MPI_STATUS_IGNORE);
    MPI_File_iread_shared(fh, b, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iread_shared(fh, &y, 1, MPI_INT, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);

    MPI_File_iwrite_at(fh, 0, a, 4, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iwrite_at(fh, 16, &x, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iwrite_at_all(fh, 20, &a[1], 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iwrite_at_all(fh, 24, &x, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_iwrite(fh, a, 2, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iwrite(fh, &x, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iwrite_all(fh, &a[3], 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iwrite_all(fh, &x, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iread_at(fh, 4, &b[1], 3, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    MPI_File_iread_at(fh, 16, &y, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iread_at_all(fh, 0, b, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iread_at_all(fh, 20, &y, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_iread(fh, b, 2, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iread(fh, &y, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iread_all(fh, &b[2], 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_iread_all(fh, &y, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_File_close(&fh);
    MPI_Finalize();
    printf("ok %d %d %d %d %d %d\n", rank, b[0], b[1], b[3], y, count);
    return 0;
}
