/* Calls every dynamic-window and post-start-complete-wait row (MPI-3.1 11.2.4, 11.5.2) with the argument shapes
 * real codes use: an array and a malloc'ed buffer attached, `(void *)` casts, a group of one, MPI_Win_test's
 * flag; and MPI_Win_allocate given a `char *` for its baseptr (the address lands in those bytes, as in C); a shared
 * window (MPI_Win_allocate_shared, MPI_Win_shared_query) into a pointer the program then moves. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, flag = 0, a[4] = {1, 2, 3, 4}, got = 0;
    char *heap = malloc(64), *bytes = malloc(16);
    MPI_Aint where;
    MPI_Group world, self;
    MPI_Win win, awin, swin;
    double *seg, *own;
    MPI_Aint seg_bytes;
    int seg_unit;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, a, sizeof a);
    MPI_Win_attach(win, (void *)heap, 64);
    MPI_Get_address(&a[2], &where);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, 1, &rank, &self);
    MPI_Win_post(self, 0, win);
    MPI_Win_start(self, 0, win);
    MPI_Get(&got, 1, MPI_INT, rank, where, 1, MPI_INT, win);
    MPI_Win_complete(win);
    while (!flag)
        MPI_Win_test(win, &flag);
    MPI_Win_post(self, 0, win);
    MPI_Win_start(self, 0, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    MPI_Win_detach(win, heap);
    MPI_Win_detach(win, a);
    MPI_Win_free(&win);
    MPI_Win_allocate(32, 1, MPI_INFO_NULL, MPI_COMM_WORLD, bytes, &awin);
    MPI_Win_free(&awin);
    MPI_Win_allocate_shared(2 * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_SELF, &own, &swin);
    MPI_Win_shared_query(swin, 0, &seg_bytes, &seg_unit, &seg);
    own[1] = 2.5;
    seg = seg + 1;
    got += (int)(2 * *seg) + (int)seg_bytes + seg_unit;
    MPI_Win_free(&swin);
    MPI_Group_free(&self);
    MPI_Group_free(&world);
    free(heap);
    free(bytes);
    if (rank == 0)
        printf("ok %d\n", got);
    MPI_Finalize();
    return 0;
}
