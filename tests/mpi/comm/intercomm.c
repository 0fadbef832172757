/* Intercommunicators: the even and the odd ranks of MPI_COMM_WORLD as two groups joined by
 * MPI_Intercomm_create; point-to-point between them (a rank names a member of the other group), any-source
 * receives, the remote size and group, MPI_Comm_test_inter, then MPI_Intercomm_merge with the odd group high
 * (the even ranks first) and a collective on the merged communicator.
 * ranks: 2 3 4 7
 * transports: tcp */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, color, lrank, lsize, rsize, flag, i, toterrs, errs = 0;
    int sent, got, remote_leader, mrank, msize, sum, expect;
    MPI_Comm half, inter, merged;
    MPI_Group remote, world;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    color = rank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
    MPI_Comm_rank(half, &lrank);
    MPI_Comm_size(half, &lsize);
    remote_leader = color == 0 ? 1 : 0;          /* the other group's rank 0, in MPI_COMM_WORLD */
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, remote_leader, 77, &inter);

    MPI_Comm_test_inter(inter, &flag);
    if (!flag) { errs++; printf("MPI_Comm_test_inter says no\n"); }
    MPI_Comm_test_inter(half, &flag);
    if (flag) { errs++; printf("MPI_Comm_test_inter says yes for an intracommunicator\n"); }
    MPI_Comm_remote_size(inter, &rsize);
    if (rsize != (color == 0 ? size / 2 : (size + 1) / 2)) { errs++; printf("remote size %d\n", rsize); }

    /* the remote group's members are the other parity's world ranks, in order */
    MPI_Comm_remote_group(inter, &remote);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    for (i = 0; i < rsize; i++) {
        int w;
        MPI_Group_translate_ranks(remote, 1, &i, world, &w);
        if (w != 2 * i + (1 - color)) { errs++; printf("remote rank %d is world rank %d\n", i, w); }
    }

    /* pairs (local i, remote i) exchange their world ranks */
    if (lrank < rsize) {
        sent = rank;
        MPI_Sendrecv(&sent, 1, MPI_INT, lrank, 5, &got, 1, MPI_INT, lrank, 5, inter, &st);
        if (got != 2 * lrank + (1 - color) || st.MPI_SOURCE != lrank) { errs++; printf("got %d from %d\n", got, st.MPI_SOURCE); }
    }
    /* every member of the bigger (even) group sends to the other group's rank 0, which receives from any source */
    if (color == 0 && size > 1) {
        MPI_Send(&rank, 1, MPI_INT, 0, 6, inter);
    } else if (color == 1 && lrank == 0) {
        sum = 0;
        for (i = 0; i < rsize; i++) {
            MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 6, inter, &st);
            if (got != 2 * st.MPI_SOURCE) { errs++; printf("any-source got %d from %d\n", got, st.MPI_SOURCE); }
            sum += got;
        }
        if (sum != rsize * (rsize - 1)) { errs++; printf("sum %d\n", sum); }
    }

    MPI_Intercomm_merge(inter, color, &merged);
    MPI_Comm_rank(merged, &mrank);
    MPI_Comm_size(merged, &msize);
    expect = color == 0 ? lrank : (size + 1) / 2 + lrank;
    if (msize != size || mrank != expect) { errs++; printf("merged rank %d of %d, not %d\n", mrank, msize, expect); }
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, merged);
    if (sum != size * (size - 1) / 2) { errs++; printf("merged sum %d\n", sum); }
    if (rank == 0) printf("%d ranks: groups of %d and %d, merged\n", size, (size + 1) / 2, size / 2);

    MPI_Group_free(&remote);
    MPI_Group_free(&world);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
