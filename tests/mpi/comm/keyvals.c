/* Attribute keys of the program's own (MPI_Comm_create_keyval, _set_attr, _get_attr, _delete_attr, _free_keyval),
 * on a communicator, its duplicate (MPI_COMM_DUP_FN copies, MPI_COMM_NULL_COPY_FN does not), a datatype and a
 * window, and a window's predefined keys (MPI_WIN_SIZE, MPI_WIN_DISP_UNIT) through MPI_Win_get_attr.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, errs = 0, toterrs, flag;
    int copied_key, private_key, type_key, win_key;
    int answer = 42, secret = 7, tag = 3, color = 5;
    int *got, *unit;
    MPI_Aint *size;
    double table[8];
    MPI_Comm dup;
    MPI_Datatype pair;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    answer += rank;

    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &copied_key, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &private_key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, copied_key, &answer);
    MPI_Comm_set_attr(MPI_COMM_WORLD, private_key, &secret);
    MPI_Comm_get_attr(MPI_COMM_WORLD, copied_key, &got, &flag);
    if (!flag || *got != 42 + rank) errs++;
    answer++;  /* the attribute is a pointer to answer: it sees the change */
    MPI_Comm_get_attr(MPI_COMM_WORLD, copied_key, &got, &flag);
    if (!flag || *got != 43 + rank) errs++;
    if (rank == 0) printf("world: %d (flag %d)\n", *got - rank, flag);

    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_attr(dup, copied_key, &got, &flag);
    if (!flag || *got != 43 + rank) errs++;
    if (rank == 0) printf("dup, MPI_COMM_DUP_FN key: flag %d\n", flag);
    MPI_Comm_get_attr(dup, private_key, &got, &flag);
    if (flag) errs++;
    if (rank == 0) printf("dup, MPI_COMM_NULL_COPY_FN key: flag %d\n", flag);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, private_key);
    MPI_Comm_get_attr(MPI_COMM_WORLD, private_key, &got, &flag);
    if (flag) errs++;
    MPI_Comm_free(&dup);
    MPI_Comm_free_keyval(&private_key);
    if (private_key != MPI_KEYVAL_INVALID) errs++;
    MPI_Comm_free_keyval(&copied_key);

    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &type_key, NULL);
    MPI_Type_set_attr(pair, type_key, &tag);
    MPI_Type_get_attr(pair, type_key, &got, &flag);
    if (!flag || *got != 3) errs++;
    MPI_Type_delete_attr(pair, type_key);
    MPI_Type_free_keyval(&type_key);
    MPI_Type_free(&pair);

    MPI_Win_create(table, 8 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &size, &flag);
    if (!flag || *size != 64) errs++;
    MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &unit, &flag);
    if (!flag || *unit != 8) errs++;
    if (rank == 0) printf("window: size %ld, disp unit %d\n", (long)*size, *unit);
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, &win_key, NULL);
    MPI_Win_set_attr(win, win_key, &color);
    MPI_Win_get_attr(win, win_key, &got, &flag);
    if (!flag || *got != 5) errs++;
    MPI_Win_delete_attr(win, win_key);
    MPI_Win_free_keyval(&win_key);
    MPI_Win_free(&win);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
