/* MPI_Init_thread, Query_thread, Is_thread_main, Initialized, Finalized, Get_version.
 * ranks: 1 2 4 7 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, provided, queried, flag, version, subversion, errs = 0, toterrs;

    MPI_Initialized(&flag);
    if (flag) { errs++; printf("Initialized before MPI_Init_thread\n"); }
    MPI_Get_version(&version, &subversion);   /* allowed before initialisation */
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (provided < MPI_THREAD_FUNNELED) { errs++; printf("provided %d < MPI_THREAD_FUNNELED\n", provided); }
    MPI_Query_thread(&queried);
    if (queried != provided) { errs++; printf("Query_thread %d, Init_thread gave %d\n", queried, provided); }
    MPI_Is_thread_main(&flag);
    if (!flag) { errs++; printf("Is_thread_main false on the main thread\n"); }
    MPI_Initialized(&flag);
    if (!flag) { errs++; printf("not Initialized after MPI_Init_thread\n"); }
    MPI_Finalized(&flag);
    if (flag) { errs++; printf("Finalized before MPI_Finalize\n"); }
    if (version != MPI_VERSION || subversion != MPI_SUBVERSION) {
        errs++;
        printf("Get_version %d.%d, mpi.h says %d.%d\n", version, subversion, MPI_VERSION, MPI_SUBVERSION);
    }
    MPI_Allreduce(&errs, &toterrs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("MPI %d.%d\n", version, subversion);
        if (toterrs == 0) printf(" No Errors\n");
        else printf(" Found %d errors\n", toterrs);
    }
    MPI_Finalize();
    MPI_Finalized(&flag);
    if (!flag) printf("rank %d: not Finalized after MPI_Finalize\n", rank);
    return 0;
}
