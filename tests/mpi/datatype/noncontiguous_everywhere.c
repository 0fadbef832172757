/* Non-contiguous datatypes (a column of a row-major matrix, MPI_Type_vector) in the calls that took only
 * contiguous ones: persistent requests (MPI_Send_init / MPI_Recv_init / MPI_Startall), MPI_Ssend, MPI_Bsend,
 * MPI_Rsend, and the neighbourhood collectives on a periodic ring (MPI_Neighbor_allgather and _alltoall of
 * columns resized to one int, so that block i is column i; _allgatherv and _alltoallv, whose displacements
 * count in extents of a 3-int contiguous type).
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define R 4
#define C 5

static int check(const char *what, int got, int want, int rank)
{
    if (got == want) return 0;
    printf("rank %d: %s is %d, expected %d\n", rank, what, got, want);
    return 1;
}

int main(int argc, char **argv)
{
    int rank, size, i, j, errs = 0, toterrs;
    int m[R][C], into[R][C], left, right;
    MPI_Datatype column, column1, triple;
    MPI_Request reqs[2];
    MPI_Comm ring;
    int dims[1] = {0}, periods[1] = {1};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_vector(R, 1, C, MPI_INT, &column);
    MPI_Type_commit(&column);
    MPI_Type_create_resized(column, 0, sizeof(int), &column1);
    MPI_Type_commit(&column1);
    MPI_Type_contiguous(3, MPI_INT, &triple);
    MPI_Type_commit(&triple);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++)
            m[i][j] = 1000 * rank + 10 * i + j;

    /* persistent: my column 2 to the right, into column 0 from the left, twice */
    MPI_Recv_init(&into[0][0], 1, column, left, 1, MPI_COMM_WORLD, &reqs[0]);
    MPI_Send_init(&m[0][2], 1, column, right, 1, MPI_COMM_WORLD, &reqs[1]);
    for (int round = 0; round < 2; round++) {
        for (i = 0; i < R; i++)
            for (j = 0; j < C; j++)
                into[i][j] = -1;
        MPI_Startall(2, reqs);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        for (i = 0; i < R; i++) {
            errs += check("persistent column", into[i][0], 1000 * left + 10 * i + 2, rank);
            errs += check("untouched column", into[i][1], -1, rank);
        }
        m[0][2] += 0;  /* the same buffer again */
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);

    /* send modes: Ssend, Bsend, Rsend of a column; received as R contiguous ints */
    int line[R], bufsize = 3 * (R * (int)sizeof(int) + MPI_BSEND_OVERHEAD);
    char *attached = malloc(bufsize);
    MPI_Buffer_attach(attached, bufsize);
    for (int mode = 0; mode < 3; mode++) {
        MPI_Irecv(line, R, MPI_INT, left, 10 + mode, MPI_COMM_WORLD, &reqs[0]);
        MPI_Barrier(MPI_COMM_WORLD);  /* every receive is posted before the ready send */
        if (mode == 0) MPI_Ssend(&m[0][mode], 1, column, right, 10 + mode, MPI_COMM_WORLD);
        if (mode == 1) MPI_Bsend(&m[0][mode], 1, column, right, 10 + mode, MPI_COMM_WORLD);
        if (mode == 2) MPI_Rsend(&m[0][mode], 1, column, right, 10 + mode, MPI_COMM_WORLD);
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
        for (i = 0; i < R; i++)
            errs += check("send-mode column", line[i], 1000 * left + 10 * i + mode, rank);
    }
    MPI_Buffer_detach(&attached, &bufsize);
    free(attached);

    /* neighbourhood collectives on the ring: in-neighbours (left, right), out-neighbours (left, right) */
    MPI_Dims_create(size, 1, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++)
            into[i][j] = -1;
    MPI_Neighbor_allgather(&m[0][4], 1, column1, &into[0][0], 1, column1, ring);  /* into columns 0 and 1 */
    for (i = 0; i < R; i++) {
        errs += check("allgather from the left", into[i][0], 1000 * left + 10 * i + 4, rank);
        errs += check("allgather from the right", into[i][1], 1000 * right + 10 * i + 4, rank);
        errs += check("allgather leaves column 2", into[i][2], -1, rank);
    }
    MPI_Neighbor_alltoall(&m[0][0], 1, column1, &into[0][2], 1, column1, ring);  /* column 0 left, 1 right */
    for (i = 0; i < R; i++) {
        errs += check("alltoall from the left", into[i][2], 1000 * left + 10 * i + 1, rank);
        errs += check("alltoall from the right", into[i][3], 1000 * right + 10 * i + 0, rank);
    }
    int mine[3] = {rank, 2 * rank, 3 * rank}, got[12], counts[2] = {1, 1}, displs[2] = {2, 0};
    for (i = 0; i < 12; i++) got[i] = -1;
    MPI_Neighbor_allgatherv(mine, 1, triple, got, counts, displs, triple, ring);  /* left's at triple 2, right's at 0 */
    errs += check("allgatherv from the left", got[6] + got[7] + got[8], 6 * left, rank);
    errs += check("allgatherv from the right", got[0] + got[1] + got[2], 6 * right, rank);
    errs += check("allgatherv leaves triple 1", got[3], -1, rank);
    int pair[6] = {rank, rank, rank, -rank, -rank, -rank}, sdispls[2] = {0, 1};
    for (i = 0; i < 12; i++) got[i] = -1;
    MPI_Neighbor_alltoallv(pair, counts, sdispls, triple, got, counts, displs, triple, ring);
    errs += check("alltoallv from the left", got[6], -left, rank);
    errs += check("alltoallv from the right", got[2], right, rank);

    MPI_Comm_free(&ring);
    MPI_Type_free(&column);
    MPI_Type_free(&column1);
    MPI_Type_free(&triple);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
