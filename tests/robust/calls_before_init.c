/* MPI calls MPI allows before MPI_Init (MPI_Wtime, MPI_Get_version, MPI_Initialized), a first call to the runtime
 * included: MPI_Wtime as the program's first MPI call was negative (its base was set after the timestamp read). */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv) {
    double t = MPI_Wtime();
    int v = 0, sv = 0, up = -1;
    MPI_Get_version(&v, &sv);
    MPI_Initialized(&up);
    MPI_Init(&argc, &argv);
    int rank, after = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Initialized(&after);
    printf("%d: version %d.%d, initialized %d then %d, time %d %d\n", rank, v, sv, up, after, t >= 0,
           MPI_Wtime() >= t);
    MPI_Finalize();
    return 0;
}
