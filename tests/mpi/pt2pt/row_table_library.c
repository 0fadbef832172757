/* A matrix library in the style course codes copy from Quinn's book (MyMPI.c): a block of rows of any element type
 * in one allocation (`void **storage`), a table of row pointers into it built by GNU C's byte arithmetic on a
 * `void *` (`void ***subs`), both handed back to a caller that passes `(void *) &a` of an `int **a`; the block
 * moved by MPI with a run-time datatype; a print routine taking the table back as `void **` and reading it as the
 * datatype says (`((double **) a)[i][j]` on a branch the int table never takes); rank 0 collecting the other ranks'
 * rows into a table of its own (`b[i] = b[i - 1] + cols * size`); a replicated vector of doubles through a `void **`
 * out-parameter of another function (MyMPI's read_replicated_vector: fresh memory filled on one rank, MPI_Bcast), given `&x` of
 * a `double *x` with no cast (gcc before 14 warns).
 * ranks: 1 2 4
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK_LOW(id, p, n) ((id) * (n) / (p))
#define BLOCK_SIZE(id, p, n) (BLOCK_LOW((id) + 1, p, n) - BLOCK_LOW(id, p, n))

static int errors = 0;

static int datum_size(MPI_Datatype t)
{
    if (t == MPI_DOUBLE) return sizeof(double);
    if (t == MPI_INT) return sizeof(int);
    return 1;
}

static void *checked_malloc(int bytes)
{
    void *p = malloc(bytes);
    if (p == NULL) MPI_Abort(MPI_COMM_WORLD, 2);
    return p;
}

/* the last rank makes every row (row r holds 100 r + c) and sends each rank its block */
static void make_striped(void ***subs, void **storage, MPI_Datatype dtype, int m, int n, MPI_Comm comm)
{
    int id, p, i, j, size = datum_size(dtype), local;
    void **lptr;
    void *rptr;
    MPI_Comm_rank(comm, &id);
    MPI_Comm_size(comm, &p);
    local = BLOCK_SIZE(id, p, m);
    *storage = checked_malloc(local * n * size);
    *subs = (void **) checked_malloc(local * sizeof(void *));
    lptr = (void *) &(*subs[0]);
    rptr = (void *) *storage;
    for (i = 0; i < local; i++) {
        *(lptr++) = (void *) rptr;
        rptr += n * size;
    }
    if (id == p - 1) {
        for (i = 0; i < p; i++) {
            int rows = BLOCK_SIZE(i, p, m), first = BLOCK_LOW(i, p, m);
            void *block = checked_malloc(rows * n * size);
            for (j = 0; j < rows * n; j++) {
                if (dtype == MPI_INT) ((int *) block)[j] = 100 * (first + j / n) + j % n;
                else ((double *) block)[j] = 100.0 * (first + j / n) + j % n + 0.5;
            }
            if (i < p - 1) MPI_Send(block, rows * n, dtype, i, 7, comm);
            else for (j = 0; j < rows * n * size; j++) ((char *) *storage)[j] = ((char *) block)[j];
            free(block);
        }
    } else {
        MPI_Recv(*storage, local * n, dtype, p - 1, 7, comm, MPI_STATUS_IGNORE);
    }
}

static void print_rows(void **a, MPI_Datatype dtype, int first, int rows, int cols)
{
    int i, j;
    for (i = 0; i < rows; i++) {
        printf("row %d:", first + i);
        for (j = 0; j < cols; j++) {
            if (dtype == MPI_DOUBLE) printf(" %.1f", ((double **) a)[i][j]);
            else if (dtype == MPI_INT) printf(" %d", ((int **) a)[i][j]);
        }
        printf("\n");
    }
}

/* rank 0 prints its rows, then each other rank's, received into a table of its own */
static void print_striped(void **a, MPI_Datatype dtype, int m, int n, MPI_Comm comm)
{
    int id, p, i, size = datum_size(dtype);
    MPI_Comm_rank(comm, &id);
    MPI_Comm_size(comm, &p);
    if (id == 0) {
        int most = BLOCK_SIZE(p - 1, p, m);
        void *bstorage = checked_malloc(most * n * size);
        void **b = (void **) checked_malloc(most * sizeof(void *));
        print_rows(a, dtype, 0, BLOCK_SIZE(0, p, m), n);
        b[0] = bstorage;
        for (i = 1; i < most; i++)
            b[i] = b[i - 1] + n * size;
        for (i = 1; i < p; i++) {
            MPI_Recv(bstorage, BLOCK_SIZE(i, p, m) * n, dtype, i, 8, comm, MPI_STATUS_IGNORE);
            print_rows(b, dtype, BLOCK_LOW(i, p, m), BLOCK_SIZE(i, p, m), n);
        }
        free(b);
        free(bstorage);
    } else {
        MPI_Send(*a, BLOCK_SIZE(id, p, m) * n, dtype, 0, 8, comm);
    }
}

/* every rank gets rank 0's vector */
static void replicated_vector(void **v, const void *values, MPI_Datatype dtype, int n, MPI_Comm comm)
{
    int id;
    MPI_Comm_rank(comm, &id);
    *v = checked_malloc(n * datum_size(dtype));
    if (id == 0)
        MPI_Sendrecv(values, n, dtype, 0, 9, *v, n, dtype, 0, 9, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Bcast(*v, n, dtype, 0, comm);
}

int main(int argc, char **argv)
{
    int **a, *storage, id, p, i, j, m = 7, n = 5;
    double *x, quarters[9];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &id);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    make_striped((void *) &a, (void *) &storage, MPI_INT, m, n, MPI_COMM_WORLD);
    for (i = 0; i < BLOCK_SIZE(id, p, m); i++)
        for (j = 0; j < n; j++)
            if (a[i][j] != 100 * (BLOCK_LOW(id, p, m) + i) + j || &a[i][j] != &storage[i * n + j]) {
                printf("rank %d: a[%d][%d] = %d\n", id, i, j, a[i][j]);
                errors++;
            }
    print_striped((void **) a, MPI_INT, m, n, MPI_COMM_WORLD);
    for (i = 0; i < 9; i++)
        quarters[i] = id == 0 ? i / 4.0 : -1;
    replicated_vector(&x, quarters, MPI_DOUBLE, 9, MPI_COMM_WORLD); /* no cast: gcc before 14 warns */
    for (i = 0; i < 9; i++)
        if (x[i] != i / 4.0) errors++;
    MPI_Allreduce(MPI_IN_PLACE, &errors, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (id == 0 && errors == 0) printf(" No Errors\n");
    free(a);
    free(storage);
    free(x);
    MPI_Finalize();
    return 0;
}
