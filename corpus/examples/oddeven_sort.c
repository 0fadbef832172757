/* Odd-even transposition sort of distributed keys; rand_r seeds; merge with a function pointer helper. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

typedef int (*cmp_fn)(int, int);
static int less(int a, int b) { return a < b; }

static void merge_keep(int *mine, int *theirs, int n, int keep_low, cmp_fn lt) {
    int *tmp = (int *)malloc(2 * n * sizeof(int));
    int i = 0, j = 0, k;
    for (k = 0; k < 2 * n; k++) {
        if (j >= n || (i < n && lt(mine[i], theirs[j]))) tmp[k] = mine[i++];
        else tmp[k] = theirs[j++];
    }
    memcpy(mine, keep_low ? tmp : tmp + n, n * sizeof(int));
    free(tmp);
}

static int by_value(const void *a, const void *b) { return *(int *)a - *(int *)b; }

int main(int argc, char **argv) {
    int rank, size, n = 6, phase, i;
    unsigned seed;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int keys[16], other[16];
    seed = 1234u + rank * 7u;
    for (i = 0; i < n; i++) keys[i] = rand_r(&seed) % 1000;
    qsort(keys, n, sizeof keys[0], by_value);
    for (phase = 0; phase < size; phase++) {
        int partner = (phase % 2 == rank % 2) ? rank + 1 : rank - 1;
        if (partner < 0 || partner >= size) continue;
        MPI_Sendrecv(keys, n, MPI_INT, partner, phase, other, n, MPI_INT, partner, phase, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        merge_keep(keys, other, n, rank < partner, less);
    }
    int *all = NULL;
    if (rank == 0) all = malloc(size * n * sizeof *all);
    MPI_Gather(keys, n, MPI_INT, all, n, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        int ok = 1;
        for (i = 1; i < size * n; i++) if (all[i - 1] > all[i]) ok = 0;
        printf("sorted=%d first=%d last=%d\n", ok, all[0], all[size * n - 1]);
        for (i = 0; i < size * n; i++) printf("%d%c", all[i], (i + 1) % 12 ? ' ' : '\n');
        printf("\n");
        free(all);
    }
    MPI_Finalize();
    return 0;
}
