/* MPI_Alloc_mem's memory holding structs with pointers in them, as the Intel MPI Benchmarks keep their benchmark
 * list (a name, function pointers) there: allocated directly (`&list`), through a wrapper returning its `void *`
 * local filled by `MPI_Alloc_mem(size, info, (void *)&ptr)` (IMB_v_alloc), through a `void **` out-parameter
 * handed to MPI_Alloc_mem, and freed through a `void **` wrapper of MPI_Free_mem (IMB_v_free) given `(void **)&p`,
 * `(void **)&list[i].name` and a `struct bench **`. The same wrapper also gives numbers that MPI moves, and an
 * array of row pointers each given to MPI_Bcast. */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

struct bench {
    char *name;
    int id;
    double *weights;
    int (*run)(int, int);
};

static int num_alloc = 0, num_free = 0;

static void *v_alloc(size_t size, const char *where)
{
    void *ptr = NULL;
    if (size < sizeof(size_t))
        size = sizeof(size_t);
    if (MPI_Alloc_mem(size, MPI_INFO_NULL, (void *)&ptr) != MPI_SUCCESS || ptr == NULL)
        printf("allocation failed at %s\n", where);
    num_alloc++;
    return ptr;
}

static void v_free(void **b)
{
    if (*b) {
        MPI_Free_mem(*b);
        num_free++;
    }
    *b = NULL;
}

static int alloc_into(void **b, size_t size)
{
    num_alloc++;
    return MPI_Alloc_mem(size, MPI_INFO_NULL, b);
}

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }

static void destruct(struct bench **list)
{
    int i = 0;
    while ((*list)[i].name)
        v_free((void **)&((*list)[i++].name));
    v_free((void **)list);
}

int main(int argc, char **argv)
{
    int rank, size, i, errs = 0, toterrs;
    struct bench *list, *extra = NULL;
    struct bench *direct;
    double *sums, **rows;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    list = (struct bench *)v_alloc(3 * sizeof(struct bench), "list");
    for (i = 0; i < 2; i++) {
        list[i].name = (char *)v_alloc(16, "name");
        sprintf(list[i].name, "bench%d", i);
        list[i].id = 10 * i + rank;
        list[i].weights = (double *)v_alloc(2 * sizeof(double), "weights");
        list[i].weights[0] = i + 0.5;
        list[i].run = i == 0 ? add : mul;
    }
    list[2].name = NULL;
    for (i = 0; list[i].name; i++) {
        char want[16];
        sprintf(want, "bench%d", i);
        if (strcmp(list[i].name, want) != 0 || list[i].run(3, 4) != (i == 0 ? 7 : 12) ||
            list[i].weights[0] != i + 0.5 || list[i].id != 10 * i + rank) {
            errs++;
            printf("[%d] list[%d] = %s %d\n", rank, i, list[i].name, list[i].id);
        }
    }

    /* numbers from the same wrapper, moved by MPI */
    sums = (double *)v_alloc(4 * sizeof(double), "sums");
    for (i = 0; i < 4; i++)
        sums[i] = rank + i;
    MPI_Allreduce(MPI_IN_PLACE, sums, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (i = 0; i < 4; i++)
        if (sums[i] != size * (size - 1) / 2.0 + size * i) {
            errs++;
            printf("[%d] sums[%d] = %g\n", rank, i, sums[i]);
        }

    /* directly: `&direct` of a struct pointer, and an array of row pointers */
    MPI_Alloc_mem(2 * sizeof(struct bench), MPI_INFO_NULL, &direct);
    direct[0] = list[1];
    direct[1].name = NULL;
    if (direct[0].run(5, 6) != 30 || direct[0].weights != list[1].weights) {
        errs++;
        printf("[%d] direct copy differs\n", rank);
    }
    MPI_Alloc_mem(3 * sizeof(double *), MPI_INFO_NULL, &rows);
    for (i = 0; i < 3; i++) {
        MPI_Alloc_mem(5 * sizeof(double), MPI_INFO_NULL, &rows[i]);
        rows[i][4] = rank == 0 ? 100.0 * i : -1.0;
        MPI_Bcast(rows[i], 5, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        if (rows[i][4] != 100.0 * i) {
            errs++;
            printf("[%d] rows[%d][4] = %g\n", rank, i, rows[i][4]);
        }
    }
    for (i = 0; i < 3; i++)
        MPI_Free_mem(rows[i]);
    MPI_Free_mem(rows);
    MPI_Free_mem(direct);

    /* a `void **` out-parameter given to MPI_Alloc_mem */
    if (alloc_into((void **)&extra, 2 * sizeof(struct bench)) != MPI_SUCCESS || extra == NULL) {
        errs++;
        printf("[%d] alloc_into failed\n", rank);
    } else {
        extra[0].name = list[0].name;
        extra[0].run = mul;
        if (extra[0].run(2, 21) != 42 || strcmp(extra[0].name, "bench0") != 0) {
            errs++;
            printf("[%d] extra differs\n", rank);
        }
    }
    v_free((void **)&extra);
    if (extra != NULL) {
        errs++;
        printf("[%d] extra not NULL after v_free\n", rank);
    }

    for (i = 0; list[i].name; i++)
        v_free((void **)&list[i].weights);
    v_free((void **)&sums);
    destruct(&list);
    if (list != NULL || num_alloc != num_free) {
        errs++;
        printf("[%d] list %s NULL, %d allocations, %d frees\n", rank, list ? "not" : "is", num_alloc, num_free);
    }

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
