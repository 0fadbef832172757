/* MPI_Comm_create_group: the even ranks and the odd ranks each build a communicator at the same time (tags
 * 1 and 2), only their members calling; a rank outside a group that calls it gets MPI_COMM_NULL (as Open MPI
 * gives); collectives on the new communicators. Also the parallel-rank idiom: numbers gathered as MPI_FLOAT
 * and MPI_INT into a malloc'ed `char *` block, copied out with memcpy into a union field of a struct.
 * ranks: 1 2 4 7
 * transports: tcp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

typedef struct { int from; union { float f; int i; } value; } ranked;

int main(int argc, char **argv)
{
    int rank, size, i, errs = 0, toterrs, n, sum, newrank, newsize;
    int parity[64], first[1] = {0};
    MPI_Group world, mine, firstonly;
    MPI_Comm half, lone;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_group(MPI_COMM_WORLD, &world);

    n = 0;
    for (i = rank % 2; i < size; i += 2) parity[n++] = i;
    MPI_Group_incl(world, n, parity, &mine);
    MPI_Comm_create_group(MPI_COMM_WORLD, mine, 1 + rank % 2, &half);
    MPI_Comm_rank(half, &newrank);
    MPI_Comm_size(half, &newsize);
    if (newrank != rank / 2 || newsize != n) {
        printf("rank %d: rank %d of %d in its half, expected %d of %d\n", rank, newrank, newsize, rank / 2, n);
        errs++;
    }
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, half);
    int want = 0;
    for (i = 0; i < n; i++) want += parity[i];
    if (sum != want) { printf("rank %d: half sum %d, expected %d\n", rank, sum, want); errs++; }
    MPI_Comm_free(&half);

    MPI_Group_incl(world, 1, first, &firstonly);
    MPI_Comm_create_group(MPI_COMM_WORLD, firstonly, 7, &lone);
    if ((rank == 0) != (lone != MPI_COMM_NULL)) { printf("rank %d: wrong MPI_COMM_NULL-ness\n", rank); errs++; }
    if (lone != MPI_COMM_NULL) MPI_Comm_free(&lone);

    float f = 0.5f * rank;
    int k = 100 - rank;
    void *all_f = NULL, *all_i = NULL;
    if (rank == 0) { all_f = malloc(sizeof(float) * size); all_i = malloc(sizeof(int) * size); }
    MPI_Gather(&f, 1, MPI_FLOAT, all_f, 1, MPI_FLOAT, 0, MPI_COMM_WORLD);
    MPI_Gather(&k, 1, MPI_INT, all_i, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        ranked *r = malloc(size * sizeof *r);
        for (i = 0; i < size; i++) {
            r[i].from = i;
            memcpy(&r[i].value, (char *)all_f + i * sizeof(float), sizeof(float));
            if (r[i].value.f != 0.5f * i) { printf("float %d is %g\n", i, r[i].value.f); errs++; }
            memcpy(&r[i].value, (char *)all_i + i * sizeof(int), sizeof(int));
            if (r[i].value.i != 100 - i) { printf("int %d is %d\n", i, r[i].value.i); errs++; }
        }
        free(r);
        free(all_f);
        free(all_i);
    }
    MPI_Group_free(&firstonly);
    MPI_Group_free(&mine);
    MPI_Group_free(&world);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
