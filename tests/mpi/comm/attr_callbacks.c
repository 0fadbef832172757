/* Attribute copy and delete functions of the program's own: MPI_Comm_dup calls the copy function of each key
 * (which makes the copy's value), MPI_Comm_delete_attr, a replacing MPI_Comm_set_attr and MPI_Comm_free call the
 * delete function; MPI_COMM_NULL_COPY_FN keys are not copied, MPI_COMM_DUP_FN keys are.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <mpi.h>

static int copies = 0, deletes = 0;
static int copied_values[8];

static int copy_fn(MPI_Comm comm, int key, void *extra, void *in, void *out, int *flag)
{
    int *v = &copied_values[copies];
    copies++;
    *v = *(int *)in + 1;
    *(int **)out = v;
    *flag = 1;
    return MPI_SUCCESS;
}

static int delete_fn(MPI_Comm comm, int key, void *value, void *extra)
{
    deletes++;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int rank, flag, key1, key2, key3, toterrs, errs = 0;
    static int base[4] = {10, 20, 30, 40};
    void *val;
    MPI_Comm dup;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_keyval(copy_fn, delete_fn, &key1, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &key2, NULL);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &key3, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key1, &base[0]);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key2, &base[2]);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key3, &base[3]);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_attr(dup, key1, &val, &flag);
    if (!flag || *(int *)val != 11 || copies != 1) { errs++; printf("copy function: flag %d, copies %d\n", flag, copies); }
    MPI_Comm_get_attr(dup, key2, &val, &flag);
    if (flag) { errs++; printf("a MPI_COMM_NULL_COPY_FN key was copied\n"); }
    MPI_Comm_get_attr(dup, key3, &val, &flag);
    if (!flag || val != &base[3]) { errs++; printf("a MPI_COMM_DUP_FN key was not copied\n"); }
    MPI_Comm_delete_attr(dup, key1);
    if (deletes != 1) { errs++; printf("deletes after delete_attr: %d\n", deletes); }
    MPI_Comm_set_attr(dup, key1, &base[0]);
    MPI_Comm_set_attr(dup, key1, &base[1]);
    if (deletes != 2) { errs++; printf("deletes after a replacing set_attr: %d\n", deletes); }
    MPI_Comm_free(&dup);
    if (deletes != 3) { errs++; printf("deletes after comm_free: %d\n", deletes); }
    MPI_Comm_delete_attr(MPI_COMM_WORLD, key1);
    MPI_Comm_free_keyval(&key1);
    MPI_Comm_free_keyval(&key2);
    MPI_Comm_free_keyval(&key3);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs) printf(" Found %d errors\n", toterrs);
        else printf(" No Errors\n");
    }
    MPI_Finalize();
    return 0;
}
