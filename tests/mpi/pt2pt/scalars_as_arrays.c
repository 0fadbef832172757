/* A scalar's address where MPI takes an array of one: MPI_Waitall(1, &req, &status), Waitany, Testall,
 * and datatype constructors given &len, &disp, &type.
 * ranks: 1 2 4 */
#include <stdio.h>
#include <mpi.h>

int errs = 0;

int main(int argc, char **argv)
{
    int rank, size, toterrs, right, left, in = -1, out, index = -1, flag = 0, len = 2, disp = 1;
    int values[4], got[4] = {0, 0, 0, 0};
    MPI_Aint hdisp = sizeof(int);
    MPI_Datatype inner = MPI_INT, pair_t, idx_t;
    MPI_Request req;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;
    out = 100 + rank;

    MPI_Irecv(&in, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &req);
    MPI_Send(&out, 1, MPI_INT, right, 1, MPI_COMM_WORLD);
    MPI_Waitall(1, &req, &status);
    if (in != 100 + left || status.MPI_SOURCE != left || req != MPI_REQUEST_NULL) {
        errs++;
        printf("[%d] Waitall: %d from %d\n", rank, in, status.MPI_SOURCE);
    }

    MPI_Irecv(&in, 1, MPI_INT, left, 2, MPI_COMM_WORLD, &req);
    MPI_Send(&out, 1, MPI_INT, right, 2, MPI_COMM_WORLD);
    MPI_Waitany(1, &req, &index, &status);
    if (index != 0 || in != 100 + left) {
        errs++;
        printf("[%d] Waitany: index %d, %d\n", rank, index, in);
    }

    MPI_Irecv(&in, 1, MPI_INT, left, 3, MPI_COMM_WORLD, &req);
    MPI_Send(&out, 1, MPI_INT, right, 3, MPI_COMM_WORLD);
    while (!flag)
        MPI_Testall(1, &req, &flag, &status);
    if (in != 100 + left) {
        errs++;
        printf("[%d] Testall: %d\n", rank, in);
    }

    /* one block of two ints, one int in: elements 1 and 2 of values */
    MPI_Type_create_struct(1, &len, &hdisp, &inner, &pair_t);
    MPI_Type_commit(&pair_t);
    MPI_Type_indexed(1, &len, &disp, MPI_INT, &idx_t);
    MPI_Type_commit(&idx_t);
    for (int i = 0; i < 4; i++)
        values[i] = rank * 10 + i;
    MPI_Sendrecv(values, 1, pair_t, right, 4, got, 1, idx_t, left, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (got[0] != 0 || got[1] != left * 10 + 1 || got[2] != left * 10 + 2 || got[3] != 0) {
        errs++;
        printf("[%d] struct/indexed: %d %d %d %d\n", rank, got[0], got[1], got[2], got[3]);
    }
    MPI_Type_free(&pair_t);
    MPI_Type_free(&idx_t);

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
