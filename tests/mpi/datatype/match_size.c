/* MPI_Type_match_size (MPI-3.1 17.1.9) and the Fortran types it answers with, as Open MPI 4.1 gives them on x86-64:
 * integers of 1, 2, 4, 8 bytes, reals of 4, 8, 16 (REAL*16 is C's long double to Open MPI), complexes of 8, 16, 32;
 * any other size is MPI_ERR_ARG. MPI_REAL16 and MPI_COMPLEX16 reduce with MPI_SUM as long double and double complex. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int errs;

static void expect(int typeclass, int size, MPI_Datatype want, const char *name)
{
    MPI_Datatype t = MPI_DATATYPE_NULL;
    int err = MPI_Type_match_size(typeclass, size, &t);
    if (want == MPI_DATATYPE_NULL) {
        int cls = MPI_SUCCESS;
        if (err != MPI_SUCCESS) MPI_Error_class(err, &cls);
        if (cls != MPI_ERR_ARG) { errs++; printf("class %d size %d: error class %d, not MPI_ERR_ARG\n", typeclass, size, cls); }
        return;
    }
    if (err != MPI_SUCCESS || t != want) { errs++; printf("class %d size %d: not %s\n", typeclass, size, name); return; }
    int tsize; MPI_Type_size(t, &tsize);
    MPI_Aint lb, extent; MPI_Type_get_extent(t, &lb, &extent);
    if (tsize != size || lb != 0 || extent != size) { errs++; printf("%s: size %d lb %ld extent %ld\n", name, tsize, (long)lb, (long)extent); }
    char got[MPI_MAX_OBJECT_NAME]; int len;
    MPI_Type_get_name(t, got, &len);
    if (strcmp(got, name) != 0 || len != (int)strlen(name)) { errs++; printf("name '%s', not %s\n", got, name); }
    int ni, na, nd, combiner;
    MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    if (combiner != MPI_COMBINER_NAMED) { errs++; printf("%s: combiner %d\n", name, combiner); }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    if (MPI_TYPECLASS_INTEGER != 1 || MPI_TYPECLASS_REAL != 2 || MPI_TYPECLASS_COMPLEX != 3) { errs++; printf("typeclass values\n"); }
    expect(MPI_TYPECLASS_INTEGER, 1, MPI_INTEGER1, "MPI_INTEGER1");
    expect(MPI_TYPECLASS_INTEGER, 2, MPI_INTEGER2, "MPI_INTEGER2");
    expect(MPI_TYPECLASS_INTEGER, 4, MPI_INTEGER, "MPI_INTEGER");
    expect(MPI_TYPECLASS_INTEGER, 8, MPI_INTEGER8, "MPI_INTEGER8");
    expect(MPI_TYPECLASS_INTEGER, 16, MPI_DATATYPE_NULL, "");
    expect(MPI_TYPECLASS_REAL, 2, MPI_DATATYPE_NULL, "");
    expect(MPI_TYPECLASS_REAL, 4, MPI_REAL, "MPI_REAL");
    expect(MPI_TYPECLASS_REAL, 8, MPI_REAL8, "MPI_REAL8");
    expect(MPI_TYPECLASS_REAL, 16, MPI_REAL16, "MPI_REAL16");
    expect(MPI_TYPECLASS_REAL, 32, MPI_DATATYPE_NULL, "");
    expect(MPI_TYPECLASS_COMPLEX, 4, MPI_DATATYPE_NULL, "");
    expect(MPI_TYPECLASS_COMPLEX, 8, MPI_COMPLEX, "MPI_COMPLEX");
    expect(MPI_TYPECLASS_COMPLEX, 16, MPI_COMPLEX16, "MPI_COMPLEX16");
    expect(MPI_TYPECLASS_COMPLEX, 32, MPI_COMPLEX32, "MPI_COMPLEX32");
    expect(7, 4, MPI_DATATYPE_NULL, "");

    /* the type it gives for a C type's size works as that type's buffer */
    MPI_Datatype real_of_double;
    MPI_Type_match_size(MPI_TYPECLASS_REAL, sizeof(double), &real_of_double);
    double mine = rank + 0.5, sum = 0;
    MPI_Allreduce(&mine, &sum, 1, real_of_double, MPI_SUM, MPI_COMM_WORLD);
    if (sum != size * (size - 1) / 2.0 + 0.5 * size) { errs++; printf("sum of doubles as the matched type: %g\n", sum); }

    /* REAL*16 as C's long double: 1 + 2^-60 per rank keeps the 2^-60s a double would lose */
    long double tail = 1.0L / (1ULL << 60), one = 1.0L + tail, total = 0;
    MPI_Allreduce(&one, &total, 1, MPI_REAL16, MPI_SUM, MPI_COMM_WORLD);
    if (total != size * (1.0L + tail)) { errs++; printf("REAL16 sum %.25Lg\n", total); }

    /* COMPLEX*16 as two doubles */
    double z[2] = {1.0, (double)rank}, zsum[2] = {0, 0};
    MPI_Allreduce(z, zsum, 1, MPI_COMPLEX16, MPI_SUM, MPI_COMM_WORLD);
    if (zsum[0] != size || zsum[1] != size * (size - 1) / 2) { errs++; printf("COMPLEX16 sum %g %g\n", zsum[0], zsum[1]); }

    /* COMPLEX*32 moves as 32 bytes: two long doubles */
    long double w[2] = {rank + 0.25L, -rank - 0.75L};
    MPI_Bcast(w, 1, MPI_COMPLEX32, size - 1, MPI_COMM_WORLD);
    if (w[0] != size - 1 + 0.25L || w[1] != -(size - 1) - 0.75L) { errs++; printf("COMPLEX32 bcast %Lg %Lg\n", w[0], w[1]); }

    int all;
    MPI_Reduce(&errs, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        if (all == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", all);
    }
    MPI_Finalize();
    return 0;
}
