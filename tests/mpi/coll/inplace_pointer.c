/* MPI_IN_PLACE kept in a typed pointer variable that holds a buffer on other branches, then given to the
 * collective (Eijkhout's reduceinplace.c: `sendbuf = (float *)MPI_IN_PLACE; recvbuf = &result;` on the root,
 * `sendbuf = &mynumber; recvbuf = NULL;` elsewhere, then `MPI_Reduce(sendbuf, recvbuf, ...)`; its
 * allreduceinplace.c: `sendbuf = MPI_IN_PLACE; recvbuf = myrandoms;` on the root, `recvbuf = MPI_IN_PLACE` on
 * the others). The port's marker had no pointer form (-Wunsupported-buffer); here every collective that allows
 * MPI_IN_PLACE gets it through a variable, an array-start pointer and a moving one, a wrapper's typed parameter,
 * a conditional and a nonblocking call, and the variable is compared with MPI_IN_PLACE; and MPI_IN_PLACE written
 * in MPI_Reduce as the recvbuf the other ranks' calls ignore.
 * ranks: 1 2 4 7
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int errs = 0;

static void check(int rank, const char *what, double got, double want)
{
    if (got != want) {
        errs++;
        printf("[%d] %s: got %g, expected %g\n", rank, what, got, want);
    }
}

/* a wrapper whose typed parameters may hold MPI_IN_PLACE */
static int sum_to_root(const double *s, double *r, int n, int root, MPI_Comm comm)
{
    return MPI_Reduce(s, r, n, MPI_DOUBLE, MPI_SUM, root, comm);
}

