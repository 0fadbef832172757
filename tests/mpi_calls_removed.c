/* Calls every MPI-1 function MPI-3.0 removed that the rules map (rules/mpi.toml, `removed`), with the argument
 * shapes legacy programs give them, so the translation must compile against CloudMpi and run on one rank.
 * tests/mpi/datatype/mpi1_removed.c checks what they do against Open MPI. */
#define OMPI_OMIT_MPI1_COMPAT_DECLS 0
#include <stdio.h>
#include <mpi.h>

static void on_error(MPI_Comm *comm, int *code, ...)
{
}

int main(int argc, char **argv)
{
    int rank, blens[2] = {1, 1};
    double pair[2];
    MPI_Aint a0, a1, disps[2], ext, lb, ub;
    MPI_Datatype types[2] = {MPI_DOUBLE, MPI_DOUBLE}, st, hv, hi;
    MPI_Errhandler eh, mine;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Address(&pair[0], &a0);
    MPI_Address(pair + 1, &a1);
    disps[0] = 0;
    disps[1] = a1 - a0;
    MPI_Type_struct(2, blens, disps, types, &st);
    MPI_Type_hvector(2, 1, 8, MPI_DOUBLE, &hv);
    MPI_Type_hindexed(2, blens, disps, MPI_DOUBLE, &hi);
    MPI_Type_extent(st, &ext);
    MPI_Type_lb(hv, &lb);
    MPI_Type_ub(hi, &ub);
    MPI_Errhandler_set(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Errhandler_get(MPI_COMM_WORLD, &eh);
    MPI_Errhandler_free(&eh);
    MPI_Errhandler_create(on_error, &mine);
    MPI_Errhandler_free(&mine);
    MPI_Type_free(&st);
    MPI_Type_free(&hv);
    MPI_Type_free(&hi);
    MPI_Finalize();
    printf("ok %d %ld %ld %ld\n", rank, (long)ext, (long)lb, (long)ub);
    return 0;
}
