/* MPI-IO views: a displacement per rank with etype = filetype = MPI_DOUBLE and MPI_File_write_all at the
 * individual file pointer; then an interleaved view (filetype MPI_Type_vector with holes, one int every `size`)
 * where each rank's MPI_File_write_all lands in every size-th slot; MPI_File_get_view and MPI_File_get_position,
 * and rank 0 checks both layouts by reading the file with a plain byte view.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <mpi.h>

#define N 5

int main(int argc, char **argv)
{
    char fname[] = "io_view.tmp";
    int rank, size, i, r, errs = 0, toterrs;
    double mine[N], dall[7 * N];
    int ints[N], iall[7 * N];
    MPI_Offset pos, disp, base;
    MPI_Datatype etype, ftype, strided;
    MPI_File fh;
    MPI_Status status;
    char rep[64];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < N; i++) {
        mine[i] = rank + 0.25 * i;
        ints[i] = 1000 * rank + i;
    }
    MPI_File_open(MPI_COMM_WORLD, fname, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_size(fh, 0);

    /* Contiguous blocks: rank r's doubles from byte r * N * 8. */
    MPI_File_set_view(fh, (MPI_Offset)rank * N * sizeof(double), MPI_DOUBLE, MPI_DOUBLE, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, mine, N, MPI_DOUBLE, &status);
    MPI_File_get_position(fh, &pos);
    if (pos != N) { errs++; printf("rank %d: position %lld after writing, expected %d\n", rank, (long long)pos, N); }
    MPI_File_get_view(fh, &disp, &etype, &ftype, rep);
    if (disp != (MPI_Offset)rank * N * sizeof(double) || etype != MPI_DOUBLE || ftype != MPI_DOUBLE) {
        errs++;
        printf("rank %d: get_view gave displacement %lld\n", rank, (long long)disp);
    }

    /* Interleaved: after the doubles, int slot k * size + rank holds this rank's k-th int. */
    base = (MPI_Offset)size * N * sizeof(double);
    MPI_Type_vector(N, 1, size, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    MPI_File_set_view(fh, base + rank * sizeof(int), MPI_INT, strided, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, ints, N, MPI_INT, &status);
    MPI_File_get_position(fh, &pos);
    if (pos != N) { errs++; printf("rank %d: strided position %lld, expected %d\n", rank, (long long)pos, N); }

    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    if (rank == 0) {
        MPI_File_read_at(fh, 0, dall, size * N, MPI_DOUBLE, &status);
        for (r = 0; r < size; r++)
            for (i = 0; i < N; i++)
                if (dall[r * N + i] != r + 0.25 * i) { errs++; printf("double [%d][%d] = %g\n", r, i, dall[r * N + i]); }
        MPI_File_read_at(fh, base, iall, size * N, MPI_INT, &status);
        for (i = 0; i < N; i++)
            for (r = 0; r < size; r++)
                if (iall[i * size + r] != 1000 * r + i) { errs++; printf("int slot %d = %d\n", i * size + r, iall[i * size + r]); }
    }
    /* Reading through the strided view gives each rank its own ints back. */
    MPI_File_set_view(fh, base + rank * sizeof(int), MPI_INT, strided, "native", MPI_INFO_NULL);
    for (i = 0; i < N; i++) ints[i] = -1;
    MPI_File_read_all(fh, ints, N, MPI_INT, &status);
    for (i = 0; i < N; i++)
        if (ints[i] != 1000 * rank + i) { errs++; printf("rank %d: strided read [%d] = %d\n", rank, i, ints[i]); }
    MPI_Type_free(&strided);
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
