/* Persistent requests whose buffers are the addresses of scalars (&x): Send_init/Recv_init/Ssend_init bind the
 * variable itself, so each Start sends the value x holds at that moment and the receive lands in y.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define ROUNDS 4

int main(int argc, char **argv)
{
    int rank, size, next, prev, round, x = 0, y = -1, errs = 0, toterrs;
    double dx = 0.0, dy = -1.0;
    MPI_Request reqs[4];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;

    MPI_Send_init(&x, 1, MPI_INT, next, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(&y, 1, MPI_INT, prev, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Ssend_init(&dx, 1, MPI_DOUBLE, next, 2, MPI_COMM_WORLD, &reqs[2]);
    MPI_Recv_init(&dy, 1, MPI_DOUBLE, prev, 2, MPI_COMM_WORLD, &reqs[3]);
    for (round = 0; round < ROUNDS; round++) {
        x = rank * 100 + round;
        dx = rank + round / 4.0;
        MPI_Startall(4, reqs);
        MPI_Wait(&reqs[1], &st);
        MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE); /* reqs[1] is inactive: done at once */
        MPI_Wait(&reqs[3], MPI_STATUS_IGNORE);
        if (y != prev * 100 + round || st.MPI_SOURCE != prev) { errs++; printf("round %d: y = %d\n", round, y); }
        if (dy != prev + round / 4.0) { errs++; printf("round %d: dy = %f\n", round, dy); }
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    MPI_Request_free(&reqs[2]);
    MPI_Request_free(&reqs[3]);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
