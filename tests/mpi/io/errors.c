/* MPI-IO errors come back as return codes (a file's default error handler is MPI_ERRORS_RETURN) with Open
 * MPI's classes: a missing file without MPI_MODE_CREATE (MPI_ERR_NO_SUCH_FILE), MPI_MODE_EXCL on an existing
 * file (MPI_ERR_FILE_EXISTS), contradictory amodes (MPI_ERR_AMODE), writing a read-only file
 * (MPI_ERR_READ_ONLY), a bad whence (MPI_ERR_ARG), deleting a missing file; the job goes on after each.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>


static int errs = 0;

static void expect(int rank, const char *what, int rc, int cls_expected)
{
    int cls = MPI_SUCCESS;
    if (rc != MPI_SUCCESS) MPI_Error_class(rc, &cls);
    if (cls != cls_expected) {
        errs++;
        printf("rank %d: %s gave class %d, expected %d\n", rank, what, cls, cls_expected);
    }
}

int main(int argc, char **argv)
{
    char fname[] = "io_errors.tmp";
    char missing[] = "io_errors_missing.tmp";
    int rank, rc, x = 7, toterrs;
    MPI_File fh;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    rc = MPI_File_open(MPI_COMM_WORLD, missing, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    expect(rank, "opening a missing file", rc, MPI_ERR_NO_SUCH_FILE);
    if (fh != MPI_FILE_NULL) { errs++; printf("rank %d: a failed open left a handle\n", rank); }

    rc = MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    expect(rank, "creating", rc, MPI_SUCCESS);
    rc = MPI_File_close(&fh);
    expect(rank, "closing", rc, MPI_SUCCESS);

    rc = MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    expect(rank, "MPI_MODE_EXCL on an existing file", rc, MPI_ERR_FILE_EXISTS);
    rc = MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_RDONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
    expect(rank, "RDONLY with CREATE", rc, MPI_ERR_AMODE);
    rc = MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_RDONLY | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    expect(rank, "RDONLY with WRONLY", rc, MPI_ERR_AMODE);

    rc = MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    expect(rank, "opening read-only", rc, MPI_SUCCESS);
    rc = MPI_File_write(fh, &x, 1, MPI_INT, &status);
    expect(rank, "writing a read-only file", rc, MPI_ERR_READ_ONLY);
    rc = MPI_File_seek(fh, 0, 12345);
    expect(rank, "seeking with a bad whence", rc, MPI_ERR_ARG);
    rc = MPI_File_close(&fh);
    expect(rank, "closing again", rc, MPI_SUCCESS);

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        rc = MPI_File_delete(fname, MPI_INFO_NULL);
        expect(rank, "deleting", rc, MPI_SUCCESS);
        rc = MPI_File_delete(fname, MPI_INFO_NULL);
        expect(rank, "deleting a missing file", rc, MPI_ERR_NO_SUCH_FILE);
    }

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
