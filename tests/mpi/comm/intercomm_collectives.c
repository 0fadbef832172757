/* Collectives on an intercommunicator other than Allreduce (MPI-3.1 5.2.2): MPI_Bcast and MPI_Reduce from one group
 * to the other (the root passes MPI_ROOT, its group's other ranks MPI_PROC_NULL, the other group the root's rank in
 * the remote group), MPI_Allgather and MPI_Alltoall (each rank receives the other group's blocks, in the remote group's
 * rank order) and MPI_Barrier. World split into even and odd ranks joined by MPI_Intercomm_create, so the groups differ
 * in size at 7 ranks. The port refused every one of them (MPI_ERR_COMM) but Allreduce.
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

int main(int argc, char **argv)
{
    int rank, size, toterrs, color, lrank, lsize, rsize, i, root, value;
    int pair[2], sum[2], *from_remote, *outgoing, *incoming;
    MPI_Comm half, inter;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    color = rank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - color, 11, &inter);
    MPI_Comm_rank(inter, &lrank);
    MPI_Comm_size(inter, &lsize);
    MPI_Comm_remote_size(inter, &rsize);

    /* Bcast from the evens' last rank to the odds, then from the odds' rank 0 to the evens */
    for (int from = 0; from < 2; from++) {
        int root_local = from == 0 ? (size + 1) / 2 - 1 : 0; /* a rank of group `from` */
        if (color == from)
            root = lrank == root_local ? MPI_ROOT : MPI_PROC_NULL;
        else
            root = root_local;
        value = color == from ? (lrank == root_local ? 500 + from : -1) : -2;
        MPI_Bcast(&value, 1, MPI_INT, root, inter);
        if (color == from)
            expect(rank, "bcast kept", from, value, lrank == root_local ? 500 + from : -1);
        else
            expect(rank, "bcast", from, value, 500 + from);
    }

    /* Reduce of the evens' pairs to the odds' last rank (its send buffer NULL: not significant at the root) */
    pair[0] = rank;
    pair[1] = 1;
    sum[0] = sum[1] = -7;
    if (color == 1) {
        root = lrank == lsize - 1 ? MPI_ROOT : MPI_PROC_NULL;
        MPI_Reduce(NULL, sum, 2, MPI_INT, MPI_SUM, root, inter);
        if (root == MPI_ROOT) {
            int want = 0;
            for (i = 0; i < rsize; i++)
                want += world_of(0, i);
            expect(rank, "reduce sum", 0, sum[0], want);
            expect(rank, "reduce count", 1, sum[1], rsize);
        } else {
            expect(rank, "reduce untouched", 0, sum[0], -7);
        }
    } else {
        MPI_Reduce(pair, sum, 2, MPI_INT, MPI_SUM, rsize - 1, inter);
        expect(rank, "reduce untouched", 0, sum[0], -7);
    }

    /* Allgather: each rank gets the other group's world ranks, in their order */
    from_remote = malloc(rsize * sizeof(int));
    MPI_Allgather(&rank, 1, MPI_INT, from_remote, 1, MPI_INT, inter);
    for (i = 0; i < rsize; i++)
        expect(rank, "allgather", i, from_remote[i], world_of(1 - color, i));

    /* Alltoall: block j goes to remote rank j */
    outgoing = malloc(rsize * sizeof(int));
    incoming = malloc(rsize * sizeof(int));
    for (i = 0; i < rsize; i++) {
        outgoing[i] = 1000 * rank + i;
        incoming[i] = -1;
    }
    MPI_Alltoall(outgoing, 1, MPI_INT, incoming, 1, MPI_INT, inter);
    for (i = 0; i < rsize; i++)
        expect(rank, "alltoall", i, incoming[i], 1000 * world_of(1 - color, i) + lrank);

    MPI_Barrier(inter);

    free(from_remote);
    free(outgoing);
    free(incoming);
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
