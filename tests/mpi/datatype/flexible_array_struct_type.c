/* A struct with a flexible array member described by MPI_Type_create_struct (the count at offsetof(n), the n
 * elements at offsetof(v)) and broadcast as one element of that type: the block's bytes past the struct's own size
 * move with it (runtime Flexible: the struct and its elements are one block of bytes).
 * ranks: 1 2 4 */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct msg { int n; double v[]; };

int main(int argc, char **argv) {
    int rank, errs = 0, total, i;
    const int n = 5;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct msg *m = calloc(1, sizeof *m + n * sizeof(double));
    int lens[2] = {1, n};
    MPI_Aint disps[2] = {offsetof(struct msg, n), offsetof(struct msg, v)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, t;
    MPI_Type_create_struct(2, lens, disps, types, &t);
    MPI_Type_commit(&t);
    if (rank == 0) {
        m->n = n;
        for (i = 0; i < n; i++) m->v[i] = i + 0.25;
    }
    MPI_Bcast(m, 1, t, 0, MPI_COMM_WORLD);
    if (m->n != n) errs++;
    for (i = 0; i < n; i++)
        if (m->v[i] != i + 0.25) errs++;
    MPI_Type_free(&t);
    free(m);
    MPI_Reduce(&errs, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (total == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", total);
    }
    MPI_Finalize();
    return 0;
}
