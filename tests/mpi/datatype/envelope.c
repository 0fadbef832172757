/* Datatype decoding (MPI-3.1 4.1.13): MPI_Type_get_envelope and MPI_Type_get_contents over every constructor
 * (contiguous, vector, hvector, indexed, hindexed, indexed_block, hindexed_block, struct, subarray, resized, dup),
 * walked recursively as I/O layers walk a user's datatype: the walk prints each combiner and its arguments, a
 * predefined datatype comes back as the same handle, a derived one as a new handle the walk frees. The arrays are
 * sized from the envelope, as the standard says (Open MPI 4.1 crashes on larger ones: open-mpi/ompi#14051).
 * ranks: 1 2 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static int errs = 0;

static const char *combiner_name(int c)
{
    switch (c) {
    case MPI_COMBINER_NAMED: return "named";
    case MPI_COMBINER_DUP: return "dup";
    case MPI_COMBINER_CONTIGUOUS: return "contiguous";
    case MPI_COMBINER_VECTOR: return "vector";
    case MPI_COMBINER_HVECTOR: return "hvector";
    case MPI_COMBINER_INDEXED: return "indexed";
    case MPI_COMBINER_HINDEXED: return "hindexed";
    case MPI_COMBINER_INDEXED_BLOCK: return "indexed_block";
    case MPI_COMBINER_HINDEXED_BLOCK: return "hindexed_block";
    case MPI_COMBINER_STRUCT: return "struct";
    case MPI_COMBINER_SUBARRAY: return "subarray";
    case MPI_COMBINER_RESIZED: return "resized";
    default: return "other";
    }
}

static const char *basic_name(MPI_Datatype t)
{
    if (t == MPI_INT) return "MPI_INT";
    if (t == MPI_DOUBLE) return "MPI_DOUBLE";
    if (t == MPI_CHAR) return "MPI_CHAR";
    return "?";
}

static void walk(MPI_Datatype t, int depth, int print)
{
    int ni, na, nd, combiner, i;
    int *ints;
    MPI_Aint *addrs;
    MPI_Datatype *types;

    MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    if (print) printf("%*s%s", 2 * depth, "", combiner_name(combiner));
    if (combiner == MPI_COMBINER_NAMED) {
        if (ni != 0 || na != 0 || nd != 0) { errs++; printf(" (named with %d %d %d)", ni, na, nd); }
        if (print) printf(" %s\n", basic_name(t));
        return;
    }
    ints = malloc((ni + 1) * sizeof(int));
    addrs = malloc((na + 1) * sizeof(MPI_Aint));
    types = malloc((nd + 1) * sizeof(MPI_Datatype));
    MPI_Type_get_contents(t, ni, na, nd, ints, addrs, types);
    if (print) {
        printf(" ints");
        for (i = 0; i < ni; i++) printf(" %d", ints[i]);
        printf(" addrs");
        for (i = 0; i < na; i++) printf(" %ld", (long)addrs[i]);
        printf(" types %d\n", nd);
    }
    for (i = 0; i < nd; i++) {
        int ni2, na2, nd2, c2;
        walk(types[i], depth + 1, print);
        MPI_Type_get_envelope(types[i], &ni2, &na2, &nd2, &c2);
        if (c2 != MPI_COMBINER_NAMED) MPI_Type_free(&types[i]);  /* a derived one is a new handle */
    }
    free(ints);
    free(addrs);
    free(types);
}

