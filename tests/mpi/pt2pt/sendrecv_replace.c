/* MPI_Sendrecv_replace around a ring (array, scalar and array-offset buffers), with PROC_NULL partners
 * and status checks.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define N 16

int main(int argc, char **argv)
{
    int rank, size, next, prev, i, count, toterrs, errs = 0;
    int buf[N];
    double x;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    for (i = 0; i < N; i++) buf[i] = rank * 100 + i;
    MPI_Sendrecv_replace(buf, N, MPI_INT, next, 5, prev, 5, MPI_COMM_WORLD, &st);
    for (i = 0; i < N; i++)
        if (buf[i] != prev * 100 + i) { errs++; printf("buf[%d] = %d, expected %d\n", i, buf[i], prev * 100 + i); }
    MPI_Get_count(&st, MPI_INT, &count);
    if (st.MPI_SOURCE != prev || st.MPI_TAG != 5 || count != N) {
        errs++;
        printf("status source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
    }

    /* Scalar and any tag (only this message comes from next to me). */
    x = rank + 0.5;
    MPI_Sendrecv_replace(&x, 1, MPI_DOUBLE, prev, rank, next, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    if (x != next + 0.5 || st.MPI_SOURCE != next || st.MPI_TAG != next) {
        errs++;
        printf("scalar %g from %d tag %d\n", x, st.MPI_SOURCE, st.MPI_TAG);
    }

    /* The middle of an array; elements outside it stay. */
    for (i = 0; i < N; i++) buf[i] = -1;
    buf[4] = rank;
    buf[5] = rank * 2;
    MPI_Sendrecv_replace(&buf[4], 2, MPI_INT, next, 7, prev, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (buf[3] != -1 || buf[4] != prev || buf[5] != prev * 2 || buf[6] != -1) {
        errs++;
        printf("offset buffer %d %d %d %d\n", buf[3], buf[4], buf[5], buf[6]);
    }

    /* Only a send (to PROC_NULL's opposite): the buffer is unchanged by a PROC_NULL source. */
    buf[0] = 42;
    MPI_Sendrecv_replace(buf, 1, MPI_INT, MPI_PROC_NULL, 1, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &st);
    if (buf[0] != 42 || st.MPI_SOURCE != MPI_PROC_NULL || st.MPI_TAG != MPI_ANY_TAG) {
        errs++;
        printf("PROC_NULL: buf %d source %d tag %d\n", buf[0], st.MPI_SOURCE, st.MPI_TAG);
    }
    MPI_Get_count(&st, MPI_INT, &count);
    if (count != 0) { errs++; printf("PROC_NULL count %d\n", count); }

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
