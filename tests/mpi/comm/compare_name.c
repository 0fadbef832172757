/* Comm_compare (IDENT, CONGRUENT, SIMILAR, UNEQUAL), Comm_set_name / Comm_get_name, Comm_split_type
 * (MPI_COMM_TYPE_SHARED: one node here), and traffic on the new communicators.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, result, len, n, sum, toterrs, errs = 0;
    char name[MPI_MAX_OBJECT_NAME];
    MPI_Comm dup, rev, half, shared;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_WORLD, &result);
    if (result != MPI_IDENT) { errs++; printf("world vs world: %d\n", result); }
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &result);
    if (result != MPI_CONGRUENT) { errs++; printf("world vs dup: %d\n", result); }
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
    MPI_Comm_compare(MPI_COMM_WORLD, rev, &result);
    if (result != (size == 1 ? MPI_CONGRUENT : MPI_SIMILAR)) { errs++; printf("world vs reversed: %d\n", result); }
    MPI_Comm_split(MPI_COMM_WORLD, rank < size / 2, rank, &half);
    MPI_Comm_compare(MPI_COMM_WORLD, half, &result);
    if (result != (size == 1 ? MPI_CONGRUENT : MPI_UNEQUAL)) { errs++; printf("world vs half: %d\n", result); }

    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    if (strcmp(name, "MPI_COMM_WORLD") != 0 || len != 14) { errs++; printf("world's name [%s] %d\n", name, len); }
    MPI_Comm_get_name(MPI_COMM_SELF, name, &len);
    if (strcmp(name, "MPI_COMM_SELF") != 0) { errs++; printf("self's name [%s]\n", name); }
    MPI_Comm_get_name(dup, name, &len);
    if (len != 0) { errs++; printf("an unnamed communicator is called [%s]\n", name); }
    MPI_Comm_set_name(dup, "my duplicate");
    MPI_Comm_get_name(dup, name, &len);
    if (strcmp(name, "my duplicate") != 0 || len != 12) { errs++; printf("dup's name [%s] %d\n", name, len); }
    MPI_Comm_set_name(MPI_COMM_WORLD, "everyone");
    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    if (strcmp(name, "everyone") != 0) { errs++; printf("world renamed [%s]\n", name); }
    if (rank == 0) printf("renamed world: %s\n", name);

    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shared);
    MPI_Comm_size(shared, &n);
    if (n != size) { errs++; printf("shared-memory communicator has %d of %d ranks\n", n, size); }
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, shared);
    if (sum != size * (size - 1) / 2) { errs++; printf("sum over shared %d\n", sum); }

    MPI_Comm_free(&shared);
    MPI_Comm_free(&half);
    MPI_Comm_free(&rev);
    MPI_Comm_free(&dup);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
