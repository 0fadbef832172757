/* A 1-D halo exchange as Laplace solvers write it (round 16's CIMATEC laplacian-2d-mpi): each rank owns rows
 * [1, jend] of a block a[(jend + 2) * n] with a ghost row at each end, and the edge ranks name MPI_PROC_NULL as the
 * missing neighbour. A rank with no neighbour below also passes the position past its whole block, `&a[(jend + 2) *
 * n]`, to every call family (Send, Ssend, Recv, Sendrecv, Sendrecv_replace, Isend/Irecv, a persistent receive): Open
 * MPI never touches a MPI_PROC_NULL peer's buffer, so none of this is an error (the port checked the buffer first
 * and stopped with MPI_ERR_BUFFER).
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define N 6

static int errs = 0;

static void check(int rank, const char *what, double got, double want)
{
    if (got != want) {
        errs++;
        printf("[%d] %s: %g, expected %g\n", rank, what, got, want);
    }
}

int main(int argc, char **argv)
{
    int rank, size, jend = 3, j, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int up = rank == 0 ? MPI_PROC_NULL : rank - 1;
    int down = rank == size - 1 ? MPI_PROC_NULL : rank + 1;
    double *a = malloc((jend + 2) * N * sizeof(double));
    for (j = 0; j < jend + 2; j++)
        for (i = 0; i < N; i++)
            a[j * N + i] = (j == 0 || j == jend + 1) ? -1.0 : 100.0 * rank + 10.0 * j + i;

    /* blocking: rows go down, then up; the last rank's `down` buffer is one past its last owned row */
    MPI_Send(&a[jend * N], N, MPI_DOUBLE, down, 1, MPI_COMM_WORLD);
    MPI_Recv(&a[0], N, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&a[1 * N], N, MPI_DOUBLE, up, 2, MPI_COMM_WORLD);
    MPI_Recv(&a[(jend + 1) * N], N, MPI_DOUBLE, down, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++) {
        check(rank, "ghost above", a[i], up == MPI_PROC_NULL ? -1.0 : 100.0 * up + 10.0 * jend + i);
        check(rank, "ghost below", a[(jend + 1) * N + i], down == MPI_PROC_NULL ? -1.0 : 100.0 * down + 10.0 + i);
    }

    /* buffers wholly past the block on the edge that has no neighbour: never read nor written */
    double *past = &a[(jend + 2) * N];
    MPI_Status st;
    if (down == MPI_PROC_NULL) {
        MPI_Send(past, N, MPI_DOUBLE, down, 3, MPI_COMM_WORLD);
        MPI_Ssend(past, N, MPI_DOUBLE, down, 3, MPI_COMM_WORLD);
        MPI_Recv(past, N, MPI_DOUBLE, down, 3, MPI_COMM_WORLD, &st);
        check(rank, "PROC_NULL status source", st.MPI_SOURCE, MPI_PROC_NULL);
        MPI_Sendrecv(past, N, MPI_DOUBLE, down, 4, past, N, MPI_DOUBLE, down, 4, MPI_COMM_WORLD, &st);
        MPI_Sendrecv_replace(past, N, MPI_DOUBLE, down, 5, down, 5, MPI_COMM_WORLD, &st);
        MPI_Request r[2];
        MPI_Irecv(past, N, MPI_DOUBLE, down, 6, MPI_COMM_WORLD, &r[0]);
        MPI_Isend(past, N, MPI_DOUBLE, down, 6, MPI_COMM_WORLD, &r[1]);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        MPI_Request p;
        MPI_Recv_init(past, N, MPI_DOUBLE, down, 7, MPI_COMM_WORLD, &p);
        MPI_Start(&p);
        MPI_Wait(&p, MPI_STATUS_IGNORE);
        MPI_Request_free(&p);
    }

    /* nonblocking exchange with Sendrecv at the edges, as a Jacobi sweep posts it */
    MPI_Request req[2];
    MPI_Irecv(&a[(jend + 1) * N], N, MPI_DOUBLE, down, 8, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(&a[1 * N], N, MPI_DOUBLE, up, 8, MPI_COMM_WORLD, &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    MPI_Sendrecv(&a[jend * N], N, MPI_DOUBLE, down, 9, &a[0], N, MPI_DOUBLE, up, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++) {
        check(rank, "ghost below again", a[(jend + 1) * N + i], down == MPI_PROC_NULL ? -1.0 : 100.0 * down + 10.0 + i);
        check(rank, "ghost above again", a[i], up == MPI_PROC_NULL ? -1.0 : 100.0 * up + 10.0 * jend + i);
    }

    int all;
    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    free(a);
    MPI_Finalize();
    return 0;
}
