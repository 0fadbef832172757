/* Scalars, globals and struct fields as the buffers of calls that take no `ref` (issue 27): nonblocking receives
 * into a scalar, a global and a struct's scalar field and a nonblocking reduction into a scalar (the value lands in
 * the variable once Wait completes the request), and scalars and fields at the array-only buffers of Gather,
 * Scatter, Allgather, Alltoall and Reduce_scatter_block.
 * ranks: 1 2 4 7
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

struct cell { double weight; int count; int tag[2]; };

static int total_g;  /* a global received into by Irecv */
static int errs;

static void check(const char *what, long got, long want)
{
    if (got != want) {
        errs++;
        printf("%s: got %ld, want %ld\n", what, got, want);
    }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    /* Irecv into a local scalar, a global and a struct's field; the sends are scalars too */
    int mine = 100 + rank, got = -1;
    struct cell c = {0.5, -1, {7, 8}};
    MPI_Request reqs[6];
    MPI_Irecv(&got, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(&total_g, 1, MPI_INT, left, 2, MPI_COMM_WORLD, &reqs[1]);
    MPI_Irecv(&c.count, 1, MPI_INT, left, 3, MPI_COMM_WORLD, &reqs[2]);
    MPI_Isend(&mine, 1, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[3]);
    int twice = 2 * mine;
    MPI_Isend(&twice, 1, MPI_INT, right, 2, MPI_COMM_WORLD, &reqs[4]);
    struct cell out = {1.5, 300 + rank, {0, 0}};
    MPI_Isend(&out.count, 1, MPI_INT, right, 3, MPI_COMM_WORLD, &reqs[5]);
    MPI_Waitall(6, reqs, MPI_STATUSES_IGNORE);
    check("Irecv into a scalar", got, 100 + left);
    check("Irecv into a global", total_g, 2 * (100 + left));
    check("Irecv into a field", c.count, 300 + left);
    check("the field's neighbours", c.tag[0] * 10 + c.tag[1], 78);

    /* a nonblocking reduction into a scalar and into a field: the value is there after Wait */
    int sum = -1;
    MPI_Request r;
    MPI_Iallreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    check("Iallreduce into a scalar", sum, 100L * size + (long)size * (size - 1) / 2);

    /* array-only buffers given a scalar (count 1 from or to each rank where one rank's share is one element) */
    int *all = malloc(size * sizeof(int));
    int back = -1;
    for (int i = 0; i < size; i++) all[i] = 10 * i;
    MPI_Scatter(all, 1, MPI_INT, &back, 1, MPI_INT, 0, MPI_COMM_WORLD);
    check("Scatter into a scalar", back, 10 * rank);
    int gathered = -1;  /* one rank's gather (MPI_COMM_SELF) fills one element */
    MPI_Gather(&back, 1, MPI_INT, &gathered, 1, MPI_INT, 0, MPI_COMM_SELF);
    check("Gather into a scalar", gathered, 10 * rank);
    struct cell one = {0, -1, {0, 0}};
    MPI_Allgather(&mine, 1, MPI_INT, &one.count, 1, MPI_INT, MPI_COMM_SELF);
    check("Allgather into a field", one.count, mine);
    struct cell self = {0, -1, {0, 0}};
    MPI_Alltoall(&mine, 1, MPI_INT, &self.count, 1, MPI_INT, MPI_COMM_SELF);
    check("Alltoall into a field", self.count, mine);
    int part = -1;
    int *contrib = malloc(size * sizeof(int));
    for (int i = 0; i < size; i++) contrib[i] = rank + i;
    MPI_Reduce_scatter_block(contrib, &part, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    check("Reduce_scatter_block into a scalar", part, (long)size * (size - 1) / 2 + (long)size * rank);
    MPI_Reduce_scatter_block(contrib, &self.tag[1], 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    check("Reduce_scatter_block into an element of a field", self.tag[1], part);

    int all_errs = 0;
    MPI_Reduce(&errs, &all_errs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && all_errs == 0) printf(" No Errors\n");
    free(all);
    free(contrib);
    MPI_Finalize();
    return 0;
}
