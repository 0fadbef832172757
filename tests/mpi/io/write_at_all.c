/* MPI-IO with explicit offsets: each rank writes its block with MPI_File_write_at_all, the file is closed
 * and opened again read-only, every rank reads its neighbour's block with MPI_File_read_at_all and rank 0
 * reads the whole file back with MPI_File_read_at; sizes and counts from MPI_File_get_size and MPI_Get_count.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <mpi.h>

#define N 6

int main(int argc, char **argv)
{
    char fname[] = "io_write_at_all.tmp";
    int rank, size, i, r, count, errs = 0, toterrs;
    int block[N], back[N], all[7 * N];
    MPI_Offset fsize;
    MPI_File fh;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < N; i++) block[i] = 100 * rank + i;

    if (MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh) != MPI_SUCCESS) {
        printf("rank %d: open for writing failed\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_File_set_size(fh, 0);
    MPI_File_write_at_all(fh, (MPI_Offset)rank * N * sizeof(int), block, N, MPI_INT, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    if (count != N) { errs++; printf("rank %d: wrote %d ints, expected %d\n", rank, count, N); }
    MPI_File_close(&fh);
    if (fh != MPI_FILE_NULL) { errs++; printf("rank %d: close did not set MPI_FILE_NULL\n", rank); }

    MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    MPI_File_get_size(fh, &fsize);
    if (fsize != (MPI_Offset)size * N * sizeof(int)) { errs++; printf("rank %d: file size %lld\n", rank, (long long)fsize); }
    r = (rank + 1) % size;
    MPI_File_read_at_all(fh, (MPI_Offset)r * N * sizeof(int), back, N, MPI_INT, &status);
    for (i = 0; i < N; i++)
        if (back[i] != 100 * r + i) { errs++; printf("rank %d: neighbour's [%d] = %d\n", rank, i, back[i]); }
    if (rank == 0) {
        MPI_File_read_at(fh, 0, all, size * N, MPI_INT, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        if (count != size * N) { errs++; printf("read %d ints back, expected %d\n", count, size * N); }
        for (r = 0; r < size; r++)
            for (i = 0; i < N; i++)
                if (all[r * N + i] != 100 * r + i) { errs++; printf("file[%d][%d] = %d\n", r, i, all[r * N + i]); }
        /* Reading past the end of the file returns what is there: the count says how much. */
        MPI_File_read_at(fh, (MPI_Offset)(size * N - 2) * sizeof(int), back, N, MPI_INT, &status);
        MPI_Get_count(&status, MPI_INT, &count);
        if (count != 2) { errs++; printf("read past the end: %d ints, expected 2\n", count); }
    }
    MPI_File_close(&fh);
    if (rank == 0) MPI_File_delete(fname, MPI_INFO_NULL);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
