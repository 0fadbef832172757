/* MPI_VERSION / MPI_SUBVERSION and Open MPI's version macros are macros, as real codes test them with #if:
 * the MPI-3 branch is the one taken natively (Open MPI 4.1), and the port must take it too.
 * ranks: 1 2 */
#include <stdio.h>
#include <mpi.h>

#if MPI_VERSION >= 3
#define BRANCH "MPI-3"
enum sync { LOCK, FLUSH, FLUSH_LOCAL };   /* OSU-style: names only the MPI-3 branch declares */
#else
#define BRANCH "MPI-2"
enum sync { LOCK };
#endif

#if defined(OPEN_MPI) && OMPI_MAJOR_VERSION >= 4
#define IMPLEMENTATION "Open MPI 4 or later"
#else
#define IMPLEMENTATION "another MPI"
#endif

#ifndef MPI_SUBVERSION
#error MPI_SUBVERSION is no macro
#endif

int main(int argc, char **argv)
{
    int rank, version, subversion, errs = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Get_version(&version, &subversion);
    if (version != MPI_VERSION || subversion != MPI_SUBVERSION)
        errs++;
    printf("branch %s, %s, version %d.%d, sync %d\n", BRANCH, IMPLEMENTATION, MPI_VERSION, MPI_SUBVERSION,
#if MPI_VERSION >= 3
           (int)FLUSH_LOCAL
#else
           (int)LOCK
#endif
           );
    if (rank == 0 && errs == 0)
        printf(" No Errors\n");
    MPI_Finalize();
    return 0;
}
