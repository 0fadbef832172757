/* Pointers into a buffer where MPI takes an array: counts and displacements carved from one
 * allocation (`info + 2`), requests from the middle of a request array (`&reqs[2]`, `reqs + 3`),
 * dimensions from `dims + 1`, coordinates written through a pointer, and a NULL-initialized
 * pointer that only the root allocates, as textbook gathers write it.
 * ranks: 1 2 3 4 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int errs = 0;

static void check(int cond, const char *what, int rank)
{
    if (!cond) {
        errs++;
        printf("rank %d: %s wrong\n", rank, what);
    }
}

int main(int argc, char **argv)
{
    int rank, size, i, toterrs;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* counts and displacements: two views into one block */
    int *info = malloc((2 * size + 4) * sizeof(int));
    int *counts = info + 2, *displs = info + 2 + size;
    for (i = 0; i < size; i++) {
        counts[i] = i + 1;
        displs[i] = i * (i + 1) / 2;
    }
    int total = size * (size + 1) / 2;
    double *mine = malloc((rank + 1) * sizeof(double));
    double *all = malloc(total * sizeof(double));
    for (i = 0; i <= rank; i++)
        mine[i] = rank * 10 + i;
    MPI_Allgatherv(mine, rank + 1, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    for (i = 0; i < size; i++)
        check(all[displs[i]] == i * 10 && all[displs[i] + i] == i * 10 + i, "allgatherv", rank);

    /* requests in the middle of an array: Waitall sets them to MPI_REQUEST_NULL in place */
    MPI_Request *reqs = malloc(4 * sizeof(MPI_Request));
    int right = (rank + 1) % size, left = (rank - 1 + size) % size, got = -1;
    reqs[0] = reqs[1] = MPI_REQUEST_NULL;
    MPI_Irecv(&got, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &reqs[2]);
    MPI_Isend(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD, reqs + 3);
    MPI_Waitall(2, reqs + 2, MPI_STATUSES_IGNORE);
    check(got == left, "ring value", rank);
    check(reqs[2] == MPI_REQUEST_NULL && reqs[3] == MPI_REQUEST_NULL, "requests reset", rank);

    /* dims_create fills dims + 1; cart_coords writes through a pointer into info */
    int dims[3] = {-1, 0, 0}, periods[2] = {1, 1}, *coords = info + 1;
    MPI_Comm cart;
    MPI_Dims_create(size, 2, dims + 1);
    check(dims[0] == -1 && dims[1] * dims[2] == size, "dims_create", rank);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims + 1, periods, 0, &cart);
    MPI_Cart_coords(cart, rank, 2, coords);
    check(info[1] * dims[2] + info[2] == rank, "cart_coords", rank);
    MPI_Comm_free(&cart);

    /* gather to a root that alone allocates: the others pass NULL */
    int *gathered = NULL, *rcounts = NULL, *rdispls = NULL;
    int *maybe = rank == 0 ? malloc(size * sizeof(int)) : NULL;
    if (rank == 0) {
        gathered = malloc(size * sizeof(int));
        rcounts = malloc(size * sizeof(int));
        rdispls = malloc(size * sizeof(int));
        for (i = 0; i < size; i++) {
            rcounts[i] = 1;
            rdispls[i] = size - 1 - i;
        }
    }
    MPI_Gatherv(&rank, 1, MPI_INT, gathered, rcounts, rdispls, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Gather(&rank, 1, MPI_INT, maybe, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < size; i++)
            check(gathered[size - 1 - i] == i && maybe[i] == i, "gather", rank);
        printf("gathered:");
        for (i = 0; i < size; i++)
            printf(" %d", gathered[i]);
        printf("\n");
    }
    free(gathered);
    free(rcounts);
    free(rdispls);
    free(maybe);
    free(info);
    free(mine);
    free(all);
    free(reqs);

    MPI_Reduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0 && toterrs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
