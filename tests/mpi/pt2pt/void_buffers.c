/* Buffers handled through `void *` as benchmark suites do: an allocator with a `void **` out-parameter filled by
 * posix_memalign, a `static inline` wrapper allocator called for char, int and double buffers, a `void *` filled
 * with memset, and a `void *` released by a wrapper; each buffer then travels between ranks as its own type.
 * ranks: 2 4 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

static inline void *checked_malloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL) {
        fprintf(stderr, "allocation of %zu bytes failed\n", n);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return p;
}

int allocate_buffer(void **buffer, size_t size)
{
    return posix_memalign(buffer, 64, size);
}

void set_buffer(void *buffer, int data, size_t size)
{
    memset(buffer, data, size);
}

void free_buffer(void *buffer)
{
    free(buffer);
}

void exchange(void *sendbuf, void *recvbuf, int count, MPI_Datatype type, int rank, int size)
{
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    MPI_Sendrecv(sendbuf, count, type, right, 0, recvbuf, count, type, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int rank, size, i, n = 64, errs = 0, toterrs;
    char *cs = NULL, *cr = NULL;
    int *is, *ir;
    double *ds, *dr;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size;

    if (allocate_buffer((void **)&cs, n) || allocate_buffer((void **)&cr, n)) {
        fprintf(stderr, "posix_memalign failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    set_buffer(cs, 'a' + rank, n);
    set_buffer(cr, 0, n);
    exchange(cs, cr, n, MPI_CHAR, rank, size);
    for (i = 0; i < n; i++)
        if (cr[i] != 'a' + left)
            errs++;

    is = checked_malloc(n * sizeof(int));
    ir = checked_malloc(n * sizeof(int));
    set_buffer(ir, 0xff, n * sizeof(int));
    for (i = 0; i < n; i++)
        is[i] = rank * 1000 + i;
    exchange(is, ir, n, MPI_INT, rank, size);
    for (i = 0; i < n; i++)
        if (ir[i] != left * 1000 + i)
            errs++;

    ds = checked_malloc(sizeof(double) * n);
    if (posix_memalign((void **)&dr, 64, n * sizeof(double)) != 0)
        MPI_Abort(MPI_COMM_WORLD, 1);
    set_buffer(dr, 0, n * sizeof(double));
    for (i = 0; i < n; i++)
        ds[i] = rank + i / 4.0;
    exchange(ds, dr, n, MPI_DOUBLE, rank, size);
    for (i = 0; i < n; i++)
        if (dr[i] != left + i / 4.0)
            errs++;

    free_buffer(cs);
    free_buffer(cr);
    free_buffer(is);
    free_buffer(ir);
    free_buffer(ds);
    free_buffer(dr);

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
