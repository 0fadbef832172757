/* MPI_Get_library_version (its text is the library's own, so only its shape is checked), MPI_Pcontrol,
 * MPI_Type_set_name / MPI_Type_get_name on predefined and derived types.
 * ranks: 1 2 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

int errs = 0;

static void check(int cond, const char *what)
{
    if (!cond) {
        errs++;
        printf("%s wrong\n", what);
    }
}

int main(int argc, char **argv)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING], name[MPI_MAX_OBJECT_NAME];
    int len = -1, rank, toterrs;
    MPI_Datatype pair;

    MPI_Get_library_version(version, &len);  /* allowed before MPI_Init */
    check(len > 0 && len < MPI_MAX_LIBRARY_VERSION_STRING && version[0] != '\0', "library version");
    /* Open MPI 4.1 counts the NUL in resultlen: the port must too */
    printf("version resultlen - strlen = %d\n", len - (int)strlen(version));
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    check(MPI_Pcontrol(0) == MPI_SUCCESS && MPI_Pcontrol(1) == MPI_SUCCESS, "pcontrol");

    MPI_Type_get_name(MPI_INT, name, &len);
    check(strcmp(name, "MPI_INT") == 0 && len == 7, "MPI_INT's name");
    MPI_Type_get_name(MPI_DOUBLE, name, &len);
    check(strcmp(name, "MPI_DOUBLE") == 0 && len == 10, "MPI_DOUBLE's name");

    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_get_name(pair, name, &len);
    check(len == 0 && name[0] == '\0', "an unnamed type's name");
    MPI_Type_set_name(pair, rank == 0 ? "pair of doubles" : "pair");
    MPI_Type_get_name(pair, name, &len);
    check(strcmp(name, rank == 0 ? "pair of doubles" : "pair") == 0 && len == (int)strlen(name), "a set name");
    if (rank == 0)
        printf("named: %s (%d)\n", name, len);
    MPI_Type_free(&pair);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
