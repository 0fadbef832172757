/* MPI_Type_get_extent_x and MPI_Type_get_true_extent_x (MPI_Count) give what MPI_Type_get_extent and
 * MPI_Type_get_true_extent give (MPI_Aint): a predefined type, a vector, a resized type with a negative lower bound.
 * ranks: 1 2 */
#include <stdio.h>
#include <mpi.h>

static int check(const char *what, MPI_Datatype t, int rank)
{
    MPI_Aint lb, extent, tlb, textent;
    MPI_Count lbx, extentx, tlbx, textentx;
    MPI_Type_get_extent(t, &lb, &extent);
    MPI_Type_get_true_extent(t, &tlb, &textent);
    MPI_Type_get_extent_x(t, &lbx, &extentx);
    MPI_Type_get_true_extent_x(t, &tlbx, &textentx);
    if (rank == 0)
        printf("%s: lb %lld extent %lld true lb %lld true extent %lld\n", what, lbx, extentx, tlbx, textentx);
    return lbx != lb || extentx != extent || tlbx != tlb || textentx != textent;
}

int main(int argc, char **argv)
{
    int rank, toterrs, errs = 0;
    MPI_Datatype vec, rsz;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(3, 2, 4, MPI_DOUBLE, &vec);
    MPI_Type_create_resized(vec, -16, 200, &rsz);
    errs += check("MPI_INT", MPI_INT, rank);
    errs += check("vector", vec, rank);
    errs += check("resized", rsz, rank);
    MPI_Type_free(&rsz);
    MPI_Type_free(&vec);
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    return 0;
}
