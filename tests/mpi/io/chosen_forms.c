/* MPI functions held in local function pointers and called through them (the Intel MPI Benchmarks' I/O kernels:
 * `GEN_File_write = MPI_File_write_all;` or `= MPI_File_write;`, then `GEN_File_write(fh, buf, ...)`): each round
 * picks the collective or the independent forms of write, write_at and the shared-pointer write, and of the
 * reads, and checks what comes back; `(*f)(...)` and an initialised pointer too.
 * ranks: 1 2 4
 * transports: tcp */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define N 4

int main(int argc, char **argv)
{
    int rank, size, round, i, errs = 0, toterrs, count;
    int out[N], in[N];
    MPI_File fh;
    MPI_Status st;
    int (*gen_write)(MPI_File, const void *, int, MPI_Datatype, MPI_Status *);
    int (*gen_write_at)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype, MPI_Status *);
    int (*gen_write_shared)(MPI_File, const void *, int, MPI_Datatype, MPI_Status *);
    int (*gen_read)(MPI_File, void *, int, MPI_Datatype, MPI_Status *) = MPI_File_read;
    int (*gen_read_at)(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Status *status);
    const char *name = "io_chosen_forms.tmp";

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (round = 0; round < 2; round++) {
        int collective = round == 1;
        if (collective) {
            gen_write = MPI_File_write_all;
            gen_write_at = MPI_File_write_at_all;
            gen_write_shared = MPI_File_write_ordered;
            gen_read = MPI_File_read_all;
            gen_read_at = &MPI_File_read_at_all;
        } else {
            gen_write = MPI_File_write;
            gen_write_at = MPI_File_write_at;
            gen_write_shared = MPI_File_write_shared;
            gen_read_at = MPI_File_read_at;
        }
        if (rank == 0) MPI_File_delete(name, MPI_INFO_NULL);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
        MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
        for (i = 0; i < N; i++) out[i] = 1000 * round + 10 * rank + i;
        MPI_File_seek(fh, (MPI_Offset)rank * N, MPI_SEEK_SET);
        if (gen_write(fh, out, N, MPI_INT, &st) != MPI_SUCCESS) errs++;
        MPI_Get_count(&st, MPI_INT, &count);
        if (count != N) { errs++; printf("rank %d round %d: wrote %d ints\n", rank, round, count); }
        (*gen_write_at)(fh, (MPI_Offset)(size + rank) * N, out, N, MPI_INT, MPI_STATUS_IGNORE);
        MPI_File_seek_shared(fh, 2 * size * N, MPI_SEEK_SET);
        if (collective) gen_write_shared(fh, out, N, MPI_INT, MPI_STATUS_IGNORE);
        else gen_write_shared(fh, &out[0], N, MPI_INT, MPI_STATUS_IGNORE);
        MPI_File_sync(fh);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_File_seek(fh, (MPI_Offset)((rank + 1) % size) * N, MPI_SEEK_SET);
        gen_read(fh, in, N, MPI_INT, &st);
        for (i = 0; i < N; i++)
            if (in[i] != 1000 * round + 10 * ((rank + 1) % size) + i) {
                errs++;
                printf("rank %d round %d: read %d at %d\n", rank, round, in[i], i);
            }
        gen_read_at(fh, (MPI_Offset)(size + rank) * N, in, N, MPI_INT, &st);
        for (i = 0; i < N; i++)
            if (in[i] != out[i]) { errs++; printf("rank %d round %d: read_at %d at %d\n", rank, round, in[i], i); }
        MPI_File_close(&fh);
        if (rank == 0) {
            int all[64];
            MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
            MPI_File_read(fh, all, 3 * size * N, MPI_INT, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            printf("round %d: %d ints, the first part:", round, count);
            for (i = 0; i < 2 * size * N; i++) printf(" %d", all[i]);
            printf("\n");
            MPI_File_close(&fh);
        }
    }
    if (rank == 0) MPI_File_delete(name, MPI_INFO_NULL);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
