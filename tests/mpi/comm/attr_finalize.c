/* Attribute callbacks as Open MPI 4.1 runs them (measured): MPI_Comm_dup, MPI_Comm_idup and MPI_Comm_dup_with_info
 * call the copy functions, MPI_Comm_split and MPI_Comm_create do not (a new communicator, no copy); MPI_Finalize
 * deletes MPI_COMM_SELF's attributes first, then MPI_COMM_WORLD's, each in reverse order of setting (MPI-3.1 8.7.1).
 * The copy function is the common pass-through, `*(void **)out = in`, and the values are read back through a
 * `void *` tested and cast where used. The check of the finalize order runs after MPI_Finalize. */
#include <mpi.h>
#include <stdio.h>

static int copies, deleted[16], ndeleted;

static int pass_through(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    copies++;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int record_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    if (ndeleted < 16) deleted[ndeleted] = *(int *)value;
    ndeleted++;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    static int v1 = 1, v2 = 2, v3 = 3, v4 = 4, v5 = 5;
    int errs = 0, rank, flag, key, k2, k3;
    void *got;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_keyval(pass_through, record_delete, &key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, &v1);

    MPI_Comm dup, idup, dupinfo, split, created;
    MPI_Request req;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_attr(dup, key, &got, &flag);
    if (!flag || copies != 1 || *(int *)got != 1) { errs++; printf("dup: flag %d copies %d\n", flag, copies); }
    MPI_Comm_idup(MPI_COMM_WORLD, &idup, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Comm_get_attr(idup, key, &got, &flag);
    if (!flag || copies != 2 || got != (void *)&v1) { errs++; printf("idup: flag %d copies %d\n", flag, copies); }
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &dupinfo);
    MPI_Comm_get_attr(dupinfo, key, &got, &flag);
    if (!flag || copies != 3) { errs++; printf("dup_with_info: flag %d copies %d\n", flag, copies); }
    MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &split);
    MPI_Comm_get_attr(split, key, &got, &flag);
    if (flag || copies != 3) { errs++; printf("split: flag %d copies %d\n", flag, copies); }
    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Comm_create(MPI_COMM_WORLD, world, &created);
    MPI_Comm_get_attr(created, key, &got, &flag);
    if (flag || copies != 3) { errs++; printf("create: flag %d copies %d\n", flag, copies); }
    MPI_Group_free(&world);

    /* freeing the copies deletes their values, the last made first */
    MPI_Comm_free(&dupinfo);
    MPI_Comm_free(&idup);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&split);
    MPI_Comm_free(&created);
    if (ndeleted != 3) { errs++; printf("%d deletes at the frees\n", ndeleted); }
    ndeleted = 0;

    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, record_delete, &k2, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, record_delete, &k3, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, k2, &v2);
    MPI_Comm_set_attr(MPI_COMM_SELF, k3, &v3);
    MPI_Comm_set_attr(MPI_COMM_WORLD, k2, &v4);
    MPI_Comm_set_attr(MPI_COMM_SELF, key, &v5);
    MPI_Comm_free_keyval(&k3);  /* a freed key's value stays, and is deleted with its handle */

    int before = errs;
    MPI_Reduce(&before, &errs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Finalize();

    int order[5] = {5, 3, 2, 4, 1};
    if (ndeleted != 5) { errs++; printf("%d: %d deletes in MPI_Finalize\n", rank, ndeleted); }
    for (int i = 0; i < 5 && i < ndeleted; i++)
        if (deleted[i] != order[i]) { errs++; printf("%d: delete %d was of %d, not %d\n", rank, i, deleted[i], order[i]); }
    if (rank == 0) {
        if (errs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", errs);
    }
    return 0;
}
