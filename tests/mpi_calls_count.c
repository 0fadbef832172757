/* Calls the MPI_Count and file query rows IOR's MPIIO backend needs (MPI_Type_size_x, MPI_Get_elements_x with a
 * status, MPI_File_preallocate, MPI_File_get_info), so the translation must compile against CloudMpi and run on one
 * rank. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, a[4] = {1, 2, 3, 4}, nkeys = -1;
    MPI_Count size, elements;
    MPI_Offset fsize = 0;
    MPI_File fh;
    MPI_Info used;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_size_x(MPI_DOUBLE, &size);
    MPI_File_open(MPI_COMM_SELF, "count_calls.tmp", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_preallocate(fh, 64);
    MPI_File_get_size(fh, &fsize);
    MPI_File_write_at(fh, 0, a, 4, MPI_INT, &st);
    MPI_Get_elements_x(&st, MPI_SHORT, &elements);
    MPI_File_get_info(fh, &used);
    MPI_Info_get_nkeys(used, &nkeys);
    MPI_Info_free(&used);
    MPI_File_close(&fh);
    MPI_Finalize();
    printf("ok %d %lld %lld %lld %d\n", rank, size, (long long)fsize, elements, nkeys >= 0);
    return 0;
}
