/* Attributes as mpiBench (LLNL) uses them: a key made with a pointer to a local as its extra_state (cMPI never
 * reads extra_state), communicator names kept as `char *` attribute values pointing into one shared char array
 * (`(void *) &desc[256 * i]`), read back through `(void *) &str` in a helper, on MPI_COMM_WORLD and on
 * communicators split from it.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

static int name_key;

static int describes(MPI_Comm comm, const char *expected)
{
    char *str = NULL;
    int flag = 0;
    MPI_Comm_get_attr(comm, name_key, (void *) &str, &flag);
    return flag && strcmp(str, expected) == 0;
}

int main(int argc, char **argv)
{
    int rank, size, extra_state, errs = 0, toterrs, i;
    int *counter = &extra_state;
    char desc[3 * 256];
    MPI_Comm comms[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &name_key, (void *) &extra_state);

    comms[0] = MPI_COMM_WORLD;
    strcpy(&desc[0], "MPI_COMM_WORLD");
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &comms[1]);
    sprintf(&desc[256], "parity %d", rank % 2);
    MPI_Comm_split(MPI_COMM_WORLD, rank < size / 2, rank, &comms[2]);
    sprintf(&desc[512], "half %d", rank < size / 2);
    for (i = 0; i < 3; i++)
        MPI_Comm_set_attr(comms[i], name_key, (void *) &desc[256 * i]);

    for (i = 0; i < 3; i++)
        if (!describes(comms[i], &desc[256 * i])) errs++;
    desc[0] = 'm';  /* the attribute points into desc: it sees the change */
    if (!describes(comms[0], "mPI_COMM_WORLD")) errs++;
    if (rank == 0) {
        char *str;
        int flag;
        MPI_Comm_get_attr(comms[1], name_key, (void *) &str, &flag);
        printf("comm 1: %s (flag %d)\n", str, flag);
    }

    MPI_Comm_free(&comms[1]);
    MPI_Comm_free(&comms[2]);
    MPI_Comm_free_keyval(&name_key);
    /* a second key, its extra_state a pointer variable */
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &name_key, counter);
    if (name_key == MPI_KEYVAL_INVALID) errs++;
    MPI_Comm_free_keyval(&name_key);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
