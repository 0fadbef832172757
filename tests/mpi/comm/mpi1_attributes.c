/* MPI-1's attribute functions as decades-old programs call them (deprecated in MPI-2, still in MPI-3.1 and Open MPI
 * 4.1): MPI_Keyval_create with MPI_NULL_COPY_FN / MPI_DUP_FN and MPI_NULL_DELETE_FN, MPI_Attr_put, MPI_Attr_get,
 * MPI_Attr_delete, MPI_Keyval_free, what MPI_Comm_dup copies; and MPI-3.1's MPI_Aint_add / MPI_Aint_diff. */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, plain, copied, flag, errs = 0, toterrs, value = 42, other = 7, *got;
    MPI_Comm dup;
    MPI_Aint a0, a1, moved, apart;
    double pair[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &plain, NULL);
    MPI_Keyval_create(MPI_DUP_FN, MPI_NULL_DELETE_FN, &copied, NULL);
    MPI_Attr_put(MPI_COMM_WORLD, plain, &value);
    MPI_Attr_put(MPI_COMM_WORLD, copied, &other);
    MPI_Attr_get(MPI_COMM_WORLD, plain, &got, &flag);
    if (!flag || *got != 42)
        errs++;
    value = 43; /* the attribute is the pointer: a read now sees 43 */
    MPI_Attr_get(MPI_COMM_WORLD, plain, &got, &flag);
    if (!flag || *got != 43)
        errs++;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Attr_get(dup, plain, &got, &flag);
    if (flag)
        errs++; /* MPI_NULL_COPY_FN: not copied */
    MPI_Attr_get(dup, copied, &got, &flag);
    if (!flag || *got != 7)
        errs++; /* MPI_DUP_FN: the same pointer */
    MPI_Attr_delete(MPI_COMM_WORLD, plain);
    MPI_Attr_get(MPI_COMM_WORLD, plain, &got, &flag);
    if (flag)
        errs++;
    MPI_Keyval_free(&plain);
    if (plain != MPI_KEYVAL_INVALID)
        errs++;
    MPI_Get_address(&pair[0], &a0);
    MPI_Get_address(&pair[1], &a1);
    moved = MPI_Aint_add(a0, sizeof(double));
    apart = MPI_Aint_diff(a1, a0);
    if (moved != a1 || apart != (MPI_Aint)sizeof(double))
        errs++;
    printf("rank %d: errors %d, apart %ld\n", rank, errs, (long)apart);
    MPI_Comm_free(&dup);
    MPI_Keyval_free(&copied);
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
