/* The collectives on an intercommunicator that round 14 left (MPI-3.1 5.2.2, as Open MPI's coll/inter does them):
 * MPI_Gather, MPI_Scatter, MPI_Gatherv, MPI_Scatterv from one group to the other (the root passes MPI_ROOT, its
 * group's other ranks MPI_PROC_NULL with NULL buffers, the other group the root's rank in the remote group),
 * MPI_Allgatherv (each rank receives the other group's blocks), MPI_Reduce_scatter_block and MPI_Reduce_scatter (the
 * reduction of the other group's vectors, scattered over this group), two nonblocking ones (MPI_Igather, MPI_Iallgatherv),
 * and MPI_Scan, which MPI does not define on an intercommunicator: MPI_ERR_COMM under MPI_ERRORS_RETURN.
 * World split into even and odd ranks joined by MPI_Intercomm_create: the groups differ in size at 7 ranks.
 * The port refused all of them with MPI_ERR_COMM before (real15).
 * ranks: 2 4 7
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int errs = 0;

static void expect(int rank, const char *what, int i, int got, int want)
{
    if (got != want) {
        errs++;
        printf("rank %d: %s[%d] = %d, expected %d\n", rank, what, i, got, want);
    }
}

/* the world rank of rank r of the group of this colour (evens, odds; split ordered by world rank) */
static int world_of(int color, int r) { return 2 * r + color; }

/* the root argument of a rooted collective whose root is local rank `at` of group `from` */
static int root_arg(int color, int lrank, int from, int at)
{
    if (color != from)
        return at;
    return lrank == at ? MPI_ROOT : MPI_PROC_NULL;
}

