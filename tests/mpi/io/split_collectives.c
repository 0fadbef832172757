/* MPI-IO split collectives (MPI-4.0 14.4.5), as graph500 reads its edge file: MPI_File_read_at_all_begin with
 * an explicit offset, other work, then MPI_File_read_at_all_end and its status; the same for write_at_all and
 * for the individual file pointer (read_all/write_all _begin/_end, which move it); MPI_File_set_atomicity and
 * MPI_File_get_atomicity; MPI_File_set_errhandler on MPI_FILE_NULL (the handler a file opened later takes)
 * and on a file, MPI_File_get_errhandler; a missing file opened under MPI_ERRORS_RETURN gives its class.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

#define N 6

static int errs = 0;

static void check(int rank, const char *what, int got, int want)
{
    if (got != want) {
        errs++;
        printf("rank %d: %s: %d, expected %d\n", rank, what, got, want);
    }
}

int main(int argc, char **argv)
{
    char fname[] = "io_split.tmp";
    int rank, size, i, count, flag, toterrs;
    int out[N], back[N];
    double dout[2], dback[2];
    MPI_File fh, fh2;
    MPI_Status status;
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_File_get_errhandler(MPI_FILE_NULL, &eh);
    check(rank, "the default file error handler is MPI_ERRORS_RETURN", eh == MPI_ERRORS_RETURN, 1);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    check(rank, "opening a missing file returns", MPI_File_open(MPI_COMM_WORLD, "io_split_missing.tmp",
          MPI_MODE_RDONLY, MPI_INFO_NULL, &fh2) != MPI_SUCCESS, 1);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_ARE_FATAL);

    check(rank, "open", MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE,
          MPI_INFO_NULL, &fh), MPI_SUCCESS);
    MPI_File_get_errhandler(fh, &eh);
    check(rank, "a file takes MPI_FILE_NULL's handler at open", eh == MPI_ERRORS_ARE_FATAL, 1);
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    MPI_File_get_errhandler(fh, &eh);
    check(rank, "the file's own handler", eh == MPI_ERRORS_RETURN, 1);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);

    MPI_File_get_atomicity(fh, &flag);
    check(rank, "atomicity is off after open", flag, 0);
    MPI_File_set_atomicity(fh, 1);
    MPI_File_get_atomicity(fh, &flag);
    check(rank, "atomicity set", flag, 1);
    MPI_File_set_atomicity(fh, 0);
    MPI_File_get_atomicity(fh, &flag);
    check(rank, "atomicity cleared", flag, 0);

    for (i = 0; i < N; i++) out[i] = 100 * rank + i;
    MPI_File_write_at_all_begin(fh, (MPI_Offset)rank * N * sizeof(int), out, N, MPI_INT);
    MPI_File_write_at_all_end(fh, out, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    check(rank, "write_at_all_end's count", count, N);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);

    /* read the next rank's block, as graph500 reads another rank's chunk */
    memset(back, 0, sizeof back);
    MPI_File_read_at_all_begin(fh, (MPI_Offset)((rank + 1) % size) * N * sizeof(int), back, N, MPI_INT);
    count = 0;
    for (i = 0; i < N; i++) count += i;     /* work between begin and end */
    MPI_File_read_at_all_end(fh, back, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    check(rank, "read_at_all_end's count", count, N);
    for (i = 0; i < N; i++)
        check(rank, "a value read", back[i], 100 * ((rank + 1) % size) + i);

    /* the individual file pointer: the _all split forms move it */
    MPI_File_set_view(fh, (MPI_Offset)(size * N * sizeof(int)) + rank * 2 * sizeof(double), MPI_DOUBLE, MPI_DOUBLE,
                      "native", MPI_INFO_NULL);
    dout[0] = rank + 0.5;
    dout[1] = rank + 0.25;
    MPI_File_write_all_begin(fh, dout, 1, MPI_DOUBLE);
    MPI_File_write_all_end(fh, dout, &status);
    MPI_File_write_all_begin(fh, &dout[1], 1, MPI_DOUBLE);
    MPI_File_write_all_end(fh, &dout[1], &status);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read_all_begin(fh, dback, 2, MPI_DOUBLE);
    MPI_File_read_all_end(fh, dback, &status);
    MPI_Get_count(&status, MPI_DOUBLE, &count);
    check(rank, "read_all_end's count", count, 2);
    check(rank, "the doubles read back", dback[0] == rank + 0.5 && dback[1] == rank + 0.25, 1);

    MPI_File_close(&fh);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
