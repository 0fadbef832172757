/* The shared file pointer through its collective calls: MPI_File_write_ordered (each rank's block in rank
 * order), MPI_File_get_position_shared, MPI_File_seek_shared (MPI_SEEK_SET, MPI_SEEK_END) and
 * MPI_File_read_ordered, with a view of ints; rank 0 then reads the file whole and prints it.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, n, total, toterrs, errs = 0, tail;
    int *mine, *back;
    MPI_File fh;
    MPI_Offset pos;
    MPI_Status st;
    const char *name = "io_ordered.tmp";

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) MPI_File_delete(name, MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);

    n = rank + 1;
    total = size * (size + 1) / 2;
    mine = malloc(n * sizeof(int));
    back = malloc(n * sizeof(int));
    for (i = 0; i < n; i++) mine[i] = rank * 100 + i;
    MPI_File_write_ordered(fh, mine, n, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &i);
    if (i != n) { errs++; printf("rank %d wrote %d ints\n", rank, i); }
    MPI_File_get_position_shared(fh, &pos);
    if (pos != total) { errs++; printf("shared pointer %lld after the first blocks, not %d\n", (long long)pos, total); }
    tail = -rank - 1;
    MPI_File_write_ordered(fh, &tail, 1, MPI_INT, MPI_STATUS_IGNORE);

    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    MPI_File_read_ordered(fh, back, n, MPI_INT, &st);
    for (i = 0; i < n; i++)
        if (back[i] != mine[i]) { errs++; printf("rank %d read %d at %d, not %d\n", rank, back[i], i, mine[i]); }
    MPI_File_seek_shared(fh, -size, MPI_SEEK_END);
    MPI_File_read_ordered(fh, &tail, 1, MPI_INT, MPI_STATUS_IGNORE);
    if (tail != -rank - 1) { errs++; printf("rank %d read the tail %d\n", rank, tail); }
    MPI_File_get_position_shared(fh, &pos);
    if (pos != total + size) { errs++; printf("shared pointer %lld at the end\n", (long long)pos); }
    MPI_File_close(&fh);

    if (rank == 0) {
        int *all = malloc((total + size) * sizeof(int));
        MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
        MPI_File_read(fh, all, total + size, MPI_INT, &st);
        MPI_Get_count(&st, MPI_INT, &i);
        printf("%d ints:", i);
        for (i = 0; i < total + size; i++) printf(" %d", all[i]);
        printf("\n");
        MPI_File_close(&fh);
        MPI_File_delete(name, MPI_INFO_NULL);
        free(all);
    }
    free(mine);
    free(back);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