int main(int argc, char **argv)
{
    int rank, toterrs, ni, na, nd, combiner, i;
    int blens[3] = {2, 1, 3}, idisps[3] = {0, 4, 9};
    int sizes[2] = {6, 5}, subsizes[2] = {2, 3}, starts[2] = {1, 2};
    MPI_Aint hdisps[3] = {0, 16, 40};
    MPI_Datatype types[3], contig, vec, hvec, idx, hidx, iblk, hblk, strct, sub, rsz, dup, dupint, vecvec;
    MPI_Datatype got[3];
    int ints[8];
    MPI_Aint addrs[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Type_contiguous(4, MPI_INT, &contig);
    MPI_Type_vector(3, 2, 5, MPI_DOUBLE, &vec);
    MPI_Type_create_hvector(2, 3, 48, MPI_INT, &hvec);
    MPI_Type_indexed(3, blens, idisps, MPI_INT, &idx);
    MPI_Type_create_hindexed(3, blens, hdisps, MPI_DOUBLE, &hidx);
    MPI_Type_create_indexed_block(3, 2, idisps, MPI_CHAR, &iblk);
    MPI_Type_create_hindexed_block(3, 1, hdisps, MPI_INT, &hblk);
    types[0] = MPI_INT;
    types[1] = vec;
    types[2] = MPI_CHAR;
    MPI_Type_create_struct(3, blens, hdisps, types, &strct);
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_DOUBLE, &sub);
    MPI_Type_create_resized(contig, -8, 64, &rsz);
    MPI_Type_dup(strct, &dup);
    MPI_Type_dup(MPI_INT, &dupint);
    MPI_Type_vector(2, 1, 3, vec, &vecvec);

    MPI_Type_get_envelope(MPI_DOUBLE, &ni, &na, &nd, &combiner);
    if (combiner != MPI_COMBINER_NAMED || ni || na || nd) { errs++; printf("MPI_DOUBLE: %d %d %d %d\n", ni, na, nd, combiner); }

    /* a predefined argument is the same handle; a derived one a new handle */
    MPI_Type_get_envelope(vecvec, &ni, &na, &nd, &combiner);
    if (combiner != MPI_COMBINER_VECTOR || ni != 3 || na != 0 || nd != 1) { errs++; printf("vecvec: %d %d %d %d\n", ni, na, nd, combiner); }
    MPI_Type_get_contents(vecvec, ni, na, nd, ints, addrs, got);
    if (got[0] == vec) { errs++; printf("a derived argument came back as the same handle\n"); }
    MPI_Type_free(&got[0]);
    MPI_Type_get_contents(vec, 3, 0, 1, ints, addrs, got);
    if (got[0] != MPI_DOUBLE || ints[0] != 3 || ints[1] != 2 || ints[2] != 5) {
        errs++;
        printf("vector contents: %d %d %d same %d\n", ints[0], ints[1], ints[2], got[0] == MPI_DOUBLE);
    }
    MPI_Type_get_envelope(strct, &ni, &na, &nd, &combiner);
    MPI_Type_get_contents(strct, ni, na, nd, ints, addrs, got);
    if (ni != 4 || na != 3 || nd != 3 || got[0] != MPI_INT || got[2] != MPI_CHAR || addrs[2] != 40) {
        errs++;
        printf("struct: %d %d %d\n", ni, na, nd);
    }
    for (i = 0; i < nd; i++)
        if (got[i] != MPI_INT && got[i] != MPI_CHAR) MPI_Type_free(&got[i]);

    /* the walks, printed by rank 0 (the other ranks walk too: each decodes its own handles) */
    walk(contig, 0, rank == 0);
    walk(vec, 0, rank == 0);
    walk(hvec, 0, rank == 0);
    walk(idx, 0, rank == 0);
    walk(hidx, 0, rank == 0);
    walk(iblk, 0, rank == 0);
    walk(hblk, 0, rank == 0);
    walk(strct, 0, rank == 0);
    walk(sub, 0, rank == 0);
    walk(rsz, 0, rank == 0);
    walk(dup, 0, rank == 0);
    walk(dupint, 0, rank == 0);
    walk(vecvec, 0, rank == 0);

    MPI_Type_free(&contig);
    MPI_Type_free(&vec);
    MPI_Type_free(&hvec);
    MPI_Type_free(&idx);
    MPI_Type_free(&hidx);
    MPI_Type_free(&iblk);
    MPI_Type_free(&hblk);
    MPI_Type_free(&strct);
    MPI_Type_free(&sub);
    MPI_Type_free(&rsz);
    MPI_Type_free(&dup);
    MPI_Type_free(&dupint);
    MPI_Type_free(&vecvec);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