int main(int argc, char **argv)
{
    int rank, size, i, toterrs, root;
    float mynumber, result, *sendbuf, *recvbuf;
    double *d, *ds, *dr;
    int *all, mine[3], *sp, *rp, *blocks;
    long *moving, *chunk;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    root = size - 1;

    /* Eijkhout's reduceinplace: an explicit cast on the root, a scalar's address and NULL elsewhere */
    mynumber = (float) rank;
    if (rank == root) {
        sendbuf = (float *) MPI_IN_PLACE;
        recvbuf = &result;
        result = mynumber;
    } else {
        sendbuf = &mynumber;
        recvbuf = NULL;
    }
    if ((rank == root) != (sendbuf == MPI_IN_PLACE) || (sendbuf != MPI_IN_PLACE) != (rank != root))
        check(rank, "comparison with MPI_IN_PLACE", 0, 1);
    MPI_Reduce(sendbuf, recvbuf, 1, MPI_FLOAT, MPI_SUM, root, MPI_COMM_WORLD);
    if (rank == root)
        check(rank, "Reduce", result, size * (size - 1) / 2.0);

    /* allreduceinplace's second form: the implicit conversion, MPI_IN_PLACE as recvbuf off the root */
    d = malloc(4 * sizeof(double));
    for (i = 0; i < 4; i++)
        d[i] = rank + i;
    if (rank == 0) {
        ds = MPI_IN_PLACE;
        dr = d;
    } else {
        ds = d;
        dr = MPI_IN_PLACE;
    }
    MPI_Reduce(ds, dr, 4, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < 4; i++)
            check(rank, "Reduce into d", d[i], size - 1 + i);

    /* allreduceinplace's first form: MPI_IN_PLACE written in the call as the recvbuf off the root, which MPI
     * ignores there (no overload took it: CS1503), of an array and of a scalar */
    for (i = 0; i < 4; i++)
        d[i] = rank + 1;
    if (rank == 0)
        MPI_Reduce(MPI_IN_PLACE, d, 4, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    else
        MPI_Reduce(d, MPI_IN_PLACE, 4, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < 4; i++)
            check(rank, "Reduce with MPI_IN_PLACE off the root", d[i], size * (size + 1) / 2.0);
    toterrs = rank;
    if (rank == 0)
        MPI_Reduce(MPI_IN_PLACE, &toterrs, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    else
        MPI_Reduce(&toterrs, MPI_IN_PLACE, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        check(rank, "scalar Reduce with MPI_IN_PLACE off the root", toterrs, size - 1);

    /* Allreduce through a conditional kept in the variable */
    for (i = 0; i < 4; i++)
        d[i] = rank * 4 + i;
    ds = size > 0 ? MPI_IN_PLACE : d;
    MPI_Allreduce(ds, d, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < 4; i++)
        check(rank, "Allreduce", d[i], 4.0 * size * (size - 1) / 2 + (double) i * size);

    /* the wrapper: its parameter holds the marker on the root */
    for (i = 0; i < 4; i++)
        d[i] = 1.0;
    ds = rank == root ? MPI_IN_PLACE : d;
    sum_to_root(ds, rank == root ? d : NULL, 4, root, MPI_COMM_WORLD);
    if (rank == root)
        for (i = 0; i < 4; i++)
            check(rank, "Reduce through a wrapper", d[i], size);
    for (i = 0; i < 4; i++)
        d[i] = i;
    if (rank == 0)
        sum_to_root(MPI_IN_PLACE, d, 4, 0, MPI_COMM_WORLD);
    else
        sum_to_root(d, NULL, 4, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < 4; i++)
            check(rank, "MPI_IN_PLACE given to the wrapper", d[i], (double) i * size);

    /* Gather and Allgather: the root's (every rank's) block already in place */
    all = malloc(3 * size * sizeof(int));
    for (i = 0; i < 3; i++)
        mine[i] = all[3 * rank + i] = 10 * rank + i;
    sp = rank == root ? (int *) MPI_IN_PLACE : mine;
    MPI_Gather(sp, 3, MPI_INT, all, 3, MPI_INT, root, MPI_COMM_WORLD);
    if (rank == root)
        for (i = 0; i < 3 * size; i++)
            check(rank, "Gather", all[i], 10 * (i / 3) + i % 3);
    for (i = 0; i < 3 * size; i++)
        all[i] = i / 3 == rank ? 10 * rank + i % 3 : -1;
    sp = MPI_IN_PLACE;
    MPI_Allgather(sp, 0, MPI_DATATYPE_NULL, all, 3, MPI_INT, MPI_COMM_WORLD);
    for (i = 0; i < 3 * size; i++)
        check(rank, "Allgather", all[i], 10 * (i / 3) + i % 3);

    /* Scatter: the root's receive buffer is the marker, its block stays in the send buffer */
    for (i = 0; i < 3 * size; i++)
        all[i] = rank == 0 ? 100 + i : -1;
    rp = rank == 0 ? (int *) MPI_IN_PLACE : mine;
    MPI_Scatter(all, 3, MPI_INT, rp, 3, MPI_INT, 0, MPI_COMM_WORLD);
    for (i = 0; i < 3; i++)
        check(rank, "Scatter", rank == 0 ? all[i] : mine[i], 100 + 3 * rank + i);

    /* Alltoall in place, and Scan and Reduce_scatter_block through a pointer that also moves */
    blocks = malloc(size * sizeof(int));
    for (i = 0; i < size; i++)
        blocks[i] = 100 * rank + i;
    sp = MPI_IN_PLACE;
    MPI_Alltoall(sp, 1, MPI_INT, blocks, 1, MPI_INT, MPI_COMM_WORLD);
    for (i = 0; i < size; i++)
        check(rank, "Alltoall", blocks[i], 100 * i + rank);

    chunk = malloc((size + 1) * sizeof(long));
    for (i = 0; i <= size; i++)
        chunk[i] = rank + 1;
    moving = chunk + 1;
    if (argc > 99)
        moving++;
    moving = (long *) MPI_IN_PLACE;
    MPI_Scan(moving, chunk + 1, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    check(rank, "Scan", chunk[1], (rank + 1) * (rank + 2) / 2);
    for (i = 0; i <= size; i++)
        chunk[i] = rank + i;
    moving = MPI_IN_PLACE;
    MPI_Reduce_scatter_block(moving, chunk, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    check(rank, "Reduce_scatter_block", chunk[0], size * (size - 1) / 2 + (long) size * rank);

    /* nonblocking: Iallreduce of the marker in a variable */
    for (i = 0; i < 4; i++)
        d[i] = 2.0;
    ds = MPI_IN_PLACE;
    MPI_Iallreduce(ds, d, 4, MPI_DOUBLE, MPI_PROD, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (i = 0; i < 4; i++) {
        double want = 1.0;
        int k;
        for (k = 0; k < size; k++)
            want *= 2.0;
        check(rank, "Iallreduce", d[i], want);
    }

    free(d);
    free(all);
    free(blocks);
    free(chunk);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0)
            printf(" No Errors\n");
        else
            printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
