/* What a program asks of an open file: MPI_File_get_amode (the mode it was opened with), MPI_File_get_group (the
 * opening communicator's group, compared with MPI_Group_compare, then freed), MPI_File_get_byte_offset under the
 * default view and under a strided view with a displacement (the byte each etype offset lands on, holes skipped),
 * MPI_File_get_type_extent in the native representation, MPI_File_set_info with a hint.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, amode, result, errs = 0, toterrs, k;
    char path[64];
    MPI_File fh;
    MPI_Group fgroup, wgroup;
    MPI_Offset disp;
    MPI_Aint extent;
    MPI_Datatype strided;
    MPI_Info info;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    snprintf(path, sizeof path, "/tmp/cmpi_file_queries_%d.dat", size);
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);

    MPI_File_get_amode(fh, &amode);
    if (amode != (MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE)) {
        errs++;
        printf("[%d] amode %d\n", rank, amode);
    }
    MPI_File_get_group(fh, &fgroup);
    MPI_Comm_group(MPI_COMM_WORLD, &wgroup);
    MPI_Group_compare(fgroup, wgroup, &result);
    if (result != MPI_IDENT) { errs++; printf("[%d] the file's group compares %d\n", rank, result); }
    MPI_Group_free(&fgroup);
    MPI_Group_free(&wgroup);

    MPI_File_get_byte_offset(fh, 10, &disp);
    if (disp != 10) { errs++; printf("[%d] default view: offset 10 at byte %ld\n", rank, (long)disp); }

    /* ints 0 and 3 of each 16-byte tile, from byte 8 + 4 * rank: etype offsets 0 1 2 3 4 land on bytes 0 12 16 28 32 */
    MPI_Type_vector(2, 1, 3, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    MPI_File_set_view(fh, 8 + 4 * rank, MPI_INT, strided, "native", MPI_INFO_NULL);
    for (k = 0; k < 5; k++) {
        MPI_File_get_byte_offset(fh, k, &disp);
        if (disp != 8 + 4 * rank + (k / 2) * 16 + (k % 2) * 12) {
            errs++;
            printf("[%d] strided view: offset %d at byte %ld\n", rank, k, (long)disp);
        }
    }
    MPI_File_get_type_extent(fh, strided, &extent);
    if (extent != 16) { errs++; printf("[%d] type extent %ld\n", rank, (long)extent); }
    MPI_File_get_type_extent(fh, MPI_DOUBLE, &extent);
    if (extent != 8) { errs++; printf("[%d] double extent %ld\n", rank, (long)extent); }

    MPI_Info_create(&info);
    MPI_Info_set(info, "access_style", "write_once");
    MPI_File_set_info(fh, info);
    MPI_Info_free(&info);
    MPI_Type_free(&strided);
    MPI_File_close(&fh);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