int main(int argc, char **argv)
{
    int rank, size, toterrs, color, lrank, lsize, rsize, i, j, root, rc, cls;
    int *got, *mine, *counts, *displs, total;
    MPI_Comm half, inter;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); /* inherited by half and inter */
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    color = rank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - color, 7, &inter);
    MPI_Comm_rank(inter, &lrank);
    MPI_Comm_size(inter, &lsize);
    MPI_Comm_remote_size(inter, &rsize);
    got = malloc(64 * sizeof(int));
    mine = malloc(64 * sizeof(int));
    counts = malloc(16 * sizeof(int));
    displs = malloc(16 * sizeof(int));

    /* Gather: the odds' last rank gathers two ints from each even rank, then the evens' rank 0 from each odd rank */
    for (int from = 1; from >= 0; from--) {
        int at = from == 1 ? (color == 1 ? lsize : rsize) - 1 : 0; /* the odds' last rank */
        root = root_arg(color, lrank, from, at);
        for (i = 0; i < 64; i++)
            got[i] = -1;
        if (color == from) {
            MPI_Gather(NULL, 0, MPI_INT, root == MPI_ROOT ? got : NULL, 2, MPI_INT, root, inter);
            for (i = 0; root == MPI_ROOT && i < rsize; i++) {
                expect(rank, "gather", 2 * i, got[2 * i], 100 * world_of(1 - color, i));
                expect(rank, "gather", 2 * i + 1, got[2 * i + 1], 100 * world_of(1 - color, i) + 1);
            }
            if (root != MPI_ROOT)
                expect(rank, "gather untouched", 0, got[0], -1);
        } else {
            mine[0] = 100 * rank;
            mine[1] = 100 * rank + 1;
            MPI_Gather(mine, 2, MPI_INT, NULL, 0, MPI_INT, root, inter);
        }
    }

    /* Scatter: the evens' rank 0 gives three ints to each odd rank (and back from the odds' rank 0) */
    for (int from = 0; from < 2; from++) {
        root = root_arg(color, lrank, from, 0);
        if (color == from) {
            for (i = 0; i < 3 * rsize; i++)
                mine[i] = 1000 * from + i;
            MPI_Scatter(root == MPI_ROOT ? mine : NULL, 3, MPI_INT, NULL, 0, MPI_INT, root, inter);
        } else {
            got[0] = got[1] = got[2] = -1;
            MPI_Scatter(NULL, 0, MPI_INT, got, 3, MPI_INT, root, inter);
            for (i = 0; i < 3; i++)
                expect(rank, "scatter", i, got[i], 1000 * from + 3 * lrank + i);
        }
    }

    /* Gatherv: the evens' last rank takes i + 1 ints from odd rank i, placed from the end of its buffer backwards */
    root = root_arg(color, lrank, 0, (color == 0 ? lsize : rsize) - 1);
    if (color == 0) {
        total = 0;
        for (i = rsize - 1; i >= 0; i--) {
            counts[i] = i + 1;
            displs[i] = total;
            total += counts[i];
        }
        for (i = 0; i < 64; i++)
            got[i] = -1;
        MPI_Gatherv(NULL, 0, MPI_INT, got, counts, displs, MPI_INT, root, inter);
        for (i = 0; root == MPI_ROOT && i < rsize; i++)
            for (j = 0; j < counts[i]; j++)
                expect(rank, "gatherv", displs[i] + j, got[displs[i] + j], 10 * world_of(1, i) + j);
    } else {
        for (j = 0; j <= lrank; j++)
            mine[j] = 10 * rank + j;
        MPI_Gatherv(mine, lrank + 1, MPI_INT, NULL, NULL, NULL, MPI_INT, root, inter);
    }

    /* Scatterv: the odds' rank 0 gives 2 * i + 1 ints to even rank i, from a buffer with gaps */
    root = root_arg(color, lrank, 1, 0);
    if (color == 1) {
        for (i = 0; i < rsize; i++) {
            counts[i] = 2 * i + 1;
            displs[i] = 3 * i * i;
        }
        for (i = 0; i < 64; i++)
            mine[i] = 7000 + i;
        MPI_Scatterv(mine, counts, displs, MPI_INT, NULL, 0, MPI_INT, root, inter);
    } else {
        for (i = 0; i < 16; i++)
            got[i] = -1;
        MPI_Scatterv(NULL, NULL, NULL, MPI_INT, got, 2 * lrank + 1, MPI_INT, root, inter);
        for (i = 0; i < 2 * lrank + 1; i++)
            expect(rank, "scatterv", i, got[i], 7000 + 3 * lrank * lrank + i);
        expect(rank, "scatterv past", i, got[i], -1);
    }

    /* Allgatherv: each rank gives lrank + 1 copies of its world rank; each receives the other group's, packed */
    for (j = 0; j <= lrank; j++)
        mine[j] = rank;
    total = 0;
    for (i = 0; i < rsize; i++) {
        counts[i] = i + 1;
        displs[i] = total;
        total += counts[i];
    }
    for (i = 0; i < 64; i++)
        got[i] = -1;
    MPI_Allgatherv(mine, lrank + 1, MPI_INT, got, counts, displs, MPI_INT, inter);
    for (i = 0; i < rsize; i++)
        for (j = 0; j <= i; j++)
            expect(rank, "allgatherv", displs[i] + j, got[displs[i] + j], world_of(1 - color, i));

    /* Reduce_scatter_block: both groups reduce lsize * rsize elements; each rank of a group gets rsize of the other
     * group's sums (MPI: the count of the reduction is the same in both groups) */
    total = lsize * rsize;
    for (i = 0; i < total; i++)
        mine[i] = rank + i;
    for (i = 0; i < 64; i++)
        got[i] = -1;
    MPI_Reduce_scatter_block(mine, got, total / lsize, MPI_INT, MPI_SUM, inter);
    {
        int wsum = 0;
        for (i = 0; i < rsize; i++)
            wsum += world_of(1 - color, i);
        for (i = 0; i < total / lsize; i++) {
            int k = lrank * (total / lsize) + i;
            expect(rank, "reduce_scatter_block", i, got[i], wsum + rsize * k);
        }
        expect(rank, "reduce_scatter_block past", i, got[i], -1);

        /* Reduce_scatter (MPI_MAX) of the same vectors, this group's ranks taking 1, 2, ... elements, the last the rest */
        int at = 0;
        for (i = 0; i < lsize; i++) {
            counts[i] = i < lsize - 1 ? i + 1 : total - at;
            at += counts[i];
        }
        for (i = 0; i < 64; i++)
            got[i] = -1;
        MPI_Reduce_scatter(mine, got, counts, MPI_INT, MPI_MAX, inter);
        at = 0;
        for (i = 0; i < lrank; i++)
            at += counts[i];
        for (i = 0; i < counts[lrank]; i++)
            expect(rank, "reduce_scatter", i, got[i], world_of(1 - color, rsize - 1) + at + i);
    }

    /* Nonblocking: Igather to the odds' rank 0, Iallgatherv of one int each */
    root = root_arg(color, lrank, 1, 0);
    for (i = 0; i < 64; i++)
        got[i] = -1;
    mine[0] = 3 * rank;
    if (color == 1)
        MPI_Igather(NULL, 0, MPI_INT, root == MPI_ROOT ? got : NULL, 1, MPI_INT, root, inter, &req);
    else
        MPI_Igather(mine, 1, MPI_INT, NULL, 0, MPI_INT, root, inter, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (i = 0; root == MPI_ROOT && i < rsize; i++)
        expect(rank, "igather", i, got[i], 3 * world_of(0, i));
    for (i = 0; i < rsize; i++) {
        counts[i] = 1;
        displs[i] = rsize - 1 - i;
    }
    MPI_Iallgatherv(mine, 1, MPI_INT, got, counts, displs, MPI_INT, inter, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (i = 0; i < rsize; i++)
        expect(rank, "iallgatherv", rsize - 1 - i, got[rsize - 1 - i], 3 * world_of(1 - color, i));

    /* Scan is not defined on an intercommunicator (Exscan neither: Open MPI 4.1 has no check there and crashes,
     * SIGSEGV; the port raises MPI_ERR_COMM for both) */
    rc = MPI_Scan(mine, got, 1, MPI_INT, MPI_SUM, inter);
    MPI_Error_class(rc, &cls);
    expect(rank, "scan's error class", 0, cls, MPI_ERR_COMM);

    MPI_Barrier(inter);
    free(got);
    free(mine);
    free(counts);
    free(displs);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
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
