/* Calls every MPI-IO row (MPI_File_*) with each argument shape the rows promise (a buffer, &a[i], &scalar,
 * MPI_STATUS_IGNORE, a file name literal and a char array), and the MPI_Info rows, so the translation must
 * compile against CloudMpi and run on one rank. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0}, x = 9, y = 0, count;
    char name[32] = "io_calls.tmp", rep[32];
    MPI_Offset size, pos, disp;
    MPI_Datatype etype, ftype;
    MPI_File fh;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Info info, info2;
    char value[MPI_MAX_INFO_VAL + 1], key[MPI_MAX_INFO_KEY + 1];
    int flag, nkeys, vlen;
    MPI_Info_create(&info);
    MPI_Info_set(info, "access_style", "write_once");
    MPI_Info_get(info, "access_style", MPI_MAX_INFO_VAL, value, &flag);
    MPI_Info_get_valuelen(info, "access_style", &vlen, &flag);
    MPI_Info_get_nkeys(info, &nkeys);
    MPI_Info_get_nthkey(info, 0, key);
    MPI_Info_dup(info, &info2);
    MPI_Info_delete(info2, "access_style");
    MPI_Info_free(&info2);
    MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
    MPI_Info_free(&info);
    MPI_File_set_size(fh, 0);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_write(fh, a, 2, MPI_INT, &st);
    MPI_File_write_all(fh, &a[2], 2, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_write_at(fh, 4, &x, 1, MPI_INT, &st);
    MPI_File_write_at_all(fh, 5, a, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read(fh, b, 2, MPI_INT, &st);
    MPI_File_read_all(fh, &b[2], 2, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    MPI_File_read_at(fh, 4, &y, 1, MPI_INT, &st);
    MPI_File_read_at_all(fh, 5, b, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_get_position(fh, &pos);
    MPI_File_write_ordered(fh, a, 2, MPI_INT, &st);
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    MPI_File_read_ordered(fh, &y, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_get_position_shared(fh, &pos);
    MPI_File_get_size(fh, &size);
    MPI_File_get_view(fh, &disp, &etype, &ftype, rep);
    MPI_File_sync(fh);
    MPI_File_close(&fh);
    MPI_File_delete(name, MPI_INFO_NULL);
    MPI_Finalize();
    printf("ok %d %d %d %d %lld %lld %s %s %s %d %d\n", rank, b[3], y, count, (long long)pos, (long long)size, rep,
           value, key, vlen, nkeys);
    return 0;
}
