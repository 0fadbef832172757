/* Hints on communicators and windows, and the info calls around them: MPI_Comm_get_info and MPI_Win_get_info give
 * a new info object the program queries and frees; the hints given to MPI_Comm_dup_with_info and MPI_Win_create come
 * back from them (Open MPI keeps every one); MPI_Comm_set_info and MPI_Win_set_info succeed (what an implementation
 * then reports is its choice: only portable facts are checked); MPI_Info_get_valuelen, _get_nthkey, _dup, _delete.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

static int errs = 0;

/* the value of key in info, or "" when it has none */
static const char *value_of(MPI_Info info, const char *key, char *val, int room)
{
    int flag = 0, len = 0;
    MPI_Info_get_valuelen(info, key, &len, &flag);
    if (!flag)
        return "";
    if (len >= room) {
        errs++;
        printf("value of %s: %d characters\n", key, len);
        return "";
    }
    MPI_Info_get(info, key, len, val, &flag);
    return val;
}

int main(int argc, char **argv)
{
    int rank, nkeys, i, found, toterrs, flag, buf[4];
    char key[MPI_MAX_INFO_KEY + 1], val[64];
    MPI_Info info, copy, got;
    MPI_Comm dup, dup2;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Info_create(&info);
    MPI_Info_set(info, "cmpi_colour", "blue");
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    MPI_Info_set(info, "cmpi_colour", "green");  /* a second set replaces the value */
    MPI_Info_get_nkeys(info, &nkeys);
    if (nkeys != 2) { errs++; printf("[%d] %d keys\n", rank, nkeys); }
    MPI_Info_get_nthkey(info, 0, key);
    if (strcmp(key, "cmpi_colour") != 0) { errs++; printf("[%d] key 0 is %s\n", rank, key); }
    if (strcmp(value_of(info, "cmpi_colour", val, sizeof val), "green") != 0) { errs++; printf("[%d] colour %s\n", rank, val); }
    MPI_Info_dup(info, &copy);
    MPI_Info_delete(copy, "cmpi_colour");
    MPI_Info_get_valuelen(copy, "cmpi_colour", &i, &flag);
    if (flag) { errs++; printf("[%d] deleted key still there\n", rank); }
    MPI_Info_get_nkeys(info, &nkeys);
    if (nkeys != 2) { errs++; printf("[%d] the original lost a key with its copy: %d keys\n", rank, nkeys); }
    MPI_Info_free(&copy);

    /* a communicator's hints */
    MPI_Comm_get_info(MPI_COMM_WORLD, &got);
    MPI_Info_get_nkeys(got, &nkeys);
    for (i = 0, found = 0; i < nkeys; i++) {
        MPI_Info_get_nthkey(got, i, key);
        found += strcmp(key, "cmpi_colour") == 0;
    }
    if (found) { errs++; printf("[%d] MPI_COMM_WORLD has the program's hint before any set\n", rank); }
    MPI_Info_free(&got);
    if (got != MPI_INFO_NULL) { errs++; printf("[%d] a freed info is not MPI_INFO_NULL\n", rank); }

    MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &dup);
    MPI_Comm_get_info(dup, &got);
    if (strcmp(value_of(got, "cmpi_colour", val, sizeof val), "green") != 0) {
        errs++;
        printf("[%d] dup_with_info's hint: \"%s\"\n", rank, val);
    }
    MPI_Info_free(&got);
    MPI_Comm_set_info(dup, info);
    MPI_Comm_set_info(MPI_COMM_WORLD, info);
    MPI_Comm_dup(dup, &dup2);
    MPI_Comm_get_info(dup2, &got);
    MPI_Info_get_nkeys(got, &nkeys);
    MPI_Info_free(&got);
    MPI_Comm_free(&dup2);
    MPI_Comm_free(&dup);

    /* a window's hints */
    MPI_Win_create(buf, sizeof buf, sizeof(int), info, MPI_COMM_WORLD, &win);
    MPI_Win_get_info(win, &got);
    if (strcmp(value_of(got, "cmpi_colour", val, sizeof val), "green") != 0) {
        errs++;
        printf("[%d] the window's hint from MPI_Win_create: \"%s\"\n", rank, val);
    }
    MPI_Info_free(&got);
    MPI_Info_set(info, "no_locks", "true");
    MPI_Win_set_info(win, info);
    MPI_Win_get_info(win, &got);
    MPI_Info_get_nkeys(got, &nkeys);
    MPI_Info_free(&got);
    MPI_Win_free(&win);
    MPI_Info_free(&info);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
