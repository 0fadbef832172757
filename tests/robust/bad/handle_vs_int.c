/* An MPI handle compared with an integer (fuzz seed 1 input 169: `rank == MPI_SUM`, C# CS0019 once). */
#include <mpi.h>
int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == MPI_SUM) rank++;
    MPI_Finalize();
    return 0;
}
