/* Communicators made from an intercommunicator are intercommunicators (MPI-3.1 6.4.2): MPI_Comm_dup (the same two
 * groups, a new context: its messages never match the original's), MPI_Comm_split (each group split by colour; the
 * ranks of one colour in both groups form a new intercommunicator, ordered by key; a colour only one group uses gives
 * MPI_COMM_NULL), MPI_Comm_create (a subgroup of each side's local group), and MPI_Intercomm_merge of a split one.
 * World split into even and odd ranks joined by MPI_Intercomm_create: the groups differ in size at 7 ranks.
 * The port gave the intracommunicator of its own group, or refused (MPI_ERR_COMM), before (real15).
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

static int world_of(int color, int r) { return 2 * r + color; }

/* check that c is an intercommunicator whose remote group is the world ranks want[0..n) in that order */
static void check_remote(int rank, const char *what, MPI_Comm c, const int *want, int n)
{
    int flag, rsize, i, *got;
    MPI_Comm_test_inter(c, &flag);
    expect(rank, what, -1, flag, 1);
    MPI_Comm_remote_size(c, &rsize);
    expect(rank, what, -2, rsize, n);
    got = malloc((n + 1) * sizeof(int));
    MPI_Allgather(&rank, 1, MPI_INT, got, 1, MPI_INT, c); /* the remote group's world ranks, in its rank order */
    for (i = 0; i < n && i < rsize; i++)
        expect(rank, what, i, got[i], want[i]);
    free(got);
}

int main(int argc, char **argv)
{
    int rank, size, toterrs, color, lrank, lsize, rsize, i, n, flag, value, other;
    int want[8];
    MPI_Comm half, inter, dup, split, created, merged;
    MPI_Group local, sub;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    color = rank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - color, 5, &inter);
    MPI_Comm_rank(inter, &lrank);
    MPI_Comm_size(inter, &lsize);
    MPI_Comm_remote_size(inter, &rsize);

    /* Dup: the same groups; a message on inter and one on dup with the same tag are told apart */
    MPI_Comm_dup(inter, &dup);
    for (i = 0; i < rsize; i++)
        want[i] = world_of(1 - color, i);
    check_remote(rank, "dup", dup, want, rsize);
    MPI_Comm_rank(dup, &value);
    expect(rank, "dup rank", 0, value, lrank);
    if (lrank == 0) {
        int a = 10 + rank, b = 20 + rank;
        MPI_Send(&a, 1, MPI_INT, 0, 3, inter);
        MPI_Send(&b, 1, MPI_INT, 0, 3, dup);
        MPI_Recv(&value, 1, MPI_INT, 0, 3, dup, &status);
        expect(rank, "dup message", 0, value, 20 + world_of(1 - color, 0));
        MPI_Recv(&value, 1, MPI_INT, 0, 3, inter, &status);
        expect(rank, "inter message", 0, value, 10 + world_of(1 - color, 0));
    }
    /* a rooted collective on the duplicate: the evens' rank 0 broadcasts to the odds */
    value = 77;
    if (color == 0)
        MPI_Bcast(&value, 1, MPI_INT, lrank == 0 ? MPI_ROOT : MPI_PROC_NULL, dup);
    else {
        value = -1;
        MPI_Bcast(&value, 1, MPI_INT, 0, dup);
        expect(rank, "bcast on dup", 0, value, 77);
    }

    /* Split: colour lrank % 2 in both groups, keys reversing the order; colour 1 is empty on a side of one rank */
    MPI_Comm_split(inter, lrank % 2, -lrank, &split);
    {
        int mine_c = lrank % 2, lcount = 0, rcount = 0;
        for (i = lsize - 1; i >= 0; i--)
            if (i % 2 == mine_c)
                lcount++;
        n = 0;
        for (i = rsize - 1; i >= 0; i--)
            if (i % 2 == mine_c)
                want[n++] = world_of(1 - color, i);
        rcount = n;
        if (rcount == 0) {
            expect(rank, "split is null", 0, split == MPI_COMM_NULL, 1);
        } else {
            expect(rank, "split not null", 0, split != MPI_COMM_NULL, 1);
            if (split != MPI_COMM_NULL) {
                MPI_Comm_size(split, &value);
                expect(rank, "split size", 0, value, lcount);
                check_remote(rank, "split", split, want, rcount);
                /* merged with the odds first (high = 1 on the evens): world ranks in merged rank order */
                MPI_Intercomm_merge(split, color == 0, &merged);
                MPI_Comm_size(merged, &value);
                expect(rank, "merged size", 0, value, lcount + rcount);
                MPI_Allreduce(&rank, &other, 1, MPI_INT, MPI_MAX, merged);
                value = want[0];
                for (i = 0; i < lsize; i++)
                    if (i % 2 == mine_c && world_of(color, i) > value)
                        value = world_of(color, i);
                expect(rank, "merged max", 0, other, value);
                MPI_Comm_rank(merged, &value);
                if (color == 1)
                    expect(rank, "merged rank (odds first)", 0, value < rcount + lcount && value < lcount ? 1 : 0, 1);
                else
                    expect(rank, "merged rank (evens last)", 0, value >= rcount ? 1 : 0, 1);
                MPI_Comm_free(&merged);
                MPI_Comm_free(&split);
            }
        }
    }

    /* Create: the first half (rounded up) of each local group */
    MPI_Comm_group(inter, &local);
    n = (lsize + 1) / 2;
    {
        int ranks[8];
        for (i = 0; i < n; i++)
            ranks[i] = i;
        MPI_Group_incl(local, n, ranks, &sub);
    }
    MPI_Comm_create(inter, sub, &created);
    if (lrank >= n) {
        expect(rank, "create is null", 0, created == MPI_COMM_NULL, 1);
    } else {
        int rn = (rsize + 1) / 2, sum, wsum = 0;
        for (i = 0; i < rn; i++)
            want[i] = world_of(1 - color, i);
        check_remote(rank, "create", created, want, rn);
        MPI_Comm_test_inter(created, &flag);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, created);
        for (i = 0; i < rn; i++)
            wsum += want[i];
        expect(rank, "allreduce on created", 0, sum, wsum);
        MPI_Comm_free(&created);
    }
    MPI_Group_free(&sub);
    MPI_Group_free(&local);

    MPI_Comm_free(&dup);
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
