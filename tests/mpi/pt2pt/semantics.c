/* MPI's matching semantics: non-overtaking order between a pair of ranks, tag matching out of the
 * unexpected-message queue, an Issend that cannot complete before its receive is posted, and
 * Cancel / Test_cancelled of a receive that never matches; Get_elements.
 * ranks: 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define M 50

int main(int argc, char **argv)
{
    int rank, size, i, x, y, flag, count, toterrs, errs = 0;
    int buf[3];
    MPI_Status st;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Non-overtaking: rank 0 sends M messages alternating tags; rank 1 takes them with MPI_ANY_TAG in order. */
    if (rank == 0) {
        for (i = 0; i < M; i++) MPI_Send(&i, 1, MPI_INT, 1, i % 2, MPI_COMM_WORLD);
    } else if (rank == 1) {
        for (i = 0; i < M; i++) {
            MPI_Recv(&x, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (x != i || st.MPI_TAG != i % 2) { errs++; printf("message %d arrived as %d (tag %d)\n", i, x, st.MPI_TAG); }
        }
    }

    /* Unexpected queue: tags 3, 2, 1 sent; received as 1, 2, 3 after they all arrived. */
    if (rank == 0) {
        for (i = 3; i >= 1; i--) {
            x = 10 * i;
            MPI_Send(&x, 1, MPI_INT, 1, i, MPI_COMM_WORLD);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        for (i = 1; i <= 3; i++) {
            MPI_Recv(&x, 1, MPI_INT, 0, i, MPI_COMM_WORLD, &st);
            if (x != 10 * i || st.MPI_TAG != i) { errs++; printf("tag %d matched %d (tag %d)\n", i, x, st.MPI_TAG); }
        }
    }

    /* Issend completes only once the receive started: rank 1 posts it after a barrier rank 0 reaches later. */
    if (rank == 0) {
        x = 77;
        MPI_Issend(&x, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, &req);
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        if (flag) { errs++; printf("Issend completed before the receive was posted\n"); }
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 1) {
            MPI_Recv(&y, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (y != 77) { errs++; printf("Issend data %d\n", y); }
        }
    }

    /* A receive nobody matches, cancelled. */
    MPI_Irecv(buf, 3, MPI_INT, MPI_ANY_SOURCE, 999, MPI_COMM_WORLD, &req);
    MPI_Cancel(&req);
    MPI_Wait(&req, &st);
    MPI_Test_cancelled(&st, &flag);
    if (!flag) { errs++; printf("the receive was not cancelled\n"); }

    /* Get_elements on a basic datatype equals Get_count. */
    buf[0] = rank;
    buf[1] = rank;
    MPI_Sendrecv(buf, 2, MPI_INT, (rank + 1) % size, 5, buf, 3, MPI_INT, (rank + size - 1) % size, 5, MPI_COMM_WORLD, &st);
    MPI_Get_elements(&st, MPI_INT, &count);
    if (count != 2) { errs++; printf("Get_elements %d\n", count); }
    MPI_Get_count(&st, MPI_SHORT, &count);
    if (count != 4) { errs++; printf("Get_count in shorts %d\n", count); }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
