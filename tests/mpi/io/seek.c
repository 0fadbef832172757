/* MPI-IO file pointers on a file of one's own (MPI_COMM_SELF, a name with the rank in it): MPI_File_write and
 * MPI_File_read at the individual pointer, MPI_File_seek with MPI_SEEK_SET, MPI_SEEK_CUR and MPI_SEEK_END,
 * MPI_File_get_position, MPI_File_set_size (truncate and extend), MPI_File_get_size, and
 * MPI_MODE_DELETE_ON_CLOSE.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define N 10

int main(int argc, char **argv)
{
    int rank, i, count, errs = 0, toterrs;
    int data[N], got[N];
    MPI_Offset pos, fsize;
    MPI_File fh;
    MPI_Status status;
    char fname[64];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    sprintf(fname, "io_seek_%d.tmp", rank);
    for (i = 0; i < N; i++) data[i] = rank * 10 + i;

    MPI_File_open(MPI_COMM_SELF, fname, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_write(fh, data, 4, MPI_INT, &status);
    MPI_File_write(fh, &data[4], N - 4, MPI_INT, &status);
    MPI_File_get_position(fh, &pos);
    if (pos != N) { errs++; printf("rank %d: position %lld after %d ints\n", rank, (long long)pos, N); }
    MPI_File_get_size(fh, &fsize);
    if (fsize != N * sizeof(int)) { errs++; printf("rank %d: size %lld\n", rank, (long long)fsize); }

    MPI_File_seek(fh, 3, MPI_SEEK_SET);
    MPI_File_read(fh, got, 2, MPI_INT, &status);
    if (got[0] != data[3] || got[1] != data[4]) { errs++; printf("rank %d: SEEK_SET read %d %d\n", rank, got[0], got[1]); }
    MPI_File_seek(fh, 2, MPI_SEEK_CUR);
    MPI_File_get_position(fh, &pos);
    if (pos != 7) { errs++; printf("rank %d: SEEK_CUR position %lld\n", rank, (long long)pos); }
    MPI_File_read(fh, &got[0], 1, MPI_INT, &status);
    if (got[0] != data[7]) { errs++; printf("rank %d: SEEK_CUR read %d\n", rank, got[0]); }
    MPI_File_seek(fh, -2, MPI_SEEK_END);
    MPI_File_read(fh, got, 2, MPI_INT, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    if (count != 2 || got[0] != data[8] || got[1] != data[9]) { errs++; printf("rank %d: SEEK_END read %d ints\n", rank, count); }
    MPI_File_get_position(fh, &pos);
    if (pos != N) { errs++; printf("rank %d: position %lld at the end\n", rank, (long long)pos); }

    MPI_File_set_size(fh, 5 * sizeof(int));
    MPI_File_get_size(fh, &fsize);
    if (fsize != 5 * sizeof(int)) { errs++; printf("rank %d: truncated size %lld\n", rank, (long long)fsize); }
    MPI_File_seek(fh, 0, MPI_SEEK_END);
    MPI_File_get_position(fh, &pos);
    if (pos != 5) { errs++; printf("rank %d: end after truncation %lld\n", rank, (long long)pos); }
    MPI_File_set_size(fh, 8 * sizeof(int));
    MPI_File_read_at(fh, 5, got, 3, MPI_INT, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    if (count != 3 || got[0] != 0 || got[2] != 0) { errs++; printf("rank %d: extension reads %d ints, %d\n", rank, count, got[0]); }
    MPI_File_sync(fh);
    MPI_File_close(&fh);

    /* DELETE_ON_CLOSE removed it: opening without CREATE fails. */
    if (MPI_File_open(MPI_COMM_SELF, fname, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh) == MPI_SUCCESS) {
        errs++;
        printf("rank %d: %s still exists after MPI_MODE_DELETE_ON_CLOSE\n", rank, fname);
        MPI_File_close(&fh);
    }

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
