/* Calls every attribute-key row (issue 22) with the argument shapes the rows promise: a value's address (`&x`),
 * a pointer variable, NULL extra state, the predefined copy and delete functions, `&p` of an `int *p` for get. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, flag, comm_key, type_key, win_key, x = 5, sum = 0;
    int *got, *heap = malloc(2 * sizeof(int));
    double base[2];
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    heap[0] = 11;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &comm_key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, comm_key, &x);
    MPI_Comm_get_attr(MPI_COMM_WORLD, comm_key, &got, &flag);
    sum += *got;
    MPI_Comm_delete_attr(MPI_COMM_WORLD, comm_key);
    MPI_Comm_free_keyval(&comm_key);
    /* MPI-1's names */
    MPI_Keyval_create(MPI_DUP_FN, MPI_NULL_DELETE_FN, &comm_key, NULL);
    MPI_Attr_put(MPI_COMM_WORLD, comm_key, heap);
    MPI_Attr_get(MPI_COMM_WORLD, comm_key, &got, &flag);
    sum += *got - 11 + (int)MPI_Aint_diff(MPI_Aint_add(100, 3), 100) - 3;
    MPI_Attr_delete(MPI_COMM_WORLD, comm_key);
    MPI_Keyval_free(&comm_key);
    MPI_Type_create_keyval(MPI_TYPE_DUP_FN, MPI_TYPE_NULL_DELETE_FN, &type_key, NULL);
    MPI_Type_set_attr(MPI_INT, type_key, heap);
    MPI_Type_get_attr(MPI_INT, type_key, &got, &flag);
    sum += *got;
    MPI_Type_delete_attr(MPI_INT, type_key);
    MPI_Type_free_keyval(&type_key);
    MPI_Win_create(base, sizeof base, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_create_keyval(MPI_WIN_DUP_FN, MPI_WIN_NULL_DELETE_FN, &win_key, NULL);
    MPI_Win_set_attr(win, win_key, &x);
    MPI_Win_get_attr(win, win_key, &got, &flag);
    sum += *got;
    MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &got, &flag);
    sum += *got;
    MPI_Win_delete_attr(win, win_key);
    MPI_Win_free_keyval(&win_key);
    MPI_Win_free(&win);
    MPI_Finalize();
    free(heap);
    printf("ok %d %d\n", rank, sum);
    return 0;
}
