/* Every nonblocking collective row once, at any rank count (tests/test_rules.py). */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i;
    int a[64], b[64], counts[16], displs[16];
    MPI_Request req[16];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < 64; i++) {
        a[i] = rank + i;
        b[i] = 0;
    }
    for (i = 0; i < size && i < 16; i++) {
        counts[i] = 1;
        displs[i] = i;
    }
    MPI_Ibarrier(MPI_COMM_WORLD, &req[0]);
    MPI_Ibcast(a, 2, MPI_INT, 0, MPI_COMM_WORLD, &req[1]);
    MPI_Ireduce(a, b, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &req[2]);
    MPI_Iallreduce(a, b + 2, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req[3]);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    MPI_Igather(a, 1, MPI_INT, b, 1, MPI_INT, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Igatherv(a, 1, MPI_INT, b, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Iscatter(a, 1, MPI_INT, b, 1, MPI_INT, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Iscatterv(a, counts, displs, MPI_INT, b, 1, MPI_INT, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Iallgather(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Iallgatherv(a, 1, MPI_INT, b, counts, displs, MPI_INT, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Ialltoall(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Ialltoallv(a, counts, displs, MPI_INT, b, counts, displs, MPI_INT, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Iscan(a, b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[0]);
    MPI_Iexscan(a, b + 1, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[1]);
    MPI_Ireduce_scatter_block(a, b + 2, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[2]);
    MPI_Ireduce_scatter(a, b + 3, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[3]);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    MPI_Iallreduce(MPI_IN_PLACE, a, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[0]);
    MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Finalize();
    printf("ok %d %d %d %d\n", a[0], b[0], b[2], b[3]);
    return 0;
}
