/* The MPI-3 MPI_Count calls and MPI-IO's space and hints queries as IOR's MPIIO backend uses them:
 * MPI_Type_size_x of a contiguous and a vector type, MPI_Get_elements_x after a file read (whole and partial
 * elements), MPI_File_preallocate (the size grows to at least the amount, never shrinks), MPI_File_get_info (an
 * info object the caller reads and frees).
 * ranks: 1 2 4 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

int errs = 0;

static void check(int rank, const char *what, int ok)
{
    if (!ok) {
        errs++;
        printf("[%d] %s\n", rank, what);
    }
}

int main(int argc, char **argv)
{
    int rank, size, toterrs, nkeys = -1;
    MPI_Count tsize, elements;
    MPI_Offset fsize;
    MPI_Datatype contig, vec;
    MPI_File fh;
    MPI_Info used;
    MPI_Status status;
    int data[8], back[8];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Type_contiguous(4, MPI_INT, &contig);
    MPI_Type_commit(&contig);
    MPI_Type_size_x(contig, &tsize);
    check(rank, "contiguous size 16", tsize == 16);
    MPI_Type_vector(3, 2, 5, MPI_DOUBLE, &vec);
    MPI_Type_commit(&vec);
    MPI_Type_size_x(vec, &tsize);
    check(rank, "vector size 48", tsize == 48);

    MPI_File_open(MPI_COMM_WORLD, "count_calls.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_preallocate(fh, 4096);
    MPI_File_get_size(fh, &fsize);
    check(rank, "preallocated to 4096", fsize == 4096);
    MPI_File_preallocate(fh, 100);
    MPI_File_get_size(fh, &fsize);
    check(rank, "preallocate never shrinks", fsize == 4096);

    for (int i = 0; i < 8; i++)
        data[i] = rank * 100 + i;
    MPI_File_write_at(fh, (MPI_Offset)rank * sizeof data, data, 8, MPI_INT, &status);
    MPI_Get_elements_x(&status, MPI_INT, &elements);
    check(rank, "8 ints written", elements == 8);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    memset(back, 0, sizeof back);
    MPI_File_read_at(fh, (MPI_Offset)rank * sizeof data, back, 8, MPI_INT, &status);
    MPI_Get_elements_x(&status, MPI_BYTE, &elements);
    check(rank, "32 bytes read", elements == 32);
    MPI_Get_elements_x(&status, MPI_INT, &elements);
    check(rank, "8 ints read", elements == 8);
    check(rank, "read back", back[7] == rank * 100 + 7);
    MPI_File_read_at(fh, (MPI_Offset)rank * sizeof data, back, 2, contig, &status);
    MPI_Get_elements_x(&status, contig, &elements);
    check(rank, "8 basic elements of two contiguous", elements == 8);

    MPI_File_get_info(fh, &used);
    MPI_Info_get_nkeys(used, &nkeys);
    check(rank, "an info object", nkeys >= 0);
    MPI_Info_free(&used);
    check(rank, "freed", used == MPI_INFO_NULL);

    MPI_File_close(&fh);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        MPI_File_delete("count_calls.dat", MPI_INFO_NULL);
    MPI_Type_free(&contig);
    MPI_Type_free(&vec);

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
