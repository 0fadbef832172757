/* Attribute copy and delete functions of the program's own on every kind of key: MPI-1's MPI_Keyval_create with
 * MPI_Attr_put / MPI_Attr_get / MPI_Attr_delete, datatype keys (MPI_Type_dup copies, MPI_Type_free deletes), window
 * keys (MPI_Win_free deletes), a copy function that says "not copied" (flag 0), the order MPI_Comm_free deletes
 * in (the last set first, as Open MPI does), and a delete function whose error code the call returns.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

struct state { int value; int copies; };

static int log_keys[16], nlog = 0;
static int type_copies = 0, type_deletes = 0, win_deletes = 0, refusals = 0;

static int comm_copy(MPI_Comm comm, int key, void *extra, void *in, void *out, int *flag)
{
    struct state *s = malloc(sizeof *s);
    s->value = ((struct state *)in)->value * 2;
    s->copies = ((struct state *)in)->copies + 1;
    *(struct state **)out = s;
    *flag = 1;
    return MPI_SUCCESS;
}

static int comm_delete(MPI_Comm comm, int key, void *value, void *extra)
{
    log_keys[nlog++] = key;
    return MPI_SUCCESS;
}

static int no_copy(MPI_Comm comm, int key, void *extra, void *in, void *out, int *flag)
{
    refusals++;
    *flag = 0;
    return MPI_SUCCESS;
}

static int failing_delete(MPI_Comm comm, int key, void *value, void *extra)
{
    return MPI_ERR_OTHER;
}

static int type_copy(MPI_Datatype type, int key, void *extra, void *in, void *out, int *flag)
{
    type_copies++;
    *(int **)out = (int *)in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int type_delete(MPI_Datatype type, int key, void *value, void *extra)
{
    type_deletes += *(int *)value;
    return MPI_SUCCESS;
}

static int win_delete(MPI_Win win, int key, void *value, void *extra)
{
    win_deletes += *(int *)value;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int rank, flag, toterrs, errs = 0, rc;
    int k1, k2, k3, kfail, tkey, wkey;
    static int weight = 5, other = 7, winbuf[4];
    struct state base = {3, 0};
    struct state *got;
    int *ip;
    MPI_Comm dup;
    MPI_Datatype pair, pair2;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* MPI-1's names */
    MPI_Keyval_create(comm_copy, comm_delete, &k1, NULL);
    MPI_Keyval_create(no_copy, comm_delete, &k2, NULL);
    MPI_Keyval_create(MPI_NULL_COPY_FN, comm_delete, &k3, NULL);
    MPI_Attr_put(MPI_COMM_WORLD, k1, &base);
    MPI_Attr_put(MPI_COMM_WORLD, k2, &base);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Attr_get(dup, k1, &got, &flag);
    if (!flag || got->value != 6 || got->copies != 1) { errs++; printf("k1's copy: flag %d\n", flag); }
    MPI_Attr_get(dup, k2, &got, &flag);
    if (flag || refusals != 1) { errs++; printf("k2 was copied (flag %d, refusals %d)\n", flag, refusals); }
    MPI_Attr_put(dup, k3, &base);
    MPI_Attr_put(dup, k2, &base);
    nlog = 0;
    MPI_Comm_free(&dup);
    if (nlog != 3 || log_keys[0] != k2 || log_keys[1] != k3 || log_keys[2] != k1) {
        errs++; printf("comm_free deleted %d values, not k2, k3, k1\n", nlog);
    }
    MPI_Attr_delete(MPI_COMM_WORLD, k1);
    if (nlog != 4 || log_keys[3] != k1) { errs++; printf("MPI_Attr_delete called no delete function\n"); }

    /* a delete function's error is the call's */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, failing_delete, &kfail, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, kfail, &weight);
    rc = MPI_Comm_delete_attr(MPI_COMM_WORLD, kfail);
    if (rc != MPI_ERR_OTHER) { errs++; printf("a failing delete function: MPI_Comm_delete_attr gave %d\n", rc); }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    /* datatype keys */
    MPI_Type_create_keyval(type_copy, type_delete, &tkey, NULL);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_set_attr(pair, tkey, &weight);
    MPI_Type_dup(pair, &pair2);
    MPI_Type_get_attr(pair2, tkey, &ip, &flag);
    if (!flag || *ip != 5 || type_copies != 1) { errs++; printf("type copy: flag %d, copies %d\n", flag, type_copies); }
    MPI_Type_set_attr(pair2, tkey, &other);
    if (type_deletes != 5) { errs++; printf("type delete on a replacing set: %d\n", type_deletes); }
    MPI_Type_free(&pair2);
    MPI_Type_free(&pair);
    if (type_deletes != 17) { errs++; printf("type deletes after two frees: %d\n", type_deletes); }

    /* window keys */
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, win_delete, &wkey, NULL);
    MPI_Win_create(winbuf, sizeof winbuf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_attr(win, wkey, &other);
    MPI_Win_get_attr(win, wkey, &ip, &flag);
    if (!flag || *ip != 7) { errs++; printf("win attribute: flag %d\n", flag); }
    MPI_Win_free(&win);
    if (win_deletes != 7) { errs++; printf("win deletes after free: %d\n", win_deletes); }

    MPI_Keyval_free(&k1);
    MPI_Keyval_free(&k2);
    MPI_Keyval_free(&k3);
    MPI_Type_free_keyval(&tkey);
    MPI_Win_free_keyval(&wkey);
    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs) printf(" Found %d errors\n", toterrs);
        else printf(" No Errors\n");
    }
    MPI_Finalize();
    return 0;
}
