/* A `void *` buffer from malloc that only MPI calls use: MPI_Pack into it, MPI_PACKED around a ring,
 * MPI_Unpack out of it; a global `void *` from calloc broadcast as bytes, then freed.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

struct record {
    char name[12];
    int id;
    double score;
};

void *scratch;
int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, toterrs, i, n, packsize, position, right, left;
    struct record mine[2], got[2];
    void *buf;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    for (i = 0; i < 2; i++) {
        snprintf(mine[i].name, sizeof mine[i].name, "r%d-%d", rank, i);
        mine[i].id = rank * 100 + i;
        mine[i].score = rank + i * 0.5;
    }
    MPI_Pack_size(12, MPI_CHAR, MPI_COMM_WORLD, &n);
    packsize = n;
    MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &n);
    packsize += n;
    MPI_Pack_size(1, MPI_DOUBLE, MPI_COMM_WORLD, &n);
    packsize += n;
    packsize *= 2;
    buf = malloc(packsize);
    position = 0;
    for (i = 0; i < 2; i++) {
        MPI_Pack(mine[i].name, 12, MPI_CHAR, buf, packsize, &position, MPI_COMM_WORLD);
        MPI_Pack(&mine[i].id, 1, MPI_INT, buf, packsize, &position, MPI_COMM_WORLD);
        MPI_Pack(&mine[i].score, 1, MPI_DOUBLE, buf, packsize, &position, MPI_COMM_WORLD);
    }
    MPI_Sendrecv_replace(buf, packsize, MPI_PACKED, right, 0, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    position = 0;
    for (i = 0; i < 2; i++) {
        MPI_Unpack(buf, packsize, &position, got[i].name, 12, MPI_CHAR, MPI_COMM_WORLD);
        MPI_Unpack(buf, packsize, &position, &got[i].id, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Unpack(buf, packsize, &position, &got[i].score, 1, MPI_DOUBLE, MPI_COMM_WORLD);
        char want[12];
        snprintf(want, sizeof want, "r%d-%d", left, i);
        if (strcmp(got[i].name, want) != 0 || got[i].id != left * 100 + i || got[i].score != left + i * 0.5) {
            errs++;
            printf("[%d] record %d: %s %d %g\n", rank, i, got[i].name, got[i].id, got[i].score);
        }
    }
    free(buf);

    scratch = calloc(64, 1);
    if (rank == 0)
        memset(scratch, 7, 64);
    MPI_Bcast(scratch, 64, MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Pack_size(64, MPI_BYTE, MPI_COMM_WORLD, &n);
    if (n != 64) {
        errs++;
        printf("[%d] pack size %d\n", rank, n);
    }
    free(scratch);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
