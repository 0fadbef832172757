/* MPI-IO file names given as a `char *` that has moved (the name part of a path built with sprintf), and
 * as a string-literal macro: MPI_File_open, MPI_File_set_view's datarep and MPI_File_delete take them as
 * C strings. Each rank writes its rank at its own offset; rank 0 reads them all back.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

#define DATAREP "native"

int main(int argc, char **argv)
{
    int rank, size, i, errs = 0, toterrs, got;
    char path[64];
    char *name;
    MPI_File fh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    sprintf(path, "./cmpi_name_pointer_%d.tmp", size);
    name = path + 2;  /* past "./": a pointer into the middle of the array */

    if (MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh) != MPI_SUCCESS)
        errs++;
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, DATAREP, MPI_INFO_NULL);
    MPI_File_write_at_all(fh, rank, &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    if (rank == 0) {
        MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
        for (i = 0; i < size; i++) {
            MPI_File_read_at(fh, i * (MPI_Offset)sizeof(int), &got, 1, MPI_INT, MPI_STATUS_IGNORE);
            if (got != i) {
                errs++;
                printf("offset %d holds %d\n", i, got);
            }
        }
        MPI_File_close(&fh);
        if (MPI_File_delete(name, MPI_INFO_NULL) != MPI_SUCCESS)
            errs++;
    }
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
