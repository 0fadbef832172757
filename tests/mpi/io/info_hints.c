/* MPI_Info objects as MPI-IO programs use them: hints set, read back (whole, truncated to valuelen, by
 * position), counted, duplicated, deleted and freed; a file opened and written with them.
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
    int rank, size, flag, nkeys, len, toterrs, value = 0;
    char text[MPI_MAX_INFO_VAL + 1], key[MPI_MAX_INFO_KEY + 1], small[4];
    MPI_Info info, copy;
    MPI_File fh;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_nodes", "2");
    MPI_Info_set(info, "romio_cb_write", "enable");
    MPI_Info_set(info, "striping_unit", "1048576");
    MPI_Info_set(info, "cb_nodes", "4"); /* replaces the value, keeps the key's place */
    MPI_Info_get_nkeys(info, &nkeys);
    check(rank, "three keys", nkeys == 3);
    MPI_Info_get_nthkey(info, 0, key);
    check(rank, "first key cb_nodes", strcmp(key, "cb_nodes") == 0);
    MPI_Info_get_nthkey(info, 2, key);
    check(rank, "third key striping_unit", strcmp(key, "striping_unit") == 0);
    MPI_Info_get(info, "cb_nodes", MPI_MAX_INFO_VAL, text, &flag);
    check(rank, "cb_nodes is 4", flag && strcmp(text, "4") == 0);
    MPI_Info_get(info, "romio_cb_write", 3, small, &flag);
    check(rank, "value truncated to valuelen", flag && strcmp(small, "ena") == 0);
    MPI_Info_get_valuelen(info, "striping_unit", &len, &flag);
    check(rank, "valuelen 7", flag && len == 7);
    MPI_Info_get(info, "no_such_key", MPI_MAX_INFO_VAL, text, &flag);
    check(rank, "missing key", !flag);

    MPI_Info_dup(info, &copy);
    MPI_Info_delete(copy, "romio_cb_write");
    MPI_Info_get_nkeys(copy, &nkeys);
    check(rank, "copy has two keys", nkeys == 2);
    MPI_Info_get_nkeys(info, &nkeys);
    check(rank, "original keeps three", nkeys == 3);
    MPI_Info_free(&copy);
    check(rank, "freed is MPI_INFO_NULL", copy == MPI_INFO_NULL);

    MPI_File_open(MPI_COMM_WORLD, "info_hints.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
    MPI_File_write_at(fh, rank * sizeof(int), &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_read_at(fh, ((rank + 1) % size) * sizeof(int), &value, 1, MPI_INT, MPI_STATUS_IGNORE);
    check(rank, "neighbour's value from the file", value == (rank + 1) % size);
    MPI_File_close(&fh);
    MPI_Info_free(&info);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        MPI_File_delete("info_hints.dat", MPI_INFO_NULL);

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
