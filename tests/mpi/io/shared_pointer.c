/* The shared file pointer's independent and split calls (MPI-3.1 13.4.4): every rank writes a block of its own
 * length with MPI_File_write_shared and one int with MPI_File_iwrite_shared, in an order MPI leaves open, so rank 0
 * checks that each block is in the file once and whole; then MPI_File_write_ordered_begin/_end (rank order, printed),
 * MPI_File_read_shared and MPI_File_iread_shared (each rank some block: together all of them, checked on rank 0),
 * MPI_File_read_ordered_begin/_end, and MPI_File_iwrite_at / MPI_File_iread_at completed by MPI_Wait.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int errs = 0;

static void expect(int ok, const char *what, int rank, long got, long want)
{
    if (!ok) { errs++; printf("rank %d: %s is %ld, not %ld\n", rank, what, got, want); }
}

int main(int argc, char **argv)
{
    int rank, size, i, r, n, total, toterrs, tag, got, count;
    int *mine, *back, *file, *firsts;
    MPI_File fh;
    MPI_Offset pos;
    MPI_Status st;
    MPI_Request rq;
    const char *name = "io_shared_pointer.tmp";

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
    file = malloc((3 * total + 2 * size) * sizeof(int));
    for (i = 0; i < n; i++) mine[i] = rank * 100 + i;
    MPI_File_write_shared(fh, mine, n, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    expect(count == n, "write_shared's count", rank, count, n);
    tag = -rank - 1;
    MPI_File_iwrite_shared(fh, &tag, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    expect(count == 1, "iwrite_shared's count", rank, count, 1);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_get_position_shared(fh, &pos);
    expect(pos == total + size, "the shared pointer after the independent writes", rank, (long)pos, total + size);

    MPI_File_write_ordered_begin(fh, mine, n, MPI_INT);
    MPI_File_write_ordered_end(fh, mine, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    expect(count == n, "write_ordered_end's count", rank, count, n);
    MPI_File_get_position_shared(fh, &pos);
    expect(pos == 2 * total + size, "the shared pointer after the ordered write", rank, (long)pos, 2 * total + size);

    /* every rank's block and tag once, whole, in the first total + size ints */
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_read_at(fh, 0, file, 2 * total + size, MPI_INT, &st);
    for (r = 0; r < size; r++) {
        int blocks = 0, tags = 0;
        for (i = 0; i < total + size; i++) {
            if (file[i] == -r - 1) tags++;
            if (file[i] == r * 100) {
                int k = 0;
                while (k <= r && i + k < total + size && file[i + k] == r * 100 + k) k++;
                blocks += k == r + 1;
            }
        }
        expect(blocks == 1, "the number of whole blocks of a rank", r, blocks, 1);
        expect(tags == 1, "the number of tags of a rank", r, tags, 1);
    }
    if (rank == 0) {
        printf("ordered:");
        for (i = total + size; i < 2 * total + size; i++) printf(" %d", file[i]);
        printf("\n");
    }

    /* read_shared: each rank some block of n ints; together they are the first ints of the file, each once */
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    MPI_File_read_shared(fh, back, n, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    expect(count == n, "read_shared's count", rank, count, n);
    MPI_File_iread_shared(fh, &got, 1, MPI_INT, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    firsts = malloc((total + size) * sizeof(int));
    {
        int *counts = malloc(size * sizeof(int)), *displs = malloc(size * sizeof(int)), *mixed = malloc((n + 1) * sizeof(int));
        for (r = 0; r < size; r++) { counts[r] = r + 2; displs[r] = r == 0 ? 0 : displs[r - 1] + counts[r - 1]; }
        for (i = 0; i < n; i++) mixed[i] = back[i];
        mixed[n] = got;
        MPI_Gatherv(mixed, n + 1, MPI_INT, firsts, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
        free(counts); free(displs); free(mixed);
    }
    if (rank == 0) {
        for (i = 0; i < total + size; i++) {
            int seen = 0, k;
            for (k = 0; k < total + size; k++) seen += firsts[k] == file[i];
            expect(seen == 1, "how often a read value is the file's", i, seen, 1);
        }
    }
    MPI_File_read_ordered_begin(fh, back, n, MPI_INT);
    MPI_File_read_ordered_end(fh, back, &st);
    for (i = 0; i < n; i++)
        expect(back[i] == mine[i], "read_ordered's int", rank, back[i], mine[i]);

    /* nonblocking explicit offsets: each rank's tag after the ordered part, in rank order */
    MPI_File_iwrite_at(fh, 2 * total + size + rank, &tag, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_iread_at(fh, 2 * total + size + (rank + 1) % size, &got, 1, MPI_INT, &rq);
    MPI_Wait(&rq, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    tag = -((rank + 1) % size) - 1;  /* the next rank's */
    expect(count == 1 && got == tag, "iread_at's int", rank, got, tag);
    MPI_File_close(&fh);

    if (rank == 0) MPI_File_delete(name, MPI_INFO_NULL);
    free(mine); free(back); free(file); free(firsts);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
