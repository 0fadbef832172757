/* Attribute values read through a `void *` the program casts where it uses it, or never reads (it tests the flag):
 * MPI_Comm_get_attr of a predefined key (MPI_TAG_UB) and of the program's own, MPI_Win_get_attr of MPI_WIN_SIZE (an
 * MPI_Aint), MPI_WIN_DISP_UNIT (an int), MPI_WIN_BASE (the window's memory, compared with the buffer given and read
 * through an `int *`; MPI_Win_allocate's memory) and a key of the program's own, MPI_Type_get_attr of one.
 * ranks: 1 2 4
 * native-env: OMPI_MCA_osc=pt2pt */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int errs = 0, rank, flag;
    static int mark = 42;
    static double weights[3] = {0.5, 1.5, 2.5};
    void *v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &v, &flag);
    if (!flag || *(int *)v < 32767) { errs++; printf("MPI_TAG_UB: flag %d\n", flag); }

    int ckey;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &ckey, NULL);
    void *unread;
    MPI_Comm_get_attr(MPI_COMM_WORLD, ckey, &unread, &flag);
    if (flag) { errs++; printf("a key with no value has one\n"); }
    MPI_Comm_set_attr(MPI_COMM_WORLD, ckey, weights);
    MPI_Comm_get_attr(MPI_COMM_WORLD, ckey, &unread, &flag);  /* only the flag is read */
    if (!flag) { errs++; printf("comm key: no value\n"); }
    MPI_Comm_get_attr(MPI_COMM_WORLD, ckey, &v, &flag);
    if (!flag || ((double *)v)[1] != 1.5) { errs++; printf("comm key: flag %d\n", flag); }

    int buf[6];
    MPI_Win win;
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &v, &flag);
    if (!flag || *(MPI_Aint *)v != (MPI_Aint)sizeof buf) { errs++; printf("MPI_WIN_SIZE: flag %d\n", flag); }
    MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &v, &flag);
    if (!flag || *(int *)v != (int)sizeof(int)) { errs++; printf("MPI_WIN_DISP_UNIT: flag %d\n", flag); }
    for (int i = 0; i < 6; i++) buf[i] = rank * 10 + i;
    MPI_Win_get_attr(win, MPI_WIN_BASE, &v, &flag);
    if (!flag || v != (void *)buf) { errs++; printf("MPI_WIN_BASE: flag %d, not the buffer\n", flag); }
    int *base;
    MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag);
    if (!flag || base[2] != rank * 10 + 2) { errs++; printf("MPI_WIN_BASE as int *: flag %d\n", flag); }
    double *mem;
    MPI_Win awin;
    MPI_Win_allocate(4 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &awin);
    mem[3] = rank + 0.5;
    double *abase;
    MPI_Win_get_attr(awin, MPI_WIN_BASE, &abase, &flag);
    if (!flag || abase != mem || abase[3] != rank + 0.5) { errs++; printf("MPI_Win_allocate's MPI_WIN_BASE: flag %d\n", flag); }
    MPI_Win_free(&awin);
    int wkey;
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, &wkey, NULL);
    MPI_Win_set_attr(win, wkey, &mark);
    MPI_Win_get_attr(win, wkey, &v, &flag);
    if (!flag || *(int *)v != 42) { errs++; printf("window key: flag %d\n", flag); }
    MPI_Win_free(&win);

    int tkey;
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &tkey, NULL);
    MPI_Type_set_attr(pair, tkey, &mark);
    MPI_Type_get_attr(pair, tkey, &v, &flag);
    if (!flag || *(int *)v != 42) { errs++; printf("type key: flag %d\n", flag); }
    MPI_Type_free(&pair);

    int all;
    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
