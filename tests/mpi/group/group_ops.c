/* Groups: Comm_group, Group_size/rank, incl, excl, union, intersection, difference, translate_ranks,
 * compare, free, and Comm_create from a group.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

#define MAXP 16

int main(int argc, char **argv)
{
    int rank, size, i, n, r, result, csize, crank, sum, toterrs, errs = 0;
    int ranks[MAXP], out[MAXP];
    MPI_Group world, evens, odds, rev, all, none, diff;
    MPI_Comm ecomm;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_size(world, &n);
    MPI_Group_rank(world, &r);
    if (n != size || r != rank) { errs++; printf("world group size %d rank %d\n", n, r); }

    n = 0;
    for (i = 0; i < size; i += 2) ranks[n++] = i;
    MPI_Group_incl(world, n, ranks, &evens);
    MPI_Group_excl(world, n, ranks, &odds);
    MPI_Group_size(evens, &n);
    if (n != (size + 1) / 2) { errs++; printf("evens has %d\n", n); }
    MPI_Group_rank(evens, &r);
    if (rank % 2 == 0 ? r != rank / 2 : r != MPI_UNDEFINED) { errs++; printf("rank in evens %d\n", r); }
    MPI_Group_rank(odds, &r);
    if (rank % 2 == 1 ? r != rank / 2 : r != MPI_UNDEFINED) { errs++; printf("rank in odds %d\n", r); }

    for (i = 0; i < size; i++) ranks[i] = size - 1 - i;
    MPI_Group_incl(world, size, ranks, &rev);
    MPI_Group_compare(world, rev, &result);
    if (result != (size == 1 ? MPI_IDENT : MPI_SIMILAR)) { errs++; printf("world vs reversed group %d\n", result); }
    MPI_Group_union(evens, odds, &all);
    MPI_Group_compare(world, all, &result);
    if (result != (size <= 2 ? MPI_IDENT : MPI_SIMILAR)) { errs++; printf("world vs evens+odds %d\n", result); }
    MPI_Group_intersection(evens, odds, &none);
    MPI_Group_size(none, &n);
    if (n != 0) { errs++; printf("evens and odds share %d\n", n); }
    MPI_Group_compare(none, MPI_GROUP_EMPTY, &result);
    if (result != MPI_IDENT) { errs++; printf("empty intersection vs MPI_GROUP_EMPTY %d\n", result); }
    MPI_Group_difference(world, odds, &diff);
    MPI_Group_compare(diff, evens, &result);
    if (result != MPI_IDENT) { errs++; printf("world - odds vs evens %d\n", result); }

    /* World ranks as ranks of the reversed group, and of evens. */
    for (i = 0; i < size; i++) ranks[i] = i;
    MPI_Group_translate_ranks(world, size, ranks, rev, out);
    for (i = 0; i < size; i++)
        if (out[i] != size - 1 - i) { errs++; printf("translate %d -> %d in reversed\n", i, out[i]); }
    MPI_Group_translate_ranks(world, size, ranks, evens, out);
    for (i = 0; i < size; i++)
        if (out[i] != (i % 2 == 0 ? i / 2 : MPI_UNDEFINED)) { errs++; printf("translate %d -> %d in evens\n", i, out[i]); }

    MPI_Comm_create(MPI_COMM_WORLD, evens, &ecomm);
    if (rank % 2 == 1) {
        if (ecomm != MPI_COMM_NULL) { errs++; printf("an odd rank got a communicator\n"); }
    } else {
        MPI_Comm_size(ecomm, &csize);
        MPI_Comm_rank(ecomm, &crank);
        if (csize != (size + 1) / 2 || crank != rank / 2) { errs++; printf("evens comm size %d rank %d\n", csize, crank); }
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, ecomm);
        if (sum != 2 * (csize * (csize - 1) / 2)) { errs++; printf("sum over evens %d\n", sum); }
        MPI_Comm_free(&ecomm);
    }

    MPI_Group_free(&diff);
    MPI_Group_free(&none);
    MPI_Group_free(&all);
    MPI_Group_free(&rev);
    MPI_Group_free(&odds);
    MPI_Group_free(&evens);
    MPI_Group_free(&world);
    if (world != MPI_GROUP_NULL) { errs++; printf("Group_free does not set MPI_GROUP_NULL\n"); }
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
