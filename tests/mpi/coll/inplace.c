/* MPI_IN_PLACE in Reduce and Allreduce, and at the root of Gather, Gatherv, Scatter and Scatterv,
 * and in Allgather and Allgatherv.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 8

int errs = 0;

void check(int rank, const char *what, int got, int expect)
{
    if (got != expect) {
        errs++;
        printf("[%d] %s: got %d, expected %d\n", rank, what, got, expect);
    }
}

int main(int argc, char **argv)
{
    int rank, size, i, r, root, toterrs;
    int buf[2 * MAXP], one[2], counts[MAXP], displs[MAXP];
    double d;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    d = rank + 0.5;
    MPI_Allreduce(MPI_IN_PLACE, &d, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    check(rank, "Allreduce in place", (int)(2 * d), size * size);

    for (root = 0; root < size; root++) {
        one[0] = rank;
        one[1] = -rank;
        if (rank == root) {
            MPI_Reduce(MPI_IN_PLACE, one, 2, MPI_INT, MPI_MAX, root, MPI_COMM_WORLD);
            check(rank, "Reduce in place [0]", one[0], size - 1);
            check(rank, "Reduce in place [1]", one[1], 0);
        } else {
            MPI_Reduce(one, buf, 2, MPI_INT, MPI_MAX, root, MPI_COMM_WORLD);
        }
    }

    root = size - 1;
    for (i = 0; i < 2 * MAXP; i++)
        buf[i] = -1;
    if (rank == root) {
        buf[2 * rank] = 7;
        buf[2 * rank + 1] = 8;
        MPI_Gather(MPI_IN_PLACE, 2, MPI_INT, buf, 2, MPI_INT, root, MPI_COMM_WORLD);
        for (r = 0; r < size; r++) {
            check(rank, "Gather in place", buf[2 * r], r == root ? 7 : r);
            check(rank, "Gather in place", buf[2 * r + 1], r == root ? 8 : 2 * r);
        }
    } else {
        one[0] = rank;
        one[1] = 2 * rank;
        MPI_Gather(one, 2, MPI_INT, buf, 2, MPI_INT, root, MPI_COMM_WORLD);
    }

    /* Gatherv: rank r contributes r % 2 + 1 ints, stored at 2 * r. */
    for (r = 0; r < size; r++) {
        counts[r] = r % 2 + 1;
        displs[r] = 2 * r;
    }
    for (i = 0; i < 2 * MAXP; i++)
        buf[i] = -1;
    one[0] = 10 * rank;
    one[1] = 10 * rank + 1;
    if (rank == 0) {
        buf[0] = 0;
        MPI_Gatherv(MPI_IN_PLACE, 0, MPI_INT, buf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
        for (r = 0; r < size; r++) {
            check(rank, "Gatherv in place", buf[2 * r], 10 * r);
            check(rank, "Gatherv in place", buf[2 * r + 1], r % 2 == 1 ? 10 * r + 1 : -1);
        }
    } else {
        MPI_Gatherv(one, counts[rank], MPI_INT, buf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    }

    /* Scatter / Scatterv: the root keeps its own block where it is. */
    for (i = 0; i < 2 * MAXP; i++)
        buf[i] = 3 * i;
    one[0] = -1;
    one[1] = -1;
    if (rank == 0) {
        MPI_Scatter(buf, 2, MPI_INT, MPI_IN_PLACE, 2, MPI_INT, 0, MPI_COMM_WORLD);
        check(rank, "Scatter in place leaves the root's block", buf[1], 3);
    } else {
        MPI_Scatter(buf, 2, MPI_INT, one, 2, MPI_INT, 0, MPI_COMM_WORLD);
        check(rank, "Scatter", one[0], 6 * rank);
        check(rank, "Scatter", one[1], 6 * rank + 3);
    }
    if (rank == 0) {
        MPI_Scatterv(buf, counts, displs, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else {
        one[1] = -1;
        MPI_Scatterv(buf, counts, displs, MPI_INT, one, counts[rank], MPI_INT, 0, MPI_COMM_WORLD);
        check(rank, "Scatterv", one[0], 6 * rank);
        check(rank, "Scatterv", one[1], rank % 2 == 1 ? 6 * rank + 3 : -1);
    }

    for (i = 0; i < 2 * MAXP; i++)
        buf[i] = -1;
    buf[rank] = rank * rank;
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_INT, buf, 1, MPI_INT, MPI_COMM_WORLD);
    for (r = 0; r < size; r++)
        check(rank, "Allgather in place", buf[r], r * r);

    for (i = 0; i < 2 * MAXP; i++)
        buf[i] = -1;
    buf[2 * rank] = rank + 100;
    if (rank % 2 == 1)
        buf[2 * rank + 1] = rank + 200;
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_INT, buf, counts, displs, MPI_INT, MPI_COMM_WORLD);
    for (r = 0; r < size; r++) {
        check(rank, "Allgatherv in place", buf[2 * r], r + 100);
        check(rank, "Allgatherv in place", buf[2 * r + 1], r % 2 == 1 ? r + 200 : -1);
    }

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
