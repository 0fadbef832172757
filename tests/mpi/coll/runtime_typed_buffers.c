/* A `void *` buffer whose element type is chosen at run time from an MPI datatype, as parallel-rank codes write
 * it: gather one number of `datatype` per rank into `void *` memory malloc'ed by MPI_Type_size, step through it
 * with GNU C's byte arithmetic on `void *` (`buf + i * size`), memcpy each into a union field of a struct, sort by
 * the member the datatype names (`if (datatype == MPI_FLOAT) ... else ...`), scatter the ranks back. Run for
 * MPI_FLOAT and MPI_INT, and for a double through MPI_Bcast into `void *` memory read back as `(double *)`.
 * ranks: 1 2 4 7
 * native-env: OMPI_MCA_osc=pt2pt */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

typedef struct {
    int owner;
    union {
        float f;
        int i;
    } number;
} Tagged;

static void *gather_to_root(void *number, MPI_Datatype datatype, MPI_Comm comm)
{
    int rank, size, type_size;
    void *all = NULL;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    MPI_Type_size(datatype, &type_size);
    if (rank == 0)
        all = malloc(type_size * size);
    MPI_Gather(number, 1, datatype, all, 1, datatype, 0, comm);
    return all;
}

static int by_float(const void *a, const void *b)
{
    const Tagged *x = (const Tagged *)a, *y = (const Tagged *)b;
    return x->number.f < y->number.f ? -1 : x->number.f > y->number.f ? 1 : 0;
}

static int by_int(const void *a, const void *b)
{
    const Tagged *x = (const Tagged *)a, *y = (const Tagged *)b;
    return x->number.i < y->number.i ? -1 : x->number.i > y->number.i ? 1 : 0;
}

static int *ranks_of(void *numbers, int count, MPI_Datatype datatype)
{
    int type_size, i, *ranks = malloc(count * sizeof(int));
    Tagged *t = malloc(count * sizeof(Tagged));
    MPI_Type_size(datatype, &type_size);
    for (i = 0; i < count; i++) {
        t[i].owner = i;
        memcpy(&(t[i].number), numbers + (i * type_size), type_size);
    }
    if (datatype == MPI_FLOAT)
        qsort(t, count, sizeof(Tagged), &by_float);
    else
        qsort(t, count, sizeof(Tagged), &by_int);
    for (i = 0; i < count; i++)
        ranks[t[i].owner] = i;
    free(t);
    return ranks;
}

static int parallel_rank(void *send, void *recv, MPI_Datatype datatype, MPI_Comm comm)
{
    int rank, size, *ranks = NULL;
    void *all;
    if (datatype != MPI_INT && datatype != MPI_FLOAT)
        return MPI_ERR_TYPE;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    all = gather_to_root(send, datatype, comm);
    if (rank == 0)
        ranks = ranks_of(all, size, datatype);
    MPI_Scatter(ranks, 1, MPI_INT, recv, 1, MPI_INT, 0, comm);
    if (rank == 0) {
        free(all);
        free(ranks);
    }
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int rank, size, r, errs = 0, toterrs, mine, rc;
    float f;
    double d = 0.0, *dp;
    void *v;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* floats falling with the rank: rank r has rank size - 1 - r */
    f = 100.0f - 1.5f * rank;
    parallel_rank(&f, &r, MPI_FLOAT, MPI_COMM_WORLD);
    if (r != size - 1 - rank) {
        errs++;
        printf("rank %d: float rank %d, expected %d\n", rank, r, size - 1 - rank);
    }
    /* ints in a shuffled order: (rank * 3) % size is a permutation when size is not a multiple of 3 */
    mine = size % 3 ? (rank * 3) % size : rank;
    parallel_rank(&mine, &r, MPI_INT, MPI_COMM_WORLD);
    if (r != mine) {
        errs++;
        printf("rank %d: int rank %d, expected %d\n", rank, r, mine);
    }
    rc = parallel_rank(&d, &r, MPI_DOUBLE, MPI_COMM_WORLD);
    if (rc != MPI_ERR_TYPE) {
        errs++;
        printf("rank %d: MPI_DOUBLE gave %d, expected MPI_ERR_TYPE\n", rank, rc);
    }
    /* untyped memory filled by MPI and read as the datatype's type */
    v = malloc(sizeof(double));
    if (rank == 0)
        *(double *)v = 2.25;
    MPI_Bcast(v, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    dp = (double *)v;
    if (*dp != 2.25) {
        errs++;
        printf("rank %d: broadcast %g, expected 2.25\n", rank, *dp);
    }
    free(v);

    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
